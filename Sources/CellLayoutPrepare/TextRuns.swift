import CellLayoutCore
import CellLayoutFontLibrary

/// The attribute runs of an attributed text as the paragraph builder reads them: where
/// each run starts and the font, plain shaping tables and kerning it brings.
package struct RunTable {
    /// Each run's first UTF-16 offset in the whole text, ascending (the first is 0).
    package let starts: [Int]
    /// Each run's font.
    package let fonts: [Font]
    /// Each run's plain shaping tables (nil: every piece of it is shaped).
    let plains: [PlainShaping?]
    /// Each run's `kern` in layout units, added to each of its clusters' advances.
    package let kerns: [Int32]

    /// The run that holds UTF-16 offset `unit`, searching forward from run `from`.
    @inline(__always)
    package func run(at unit: Int, from: Int) -> Int {
        var run = from
        while run + 1 < starts.count, starts[run + 1] <= unit { run += 1 }
        return run
    }
}

/// What a prepared attributed text keeps of each run for fitting and drawing.
package struct RunStyle: Sendable {
    /// The run's font.
    package let font: Font
    /// The run's line metrics, moved by its baseline offset (a raised run needs more
    /// ascent and less descent).
    package let metrics: LineMetrics
    /// Points the run is raised.
    package let baselineOffset: Double
    /// `kern` in layout units (added after each cluster).
    package let kern: Int32
    /// The run's colour, if it has one.
    package let color: TextColor?
    /// "…" in the run's font, for truncation next to this run.
    package let ellipsis: Ellipsis
}
