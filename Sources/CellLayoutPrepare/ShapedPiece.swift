import CHarfBuzz
import CellLayoutFontLibrary

/// A shaped piece placed in a text: which glyphs, in which font, where, at which bidi level.
/// (`@usableFromInline`: `PreparedParagraph.pieces` is.)
/// `@unchecked Sendable`: `glyphs` is an `Unmanaged` reference (not Sendable) to glyphs
/// written only while they are made and read only after (`ShapedText`).
@usableFromInline
package struct ShapedPiece: @unchecked Sendable {
    /// The glyphs HarfBuzz made of the piece, unretained: the paragraph that holds the
    /// piece holds them (`PreparedParagraph.glyphs`: the memo's front that keeps them, or
    /// the glyphs themselves), and a retain per piece of a common word's glyphs was a write
    /// both cores made to one line. Nil for a plain run, whose glyphs are the paragraph's
    /// `plainGlyphs` and whose advances are its clusters' advances.
    package let glyphs: Unmanaged<ShapedText.Storage>?
    /// The font of its glyphs, unretained: the paragraph that holds the piece holds its
    /// font (`PreparedParagraph.fonts`), and a retain and release per piece of a font every
    /// thread shares is what two cores contended on. A piece kept apart from its paragraph
    /// is kept with its font (`Ellipsis`).
    package unowned(unsafe) let font: Font
    package let script: hb_script_t
    /// The UTF-16 offset in the whole text that the glyphs' clusters count from.
    package let utf16Start: Int
    /// The UTF-16 offset in the whole text where the piece ends (a piece measured from
    /// tables grows as its neighbours join it).
    package var utf16End: Int
    /// The bidi embedding level (odd is right-to-left).
    package let level: UInt8
    /// Kerning between this piece's last cluster and the next piece's first, in layout
    /// units, applied when both are on one line.
    package var kernAfter: Int32 = 0
    /// The attribute run the piece belongs to (`PreparedText.runStyles`; 0 in a plain text).
    package var run: Int = 0

    /// The piece's glyphs, held (nil for a plain run): for drawing and "…", which may
    /// outlive the paragraph.
    package var shaped: ShapedText? { glyphs.map { ShapedText(storage: $0.takeUnretainedValue()) } }

    /// A piece: `glyphs` (unretained: held by the caller's paragraph), in `font` (unretained:
    /// held by the paragraph's `PieceFonts`).
    package init(glyphs: Unmanaged<ShapedText.Storage>?, font: Font, script: hb_script_t, utf16Start: Int,
                 utf16End: Int, level: UInt8, run: Int) {
        self.glyphs = glyphs
        self.font = font
        self.script = script
        self.utf16Start = utf16Start
        self.utf16End = utf16End
        self.level = level
        self.run = run
    }

    /// The piece, in attribute run `run`.
    package func inRun(_ run: Int) -> ShapedPiece {
        var piece = self
        piece.run = run
        return piece
    }
}
