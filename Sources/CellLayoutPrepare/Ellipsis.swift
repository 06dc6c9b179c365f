extension PreparedText {
    /// "…" in attribute run `run` (the text's font for a plain text), in layout units: its
    /// advance and the run's kerning.
    package func ellipsis(run: Int) -> Ellipsis { runStyles.isEmpty ? ellipsis : runStyles[run].ellipsis }

    /// The width of "…" in attribute run `run`, in layout units.
    package func ellipsisWidth(run: Int) -> Int64 {
        runStyles.isEmpty ? ellipsis.shaped.width : runStyles[run].ellipsis.shaped.width + Int64(runStyles[run].kern)
    }
}

/// "…" in a font (or its fallback), shaped by HarfBuzz: what truncation puts in.
package struct Ellipsis: Sendable {
    package let piece: ShapedPiece
    package let shaped: ShapedText
}
