/// A line of a `TextLayout`: its clusters and its place down the text, kept together so
/// that a fit makes one array for its lines, not two.
package struct FittedLine: Sendable {
    /// The line's clusters.
    package let span: LineSpan
    /// The line's place down the text.
    package let box: LineBox
}
