import CellLayoutFontLibrary

/// A text font with its "…" and plain shaping tables, held for one thread lane of an
/// engine: what a prepared text and its paragraphs hold of their font. Texts prepared on
/// two threads in one font then retain two objects, each written by its own thread, rather
/// than the font and its tables, which both threads share (each such retain or release was
/// a cache line moved between the cores, several times per text).
///
/// Immutable: Sendable.
package final class TextFontHold: Sendable {
    /// The font held.
    package let font: Font
    /// `font.id`, kept beside it: a lane finds its hold for a font without reading the font.
    let fontID: Int
    /// "…" shaped in `font` (held here with the glyphs and font it refers to).
    package let ellipsis: Ellipsis
    /// `font`'s plain shaping tables, or nil when its texts are shaped by HarfBuzz.
    let plain: PlainShaping?
    /// The styles other than the default its texts were prepared in, shared by them
    /// (`PreparedText.paragraphStyle`).
    let styles = ParagraphStyleBoxes()

    init(font: Font, ellipsis: Ellipsis, plain: PlainShaping?) {
        self.font = font
        fontID = font.id
        self.ellipsis = ellipsis
        self.plain = plain
    }
}
