import CHarfBuzz
@testable import CellLayout
import Testing

/// Text no font of the chain covers, measured as the .notdef glyph without shaping
/// (`PlainShaping.drawsAsNotdef`), against HarfBuzz and against the engine with the
/// shortcut off.
@Suite struct NotdefShapingTests {
    /// Japanese, Chinese and Korean with CJK punctuation and fullwidth forms: none of it is
    /// in the bundled fonts (Inter, DejaVu Sans, Noto Color Emoji).
    static let texts = [
        "日本語のテキストです。漢字、ひらがな、カタカナ「引用」ー々",
        "中文文本测试，包括标点符号！（全角）",
        "한국어텍스트입니다。가나다라마바사",
        "Mixed 日本語 and English, 中文。",
    ]

    @Test func inertNotdefInTheBundledFonts() throws {
        let inter = try #require(PlainShaping(font: TestFonts.inter17, analyses: FaceAnalyses()))
        #expect(inter.notdefAdvance == hb_font_get_glyph_h_advance(TestFonts.inter17.hbFont, 0))
        #expect(inter.drawsAsNotdef("漢") && inter.drawsAsNotdef("。") && inter.drawsAsNotdef("한"))
        // Voiced kana and compatibility ideographs decompose, into nothing Inter has; spaces
        // (HarfBuzz draws a space the font lacks as its own space) and marks are shaped.
        #expect(inter.drawsAsNotdef("で") && inter.drawsAsNotdef("\u{F900}"))
        #expect(!inter.drawsAsNotdef("\u{3000}") && !inter.drawsAsNotdef("\u{3099}") && !inter.drawsAsNotdef("a"))
    }

    /// A Hangul syllable decomposes (Unicode's algorithm, chapter 3.12) to L + V, or to LV +
    /// T with LV to L + V: it is drawn as .notdef when the font lacks it and every one of
    /// those. Checked for all 11,172 syllables in Inter, which has no Hangul, so that
    /// `lacksAndDrawsAsNotdef` answers without decomposing (`FontFace.coversAny` finds no
    /// jamo and no syllable). `coversAny` is the bit-by-bit answer over the Hangul, CJK and
    /// Latin blocks in Inter and in Noto Sans CJK KR, which has both.
    @Test func hangulSyllablesFollowTheirDecomposition() throws {
        var faces = [TestFonts.inter17.face]
        if IdeographRunTests.hasFont { faces.append(try FontFace(path: IdeographRunTests.cjk, index: 1)) }
        for face in faces {
            for range: ClosedRange<UInt16> in [0x1100...0x11FF, 0xAC00...0xD7A3, 0x3000...0x30FF, 0x41...0x5A,
                                               0x0...0xD7FF, 0xE000...0xFFFF, 0x1161...0x1161, 0x1140...0x117F] {
                let expected = range.contains { face.covers(Unicode.Scalar($0)!) }
                #expect(face.coversAny(range) == expected, "\(face.family) \(range)")
            }
        }
        let inter = TestFonts.inter17
        let plain = try #require(PlainShaping(font: inter, analyses: FaceAnalyses()))
        let covers = { (value: Int) in inter.face.covers(Unicode.Scalar(UInt32(value))!) }
        var differing: [Int] = []
        for syllable in 0xAC00...0xD7A3 {
            let index = syllable - 0xAC00, t = index % 28
            let l = 0x1100 + index / 588, v = 0x1161 + (index % 588) / 28, lv = syllable - t
            let partCovered = covers(l) || covers(v) || (t != 0 && (covers(lv) || covers(0x11A7 + t)))
            let expected = !covers(syllable) && !partCovered
            if plain.lacksAndDrawsAsNotdef(Unicode.Scalar(UInt32(syllable))!) != expected { differing.append(syllable) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }

    /// The candidate table, built from HarfBuzz's Unicode data with Swift's properties asked
    /// only outside Han and the Hangul syllables, is the rule spelled with Swift's
    /// properties for every BMP code point: CJK letters and punctuation, no mark, format,
    /// space, separator, surrogate, private-use or unassigned character, no default
    /// ignorable, emoji or grapheme extender.
    @Test func notdefCandidatesAreTheRuleOverTheWholeBMP() {
        let unicode = hb_unicode_funcs_get_default()
        var differing: [UInt32] = []
        for value in UInt32(0)..<0x10000 {
            var expected = false
            if value >= 0x2E80, let scalar = Unicode.Scalar(value) {
                let script = hb_unicode_script(unicode, value)
                let cjk = [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO, HB_SCRIPT_HANGUL]
                    .contains(script)
                let punctuation = script == HB_SCRIPT_COMMON
                    && ((0x3001...0x303F).contains(value) || (0x30FB...0x30FC).contains(value)
                        || (0xFF01...0xFF9F).contains(value))
                let properties = scalar.properties
                let excluded: Set<Unicode.GeneralCategory> = [
                    .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .spaceSeparator,
                    .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned,
                ]
                expected = (cjk || punctuation) && !excluded.contains(properties.generalCategory)
                    && !properties.isDefaultIgnorableCodePoint && !properties.isEmoji && !properties.isGraphemeExtend
            }
            let bit = PlainShaping.notdefCandidates[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
            if bit != expected { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
    }

    /// The text is prepared without shaping anything but what the fonts cover, and gives
    /// HarfBuzz's glyphs and advances: the engine with plain and .notdef shaping off
    /// agrees on breaks, widths and glyph runs at several widths.
    @Test(arguments: texts)
    func notdefRunsAgreeWithHarfBuzz(_ text: String) {
        let engine = TextEngine(fonts: TestFonts.library)
        let harfBuzzOnly = TextEngine(
            fonts: TestFonts.library, shapeMemoEntries: 200_000, shapeMemoBytes: 64 << 20, usesPlainShaping: false)
        let fast = engine.prepare(text, font: TestFonts.inter17)
        let shaped = harfBuzzOnly.prepare(text, font: TestFonts.inter17)
        for width in [40.0, 100, 200, 343, 1000] {
            let a = fast.fit(width: width), b = shaped.fit(width: width)
            #expect(a.breakOffsets == b.breakOffsets && a.usedWidth == b.usedWidth, "\(width)")
            for line in 0..<a.lineCount {
                #expect(PlainShapingTests.same(a.glyphRuns(ofLine: line), b.glyphRuns(ofLine: line)), "\(width) \(line)")
            }
        }
    }

    @Test func cjkTheFontsLackIsNotShaped() {
        let engine = TextEngine(fonts: TestFonts.library)
        _ = engine.prepare("x", font: TestFonts.inter17)  // the font's "…" is shaped once
        let before = engine.shapeStatistics
        let layout = engine.prepare(Self.texts[0], font: TestFonts.inter17).fit(width: 10_000)
        #expect(engine.shapeStatistics.misses == before.misses && engine.shapeStatistics.hits == before.hits)
        // Every glyph is .notdef at its advance: 29 characters on one line.
        let runs = layout.glyphRuns(ofLine: 0)
        #expect(runs.count == 1 && runs[0].glyphs.allSatisfy { $0 == 0 })
        let advance = Double(hb_font_get_glyph_h_advance(TestFonts.inter17.hbFont, 0)) / Font.unitsPerPoint
        #expect(abs(layout.usedWidth - advance * Double(Self.texts[0].unicodeScalars.count)) < 1e-9)
    }
}
