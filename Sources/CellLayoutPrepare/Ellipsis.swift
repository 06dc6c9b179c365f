import CellLayoutFontLibrary

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
    /// The piece's font, held: the piece refers to it unretained, and the paragraph it was
    /// made in (which held it) is gone.
    private let font: Font

    /// The first piece of `paragraph`, shaped (a paragraph shaped without plain tables).
    package init(firstPieceOf paragraph: PreparedParagraph) {
        piece = paragraph.pieces[0]
        shaped = piece.shaped!
        font = piece.font
    }
}
