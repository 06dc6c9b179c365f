@testable import CellLayout
import Foundation
import Testing

/// Long texts and many font sizes: what the work and the memory are bounded by (the
/// timings and peaks themselves are benchmark rows, `Benchmarks/run --long`).
@Suite struct BoundedCostTests {
    /// A paragraph of 10,000 "word " has a break opportunity after every space (UAX #14
    /// LB18), far more than the 4,096 ICU hands over at a time: at a width that holds
    /// one word, each line starts 5 code units after the last.
    @Test func breaksOfALongParagraphComeInBlocksWithoutALoss() {
        let words = 10_000
        let text = String(repeating: "word ", count: words)
        let layout = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: 60)
        #expect(layout.lineCount == words)
        #expect(layout.breakOffsets == Array(stride(from: 5, to: 5 * words, by: 5)))
    }

    /// Many paragraphs: one line each, each starting after the previous one's LF.
    @Test func manyParagraphsEachStartWhereTheLastEnded() {
        let count = 2_000
        let text = Array(repeating: "Hello world", count: count).joined(separator: "\n")
        let layout = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: 300)
        #expect(layout.lineCount == count)
        #expect(layout.breakOffsets == Array(stride(from: 12, to: 12 * count, by: 12)))
    }

    /// A string with an escape per paragraph decodes to the same text as without them.
    @Test func escapedStringsDecodeExactly() throws {
        let json = "\"" + Array(repeating: "a\\u00e9\\ud83d\\ude00\\n", count: 20_000).joined() + "\""
        let value = try JSONParser.parse(json)
        #expect(value == .string(String(repeating: "aé😀\n", count: 20_000)))
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22]) }
    }

    /// The library keeps a bounded number of fonts however many sizes are asked for.
    @Test func fontsKeptAreBounded() throws {
        let library = try FontLibrary(useSystemFonts: false, fontsKept: 64)
        for i in 0..<1000 {
            _ = try library.font(family: "Inter", size: 8 + Double(i) / 64)
        }
        #expect(library.keptFontCount <= 64)
        #expect(library.keptFontCount > 0)
    }

    /// A prepared text keeps the fonts it draws with, fallbacks included, after the
    /// library has dropped them: its glyph runs still name a live font of the right face
    /// and size (Hebrew falls back from Inter to DejaVu Sans).
    @Test func preparedTextsOutliveTheLibrarysFonts() throws {
        let library = try FontLibrary(useSystemFonts: false, fontsKept: 2)
        let engine = TextEngine(fonts: library)
        let font = try library.font(family: "Inter", size: 13.25)
        let prepared = engine.prepare("Shalom שלום", font: font)
        for i in 0..<200 {
            let other = try library.font(family: "Inter", size: 20 + Double(i) / 64)
            _ = engine.prepare("ש", font: other)
        }
        let runs = prepared.fit(width: 500).glyphRuns(ofLine: 0)
        #expect(Set(runs.map(\.font.face.family)) == ["Inter", "DejaVu Sans"])
        #expect(runs.allSatisfy { $0.font.size == 13.25 })
    }
}
