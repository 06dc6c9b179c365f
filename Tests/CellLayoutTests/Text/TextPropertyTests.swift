import CHarfBuzz
@testable import CellLayout
import Dispatch
import Foundation
import Testing

/// Properties that must hold for any text: checked over corpus rows (Latin and
/// international) at seeded random widths, so a failure names its row and width.
@Suite struct TextPropertyTests {
    /// Every 6th row of the committed Pango slices (Latin and international corpus rows,
    /// 838 texts), so the properties run on the same texts in every clone.
    static let texts: [String] = stride(from: 0, to: TestFonts.sliceTexts.count, by: 6).map { TestFonts.sliceTexts[$0] }

    /// A small seeded generator (SplitMix64), so failures replay.
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func lineCountNeverGrowsWhenTheWidthGrows() {
        var random = SeededRandom(state: 1)
        for (i, text) in Self.texts.enumerated() {
            let prepared = TestFonts.engine.prepare(text, font: TestFonts.inter17)
            let widths = (0..<6).map { _ in Double.random(in: 20...700, using: &random) }.sorted()
            let counts = widths.map { prepared.fit(width: $0).lineCount }
            #expect(counts == counts.sorted(by: >), "text \(i) at widths \(widths)")
        }
    }

    @Test func fittingAgainAtANewWidthIsTheSameAsFittingOnce() {
        var random = SeededRandom(state: 2)
        for (i, text) in Self.texts.enumerated() {
            let v = Double.random(in: 20...700, using: &random), w = Double.random(in: 20...700, using: &random)
            let prepared = TestFonts.engine.prepare(text, font: TestFonts.inter17)
            _ = prepared.fit(width: v)
            let rotated = prepared.fit(width: w)
            let fresh = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: w)
            #expect(rotated.lines == fresh.lines, "text \(i): \(v) then \(w)")
        }
    }

    @Test func linesStayWithinTheWidthUnlessOneClusterIsWider() {
        var random = SeededRandom(state: 3)
        for (i, text) in Self.texts.enumerated() {
            let width = Double.random(in: 20...700, using: &random)
            let layout = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: width)
            for (n, line) in layout.lines.enumerated() where line.width > width {
                let clusters = Set(layout.glyphRuns(ofLine: n).flatMap(\.utf16Offsets))
                #expect(clusters.count == 1, "text \(i) line \(n) at width \(width)")
            }
        }
    }

    @Test func sizeGivesTheFiguresOfFit() {
        var random = SeededRandom(state: 4)
        let modes = LineBreakMode.allCases
        for (i, text) in Self.texts.enumerated() {
            let prepared = TestFonts.engine.prepare(text, font: TestFonts.inter17)
            let width = Double.random(in: 20...700, using: &random)
            let options = FitOptions(maxLines: Int.random(in: 0...3, using: &random),
                                     lineBreakMode: modes.randomElement(using: &random)!)
            #expect(prepared.size(width: width, options: options) == prepared.fit(width: width, options: options).size,
                    "text \(i) at \(width) \(options)")
        }
    }

    @Test func sizesOfManyTextsAreEachTextsSize() {
        let prepared = Self.texts.map { TestFonts.engine.prepare($0, font: TestFonts.inter17) }
        for width in [0.0, 57, 200, 343, 600, .infinity] {
            #expect(PreparedText.sizes(of: prepared, width: width) == prepared.map { $0.size(width: width) }, "\(width)")
        }
        #expect(PreparedText.sizes(of: [], width: 100).isEmpty)
    }

    /// Counted where HarfBuzz is called (`Shaper.shape`, per face), so no memo, kerning
    /// table or direct call escapes the count; a library of its own keeps other tests'
    /// shaping out of it.
    @Test func fittingNeverShapes() throws {
        let library = try FontLibrary(useSystemFonts: false)
        let engine = TextEngine(fonts: library)
        func shapings() -> Int { library.faces.reduce(0) { $0 + $1.shapings.load(ordering: .relaxed) } }
        let font = try library.font(family: "Inter", size: 17)
        let prepared = Self.texts.map { engine.prepare($0, font: font) }
        let before = shapings()
        #expect(before > 0)   // preparing shaped (the counter counts)
        for text in prepared {
            for width in stride(from: 50.0, through: 650, by: 100) { _ = text.fit(width: width) }
        }
        #expect(shapings() == before)
        // A direct call is counted too.
        _ = Array("(x)".utf16).withUnsafeBufferPointer { Shaper.shape($0, font: font, script: HB_SCRIPT_LATIN, isRightToLeft: false) }
        #expect(shapings() == before + 1)
    }

    @Test func repeatedWordsAreShapedOnce() {
        let engine = TextEngine(fonts: TestFonts.library)
        // Parentheses are not plain in Inter (its case forms start at them), so these
        // words go through HarfBuzz: pieces "(one) ", "(two) ", … "(two)" → 3 distinct
        // shapings ("(two)" without its space is a different piece), and "…" once.
        _ = engine.prepare("(one) (two) (one) (two) (one) (two)", font: TestFonts.inter17)
        #expect(engine.shapeStatistics.misses == 4)
        // "(one) " found twice, "(two) " once: the second from the memo, the third from
        // its front.
        #expect(engine.shapeStatistics.hits == 3)
        // Plain words are measured from the font's tables: nothing more is shaped.
        _ = engine.prepare("one two one two three", font: TestFonts.inter17)
        #expect(engine.shapeStatistics.misses == 4)
    }

    @Test func manyThreadsGiveTheSameResultsAsOne() {
        let texts = Array(Self.texts.prefix(200))
        let expected = texts.map { TestFonts.engine.prepare($0, font: TestFonts.inter17).fit(width: 300).lines }
        let engine = TextEngine(fonts: TestFonts.library, shapeMemoEntries: 64)  // a small memo, to churn it
        let results = texts.concurrentMap(chunk: 1) { engine.prepare($0, font: TestFonts.inter17).fit(width: 300).lines }
        #expect(results == expected)
    }

    @Test func hugeTextsFinish() {
        // One megabyte without a break opportunity, and one of words: both are linear.
        let token = String(repeating: "x", count: 1 << 20)
        let layout = TestFonts.engine.prepare(token, font: TestFonts.inter17).fit(width: 343)
        #expect(layout.lineCount > 1000)
        let words = String(repeating: "word ", count: 200_000)
        #expect(TestFonts.engine.prepare(words, font: TestFonts.inter17).fit(width: 343).lineCount > 1000)
    }
}
