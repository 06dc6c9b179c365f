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

    /// Segments wider than 32 bits of layout units (2,097,152 pt) are kept at full size
    /// in the packed segments, and every filling reads them exactly: the quick size, the
    /// general filling that keeps lines, and breaking such a segment between clusters.
    /// Hand derivation (fontTools on fonts/Inter/Inter-Regular.otf): 2,816 units per em,
    /// "m" advances 2,448, " " 792, no m-m kerning (hb-shape "mmmm": 2448 each). At
    /// 10,000 pt an "m" is 8,693.182 pt, a space 2,812.5 pt; 400 "m" are 3,477,272.7 pt,
    /// 900 spaces 2,531,250 pt (2.6e9 layout units): both past Int32.
    @Test func segmentsWiderThan32BitsFitExactly() throws {
        let huge = try TestFonts.engine.fonts.font(family: "Inter", size: 10_000)
        let m = 10_000 * 2448 / 2816.0
        let wide = String(repeating: "m", count: 400)
        // One wide word, then a paragraph after it (the reader must stay in step).
        let prepared = TestFonts.engine.prepare(wide + "\nmm m", font: huge)
        let roomy = prepared.fit(width: 4_000_000)
        #expect(roomy.lineCount == 2)
        #expect(roomy.breakOffsets == [401])
        #expect(abs(roomy.usedWidth - 400 * m) < 1)
        #expect(prepared.size(width: 4_000_000) == roomy.size)
        // 1,000,000 pt holds 115 "m" (115 × 8,693.18 = 999,716; 116 would be 1,008,409).
        let narrow = prepared.fit(width: 1_000_000)
        #expect(narrow.lineCount == 5)
        #expect(narrow.breakOffsets == [115, 230, 345, 401])
        #expect(abs(narrow.usedWidth - 115 * m) < 1)
        #expect(prepared.size(width: 1_000_000) == narrow.size)
        // Trailing white space past Int32: it counts only when the next word shares the line.
        let spaced = TestFonts.engine.prepare("m" + String(repeating: " ", count: 900) + "m", font: huge)
        let space = 10_000 * 792 / 2816.0
        #expect(spaced.fit(width: 4_000_000).lineCount == 1)
        #expect(abs(spaced.fit(width: 4_000_000).usedWidth - (2 * m + 900 * space)) < 1)
        #expect(spaced.fit(width: 2_000_000).lineCount == 2)
        #expect(spaced.fit(width: 2_000_000).breakOffsets == [901])
        #expect(abs(spaced.fit(width: 2_000_000).usedWidth - m) < 1)
        for width in [4_000_000.0, 2_000_000] { #expect(spaced.size(width: width) == spaced.fit(width: width).size) }
        // An attributed text whose runs differ in line metrics: metrics marks around a wide segment.
        let mixed = TestFonts.engine.prepare(
            AttributedText([TextRun(wide + " ", font: huge), TextRun("small\nnext", font: TestFonts.inter17)]),
            font: TestFonts.inter17)
        for width in [4_000_000.0, 1_000_000] {
            let layout = mixed.fit(width: width)
            #expect(mixed.size(width: width) == layout.size)
            #expect(layout.breakOffsets == (width > 3_500_000 ? [407] : [115, 230, 345, 407]))
        }
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
        // The table of live fonts (one object per key while any lives) is swept of the
        // dropped ones: at most twice the live fonts when it sweeps.
        #expect(library.liveFontEntryCount <= 128)
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

    /// What keeps a text's own font alive once its engine and library are gone is the text:
    /// it holds the font through its thread lane's `TextFontHold` (as its paragraphs do,
    /// for their pieces, which refer to the font unretained), not the font itself. Watched
    /// through a weak reference, so that a font freed too soon shows even where its memory
    /// still reads right; the text is plain Latin (a plain paragraph, no fallback font).
    @Test func aPreparedTextHoldsItsFontAndNothingElseDoes() throws {
        var library: FontLibrary? = try FontLibrary(useSystemFonts: false, fontsKept: 2)
        var engine: TextEngine? = TextEngine(fonts: library!)
        var font: Font? = try library!.font(family: "Inter", size: 13.25)
        weak let watched = font
        var prepared: PreparedText? = engine!.prepare("Plain words on a line", font: font!)
        let expected = prepared!.fit(width: 500).glyphRuns(ofLine: 0).map(\.positions)
        (font, engine, library) = (nil, nil, nil)
        #expect(watched != nil, "the text's font was freed while the text lives")
        do {
            // (In a block of its own: the runs hold their fonts.)
            let runs = prepared!.fit(width: 500).glyphRuns(ofLine: 0)
            #expect(runs.allSatisfy { $0.font.size == 13.25 && $0.font.face.family == "Inter" })
            #expect(runs.map(\.positions) == expected)
            #expect(prepared!.font.size == 13.25)
        }
        prepared = nil
        #expect(watched == nil, "something besides the text holds its font: the test proves nothing")
    }

    /// What keeps a fallback font alive once the library has dropped it is the prepared
    /// text: its pieces refer to their fonts unretained (`ShapedPiece.font`), and each
    /// paragraph holds them (`PieceFonts`). Watched through a weak reference, so that a font
    /// freed too soon shows even where its memory still reads right: the DejaVu Sans font
    /// Hebrew falls back to lives while the text does and goes with it. The Hebrew here is
    /// one cluster, a letter with more points than the library's lock-free front keeps for
    /// a cluster (`FallbackFront.maxClusterScalars`): the front holds the fallback fonts of
    /// the characters and clusters it keeps for good.
    @Test func aPreparedTextHoldsItsFallbackFontsAndNothingElseDoes() throws {
        let library = try FontLibrary(useSystemFonts: false, fontsKept: 2)
        let engine = TextEngine(fonts: library)
        let hebrew = "\u{5E9}" + String(repeating: "\u{5B8}", count: FallbackFront.maxClusterScalars)  // שָ with 32 qamats
        var prepared: PreparedText? = engine.prepare("Shalom " + hebrew, font: try library.font(family: "Inter", size: 13.25))
        weak let fallback = prepared!.fit(width: 500).glyphRuns(ofLine: 0)
            .first { $0.font.face.family == "DejaVu Sans" }?.font
        #expect(fallback != nil)
        for i in 0..<200 {
            _ = engine.prepare(hebrew, font: try library.font(family: "Inter", size: 20 + Double(i) / 64))
        }
        #expect(fallback?.size == 13.25, "the text's fallback font was freed while the text lives")
        prepared = nil
        // More fonts made, so that the library's table of held fonts (`LiveObjects`) sweeps and
        // lets go of those only it holds.
        for i in 0..<200 { _ = try library.font(family: "Inter", size: 40 + Double(i) / 64) }
        #expect(fallback == nil, "something besides the text holds the fallback font: the test proves nothing")
    }

    /// A piece's glyphs taken from the shape memo's front are unretained (`PieceGlyphs`):
    /// the text holds the front, so the glyphs outlive the engine, and nothing else does.
    /// The words are in parentheses, which Inter does not set plain, so HarfBuzz shapes
    /// them: of the pieces "(one) " × 3 and "(one)", the second "(one) " comes from the
    /// memo and is kept in the front, the third from the front.
    @Test func aPreparedTextHoldsTheGlyphsItsPiecesBorrow() throws {
        let text = "(one) (one) (one) (one)"
        let alive = TextEngine(fonts: TestFonts.library)
        let expected = alive.prepare(text, font: TestFonts.inter17).fit(width: 500).glyphRuns(ofLine: 0)
        var engine: TextEngine? = TextEngine(fonts: TestFonts.library)
        weak let front = engine!.shapeFront
        var prepared: PreparedText? = engine!.prepare(text, font: TestFonts.inter17)
        #expect(engine!.shapeFront.count == 1 && engine!.shapeFront.hits == 1)
        engine = nil
        #expect(front != nil, "the engine's front was freed while a text borrows its glyphs")
        let runs = prepared!.fit(width: 500).glyphRuns(ofLine: 0)
        #expect(runs.map(\.glyphs) == expected.map(\.glyphs))
        #expect(runs.map(\.positions) == expected.map(\.positions))
        prepared = nil
        #expect(front == nil, "something besides the text holds the front: the test proves nothing")
    }

    /// One grapheme cluster wider than Int32 layout units (2,097,152 pt) is measured exact
    /// (issue 21: "arithmetic overflow" trap in ParagraphBuilder on main). 2,000 "👨" joined
    /// by ZWJ make one cluster (UAX #29 GB11) that Noto Color Emoji has no ligature for:
    /// hb-shape --font-size=1024000 gives each "👨" 1,275,000 layout units and each ZWJ 0,
    /// so at 1,000 pt the cluster is 2,550,000,000 units = 2,490,234.375 pt.
    @Test func aClusterWiderThan32BitsIsMeasuredExactly() throws {
        let font = try TestFonts.engine.fonts.font(family: "Inter", size: 1000)
        let chain = Array(repeating: "\u{1F468}", count: 2000).joined(separator: "\u{200D}")
        let prepared = TestFonts.engine.prepare(chain + " a", font: font)
        for width in [1_000_000.0, 4_000_000] {
            let layout = prepared.fit(width: width)
            #expect(layout.lineCount == (width < 2_490_234.375 ? 2 : 1))
            #expect(layout.lines[0].width == 2_490_234.375 || width > 2_490_234.375)
            #expect(prepared.size(width: width) == layout.size)
            #expect(!layout.glyphRuns(ofLine: 0).isEmpty)
        }
        #expect(prepared.fit(width: 1_000_000).usedWidth == 2_490_234.375)
        // Truncated to one line, the cluster is cut off with an ellipsis like any other.
        let truncated = prepared.fit(width: 1_000_000, options: FitOptions(maxLines: 1, lineBreakMode: .byTruncatingTail))
        #expect(truncated.lineCount == 1 && truncated.usedWidth <= 1_000_000)
    }

    /// Placing the lines of a text of many pieces (tabs, emoji: each run its own piece) is
    /// linear: on main before issue 21 each line walked every piece of its paragraph to
    /// find the paragraph's direction, so `measure --detail` on 200,000 characters took 5 s
    /// (0.3 s without --detail). Four times the text must cost about four times the CPU
    /// time, not sixteen (a ratio, taken in the same run, not a wall time).
    @Test func linesOfATextOfManyPiecesCostLinearTime() throws {
        func cpuSeconds(_ pieces: Int) -> Double {
            let prepared = TestFonts.engine.prepare(String(repeating: "a\t😀", count: pieces), font: TestFonts.inter17)
            let layout = prepared.fit(width: 343)
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            let lines = layout.lines
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            #expect(lines.count > pieces / 20)
            return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        }
        _ = cpuSeconds(1000)  // warm
        let small = cpuSeconds(5_000), large = cpuSeconds(20_000)
        #expect(large / small < 8, "5,000 pieces: \(small) s, 20,000: \(large) s")
    }

    /// A wide segment (past the packed form: three entries) keeps the room the caller
    /// reserved for the segments after it: on main before issue 21 it took two of those
    /// entries, and the paragraph's last segments and its end were written past the buffer
    /// (a heap overflow AddressSanitizer found through the measure fuzzer at 10,000 pt;
    /// `Tests/Fuzz/regressions/measure/wide-segment-overflow`).
    @Test func aWideSegmentKeepsTheRoomReservedForTheRest() {
        let buffer = PackedSegmentBuffer()
        buffer.reserve(20)  // 19 segments and the paragraph's end
        #expect(buffer.capacity == 20)
        buffer.append(width: 1 << 40, trailing: 0)
        for _ in 0..<18 { buffer.append(width: 1024, trailing: 0) }
        buffer.endParagraph()
        #expect(buffer.count == 22 && buffer.count <= buffer.capacity)
    }
}
