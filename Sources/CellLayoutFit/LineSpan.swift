/// One fitted line, in the prepared text's cluster indices.
///
/// A truncated line keeps clusters `start ..< prefixEnd` and `suffixStart ..< end` with
/// "…" between them (tail truncation keeps no suffix, head truncation no prefix).
package struct LineSpan: Sendable, Equatable {
    /// The paragraph the line belongs to.
    package var paragraph: Int32
    /// The line's first cluster.
    package var start: Int32
    /// The cluster after the line's last (hanging white space included).
    package var end: Int32
    /// The line's width without hanging white space, "…" included, in layout units.
    package var width: Int64
    /// Truncated lines only: where the kept start ends.
    var prefixEnd: Int32
    /// Truncated lines only: where the kept end starts.
    var suffixStart: Int32
    /// Whether the line is truncated with "…".
    var hasEllipsis: Bool
    /// The attribute run whose attributes "…" takes (`PreparedText.runStyles`).
    var ellipsisRun: Int32 = 0

    package init(paragraph: Int32, start: Int32, end: Int32, width: Int64) {
        self.paragraph = paragraph
        self.start = start
        self.end = end
        self.width = width
        self.prefixEnd = end
        self.suffixStart = end
        self.hasEllipsis = false
    }
}
