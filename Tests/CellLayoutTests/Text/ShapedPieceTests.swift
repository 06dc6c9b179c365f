import CHarfBuzz
@testable import CellLayout
@testable import CellLayoutPrepare
import Testing

/// `ShapedPiece`'s narrow fields (offsets and run in 32 bits each): what a paragraph's
/// pieces read back, against values derived from the string.
@Suite struct ShapedPieceTests {
    /// A paragraph of many pieces. The text, by UTF-16 offset: "ab" 0–1, "שלום" 2–5, a tab
    /// 6, "cd " 7–9, U+1F600 10–11 (a surrogate pair), "x" 12 in Inter 17 (attribute run
    /// 0), then "ef" 13–14 and "א" 15 in Inter 20 (run 1). Pieces end where the font, the
    /// bidi level or the attribute run changes and at break opportunities: "ab" | Hebrew
    /// (Inter has none: DejaVu Sans; strong R in a left-to-right paragraph: level 1) | the
    /// tab (bidi class S, reset to the paragraph's level 0 by rule L1; UAX 14 class BA, a
    /// break after it) | "cd " (a break after the space) | the emoji (Noto Color Emoji) |
    /// "x" (Inter again, to the end of run 0) | "ef" (run 1) | "א" (DejaVu Sans at run 1's
    /// 20 pt, level 1). No boundary joins two pieces of one font and level, so none kerns.
    @Test func piecesOfScriptsEmojiTabsAndRuns() throws {
        let inter20 = try TestFonts.library.font(family: "Inter", size: 20)
        let text = AttributedText([
            TextRun("ab\u{05E9}\u{05DC}\u{05D5}\u{05DD}\tcd \u{1F600}x", font: TestFonts.inter17),
            TextRun("ef\u{05D0}", font: inter20),
        ])
        let pieces = TestFonts.engine.prepare(text, font: TestFonts.inter17).paragraphs[0].pieces
        let expected: [(units: Range<Int>, level: UInt8, run: Int, family: String, size: Double)] = [
            (0..<2, 0, 0, "Inter", 17), (2..<6, 1, 0, "DejaVu Sans", 17), (6..<7, 0, 0, "Inter", 17),
            (7..<10, 0, 0, "Inter", 17), (10..<12, 0, 0, "Noto Color Emoji", 17), (12..<13, 0, 0, "Inter", 17),
            (13..<15, 0, 1, "Inter", 20), (15..<16, 1, 1, "DejaVu Sans", 20),
        ]
        #expect(pieces.count == expected.count)
        for (piece, want) in zip(pieces, expected) {
            #expect(piece.utf16Start..<piece.utf16End == want.units)
            #expect(piece.level == want.level && piece.run == want.run && piece.kernAfter == 0)
            #expect(piece.font.face.family == want.family && piece.font.size == want.size)
        }
    }

    /// A negative kerning kept across an attribute run's boundary in one font: "A" and "V"
    /// in Inter 17, two runs (colours), kerned as HarfBuzz shapes "AV": `hb-shape
    /// --font-file=Inter-Regular.otf --font-size=17408` gives "AV" advances 10583 + 11770
    /// and "A" alone 11770, so the pair kerns 10583 − 11770 = −1187 units, on the first
    /// piece (0–1, run 0) before the second (1–2, run 1).
    @Test func kerningAfterAcrossRuns() {
        let text = AttributedText([
            TextRun("A", font: TestFonts.inter17),
            TextRun("V", font: TestFonts.inter17, color: TextColor(red: 255, green: 0, blue: 0, alpha: 255)),
        ])
        let pieces = TestFonts.engine.prepare(text, font: TestFonts.inter17).paragraphs[0].pieces
        #expect(pieces.map { $0.utf16Start..<$0.utf16End } == [0..<1, 1..<2])
        #expect(pieces.map(\.run) == [0, 1])
        #expect(pieces.map(\.kernAfter) == [-1187, 0])
    }

    /// The fields at their limits: offsets up to `PreparedText.maxUTF16Count`, a run of the
    /// text's length, the widest level and kerning, each read back unchanged and untouched
    /// by the others, an end moved and a run changed; and the piece is 40 bytes.
    @Test func fieldsAtTheirLimits() {
        let max = PreparedText.maxUTF16Count
        var piece = ShapedPiece(glyphs: nil, font: TestFonts.inter17, script: HB_SCRIPT_HEBREW, utf16Start: max - 1,
                                utf16End: max, level: 255, run: max - 1)
        piece.kernAfter = .min
        #expect(piece.utf16Start == max - 1 && piece.utf16End == max && piece.level == 255 && piece.run == max - 1)
        piece.utf16End = max - 1
        #expect(piece.utf16Start == max - 1 && piece.utf16End == max - 1 && piece.level == 255)
        let moved = ShapedPiece(glyphs: nil, font: TestFonts.inter17, script: HB_SCRIPT_LATIN, utf16Start: 0,
                                utf16End: 0, level: 0, run: 0).inRun(7)
        #expect(moved.utf16Start == 0 && moved.utf16End == 0 && moved.level == 0 && moved.run == 7)
        #expect(piece.kernAfter == .min && moved.kernAfter == 0)
        #expect(piece.script == HB_SCRIPT_HEBREW && moved.script == HB_SCRIPT_LATIN)
        #expect(MemoryLayout<ShapedPiece>.stride == 40)
    }
}
