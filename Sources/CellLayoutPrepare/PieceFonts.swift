import CellLayoutFontLibrary

/// The fonts a paragraph's pieces are in, held for them: a piece refers to its font
/// unretained (`ShapedPiece.font`), so the paragraph holds each font once rather than each
/// piece once per font — the text's font, the attribute runs' fonts and the fallback fonts
/// its clusters picked, every font a piece can be in (`ParagraphBuilder.fontRuns`).
@usableFromInline
package struct PieceFonts: Sendable {
    /// The text's font, or what holds it (`TextFontHold`: one object per thread lane, which
    /// two threads do not both retain as they would the font); nil in a paragraph with no
    /// pieces.
    let text: (any AnyObject & Sendable)?
    /// The attribute runs' fonts (`RunTable.fonts`; empty in a plain text).
    let runs: [Font]
    /// The fallback fonts the paragraph's clusters picked.
    let fallbacks: [Font]

    /// The fonts of a paragraph with no pieces.
    static var none: PieceFonts { PieceFonts(text: nil, runs: [], fallbacks: []) }
}
