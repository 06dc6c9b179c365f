import CellLayout
import Testing

/// Widths against `hb-shape`, HarfBuzz's own tool, run on the same font files
/// (Tests/Oracles/hb_widths.py): `width1024` sums advances shaped at a scale of
/// size × 1024, the grid the engine measures on; `width` is the exact sum in font units
/// × size / upem, which differs by the per-glyph rounding only (< 0.01 pt here).
@Suite struct ShapingWidthTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String, size: Double, text: String, width: Double, width1024: Double, trimmed1024: Double
        var testDescription: String { "\(file) \(size) \(text.debugDescription)" }
    }

    static let cases: [Case] = try! TestFonts.jsonLines(TestFonts.fixture("hb-shape-widths.jsonl")).map {
        Case(file: $0["file"]!.string!, size: $0["size"]!.number!, text: $0["text"]!.string!,
             width: $0["width"]!.number!, width1024: $0["width1024"]!.number!,
             trimmed1024: $0["widthTrimmed1024"]!.number!)
    }

    @Test(arguments: cases)
    func unwrappedWidthIsTheSumOfAdvances(_ c: Case) throws {
        let face = try #require(TestFonts.library.faces.first { $0.path.hasSuffix("/" + c.file) })
        let font = try TestFonts.library.font(face: face, size: c.size)
        let layout = TestFonts.engine.prepare(c.text, font: font).fit(width: .infinity)
        #expect(layout.lineCount == 1)
        // White space hanging at the end does not count (`trimmed1024` is `text` without it).
        #expect(abs(layout.usedWidth - c.trimmed1024) < 0.0005)
        if c.trimmed1024 == c.width1024 { #expect(abs(layout.usedWidth - c.width) < 0.01) }
    }

    @Test func lineHeightComesFromTheFontMetrics() {
        // Inter 4.0 beta7, read from the font's tables with a few lines of Python (struct):
        // upem 2816; OS/2 fsSelection has USE_TYPO_METRICS; typo ascender 2728, descender
        // -680, line gap 0 (hhea has the same); 17 × (2728 + 680) / 2816 = 20.5739 pt.
        let font = TestFonts.inter17
        #expect(abs(font.lineHeight - 17.0 * 3408 / 2816) < 1e-9)
        let layout = TestFonts.engine.prepare("a\nb\nc", font: font).fit(width: 343)
        #expect(layout.lineCount == 3)
        #expect(layout.height() == 62)            // ceil(3 × 20.5739) = ceil(61.72)
        #expect(layout.height(scale: 2) == 62)    // ceil(123.44) / 2
        #expect(layout.height(scale: 3) == 62)    // ceil(185.17) / 3
        let one = TestFonts.engine.prepare("a", font: font).fit(width: 343)
        #expect(one.height(scale: 2) == 21)       // ceil(41.15) / 2 = 21
        #expect(one.height(scale: 3) == 62.0 / 3) // ceil(61.72) / 3 = 20.667
    }
}
