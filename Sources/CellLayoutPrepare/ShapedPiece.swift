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
    /// `utf16Start`, `utf16End` and `run` in 32 bits each: a text is at most
    /// `PreparedText.maxUTF16Count` (2^26) code units, and has fewer attribute runs. So a
    /// piece is 40 bytes, not 56: a paragraph keeps its pieces for its text's life, ~220 k
    /// of them per 10 k rows of international text. (Packed tighter, into 32 bytes, the
    /// shifts and masks in the routes' appends, inlined in the per-cluster loop of
    /// `pieces(of:)`, left the routes' per-cluster admission out of line there: +2.5 % of
    /// the instructions of a cold prepare.)
    private let start: UInt32
    private var end: UInt32
    /// The bidi embedding level (odd is right-to-left).
    package let level: UInt8
    /// Kerning between this piece's last cluster and the next piece's first, in layout
    /// units, applied when both are on one line.
    package var kernAfter: Int32 = 0
    private var runIndex: UInt32

    /// The UTF-16 offset in the whole text that the glyphs' clusters count from.
    @inline(__always)
    package var utf16Start: Int { Int(start) }
    /// The UTF-16 offset in the whole text where the piece ends (a piece measured from
    /// tables grows as its neighbours join it).
    @inline(__always)
    package var utf16End: Int {
        get { Int(end) }
        set { end = UInt32(truncatingIfNeeded: newValue) }
    }
    /// The attribute run the piece belongs to (`PreparedText.runStyles`; 0 in a plain text).
    @inline(__always)
    package var run: Int { Int(runIndex) }

    /// The piece's glyphs, held (nil for a plain run): for drawing and "…", which may
    /// outlive the paragraph.
    package var shaped: ShapedText? { glyphs.map { ShapedText(storage: $0.takeUnretainedValue()) } }

    /// A piece: `glyphs` (unretained: held by the caller's paragraph), in `font` (unretained:
    /// held by the paragraph's `PieceFonts`), from UTF-16 offset `utf16Start` to `utf16End`
    /// of a text (so each within 32 bits), in attribute run `run` of the text.
    package init(glyphs: Unmanaged<ShapedText.Storage>?, font: Font, script: hb_script_t, utf16Start: Int,
                 utf16End: Int, level: UInt8, run: Int) {
        self.glyphs = glyphs
        self.font = font
        self.script = script
        start = UInt32(truncatingIfNeeded: utf16Start)
        end = UInt32(truncatingIfNeeded: utf16End)
        self.level = level
        runIndex = UInt32(truncatingIfNeeded: run)
    }

    /// The piece, in attribute run `run`.
    package func inRun(_ run: Int) -> ShapedPiece {
        var piece = self
        piece.runIndex = UInt32(truncatingIfNeeded: run)
        return piece
    }
}
