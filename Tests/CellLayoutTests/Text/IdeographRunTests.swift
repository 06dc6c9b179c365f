import CHarfBuzz
@testable import CellLayout
@testable import CellLayoutPrepare
import Foundation
import Testing

/// Runs of ideographs in a font that covers them (Noto Sans CJK, found by fallback),
/// measured from the font's tables as one piece (`IdeographFace`), against the engine
/// that shapes every break segment with HarfBuzz and kerns across segments (plain, .notdef
/// and ideograph runs off): identical breaks, widths and glyph runs.
///
/// Needs Debian's fonts-noto-cjk, which `scripts/deps.sh` (run by `scripts/test`) installs;
/// without it the tests are skipped and say so.
@Suite struct IdeographRunTests {
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static var hasFont: Bool { FileManager.default.fileExists(atPath: cjk) }

    /// An engine over the bundled fonts and Noto Sans CJK (no system fonts), and one with
    /// the same library that shapes every piece with HarfBuzz.
    static func withEngines(_ body: (TextEngine, TextEngine, Font) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ideographs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("NotoSansCJK-Regular.ttc"), withDestinationURL: URL(fileURLWithPath: cjk))
        let library = try FontLibrary(fontDirectories: [folder], useSystemFonts: false)
        let fast = TextEngine(fonts: library)
        let shaped = TextEngine(fonts: library, shapeMemoEntries: 200_000, shapeMemoBytes: 64 << 20,
                                usesPlainShaping: false)
        try body(fast, shaped, try library.font(family: "Inter", size: 17))
    }

    /// Whether two preparations of a text fit alike at `widths`: breaks, used width and the
    /// glyph runs of every line, bit for bit.
    static func agree(_ a: PreparedText, _ b: PreparedText, widths: [Double]) -> Bool {
        widths.allSatisfy { width in
            let x = a.fit(width: width), y = b.fit(width: width)
            return x.breakOffsets == y.breakOffsets && x.usedWidth == y.usedWidth && x.lineCount == y.lineCount
                && (0..<x.lineCount).allSatisfy {
                    PlainShapingTests.same(x.glyphRuns(ofLine: $0), y.glyphRuns(ofLine: $0))
                }
        }
    }

    /// Han, kana (Noto Sans CJK kerns some kana pairs: い before て by −30 units), CJK
    /// punctuation, fullwidth forms, voiced kana, a compatibility ideograph, Hangul, and
    /// ideographs beside Latin.
    static let texts = [
        "日本語のテキストです。漢字、ひらがな、カタカナ「引用」ー々",
        "いていていていていていていていていていていて",
        "中文文本测试，包括标点符号！（全角）ＡＢＣ１２３",
        "がぎぐげごパピプペポ\u{F900}\u{F901}",
        "한국어텍스트입니다。가나다라마바사 한국어 문장",
        "Mixed 日本語 and English, 中文。Done.",
    ]

    @Test(.enabled(if: hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"), arguments: texts)
    func ideographRunsAgreeWithShapingEverySegment(_ text: String) throws {
        try Self.withEngines { fast, shaped, inter in
            let a = fast.prepare(text, font: inter), b = shaped.prepare(text, font: inter)
            #expect(Self.agree(a, b, widths: [20, 40, 60, 100, 150, 200, 343, 1000]))
        }
    }

    /// "いて" in Noto Sans CJK JP (hb-shape: い 970 units with the kerning, て 1000, 1000 per
    /// em): at 17 pt one line is (970 + 1000) / 1000 × 17 = 33.49 pt; at 20 pt the break
    /// between them is taken and い's line is 1000 / 1000 × 17 = 17 pt, the kerning with
    /// the next line left out.
    @Test(.enabled(if: hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func kanaKerningAcrossABreakOpportunity() throws {
        try Self.withEngines { fast, _, inter in
            let prepared = fast.prepare("いて", font: inter)
            let one = prepared.fit(width: 100)
            #expect(one.lineCount == 1 && abs(one.usedWidth - 33.49) < 0.002)
            let two = prepared.fit(width: 20)
            #expect(two.breakOffsets == [1] && abs(two.usedWidth - 17) < 0.002)
        }
    }

    /// The analysis of Noto Sans CJK JP (fontTools: no default lookup of `hani`, `kana` or
    /// `hang` but the `kern` pair adjustments starts at a Han, kana or Hangul glyph; `kern`
    /// covers 133 kana, い among them, as left glyphs): ideographs, kana and syllables are
    /// plain, and only kana may be kerned.
    @Test(.enabled(if: hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func notoSansCJKIsPlainForIdeographsKanaAndHangul() throws {
        let face = try FontFace(path: Self.cjk, index: 0)
        #expect(face.family.hasPrefix("Noto Sans CJK"))
        let analyses = FaceAnalyses()
        func glyph(_ c: Unicode.Scalar) -> UInt32 {
            var g: UInt32 = 0
            hb_font_get_nominal_glyph(face.unscaled, c.value, &g)
            return g
        }
        for (script, text) in [(HB_SCRIPT_HAN, "漢字文化圏中国语"), (HB_SCRIPT_HIRAGANA, "いてがのはー"),
                               (HB_SCRIPT_KATAKANA, "カタナパ"), (HB_SCRIPT_HANGUL, "한국어가")] {
            let analysis = try #require(analyses.ideographFace(of: face, script: script, language: Shaper.language(for: script, preferred: nil)))
            for c in text.unicodeScalars { #expect(analysis.isPlain(glyph(c)), "\(c)") }
        }
        let kana = try #require(analyses.ideographFace(of: face, script: HB_SCRIPT_HIRAGANA, language: Shaper.language(for: HB_SCRIPT_HIRAGANA, preferred: nil)))
        #expect(kana.mayKern(glyph("い")) && kana.mayKern(glyph("の")))
        let han = try #require(analyses.ideographFace(of: face, script: HB_SCRIPT_HAN, language: hb_language_t?.none))
        #expect(!"漢字文化圏".unicodeScalars.contains { han.mayKern(glyph($0)) })
    }

    /// Kana pairs read from Noto Sans CJK JP's pair adjustments (`IdeographFace.kerning`)
    /// against HarfBuzz shaping each pair at 17 pt (the pair's width less the two alone):
    /// every pair of kana (U+3041-U+3096, U+30A1-U+30FA, U+30FC) whose left glyph may be
    /// kerned, wherever the tables settle it; nearly all must be settled, and many kerned
    /// (い before て: -30 units).
    @Test(.enabled(if: hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func kanaPairKerningReadIsHarfBuzzs() throws {
        let face = try FontFace(path: Self.cjk, index: 0)
        let font = try Font(face: face, size: 17)
        let script = HB_SCRIPT_HIRAGANA, language = Shaper.language(for: script, preferred: nil)
        let kana = try #require(FaceAnalyses().ideographFace(of: face, script: script, language: language))
        func width(_ units: [UInt16]) -> Int64 {
            units.withUnsafeBufferPointer { Shaper.width($0, font: font, script: script, isRightToLeft: false, language: language) }
        }
        let units = Array(UInt16(0x3041)...0x3096) + Array(UInt16(0x30A1)...0x30FA) + [0x30FC]
        let alone = Dictionary(uniqueKeysWithValues: units.map { ($0, width([$0])) })
        var pairs = 0, settled = 0, kerned = 0, differing: [String] = []
        for l in units where kana.plainGlyph(l) != 0 && kana.mayKern(UInt32(kana.plainGlyph(l))) {
            for r in units where kana.plainGlyph(r) != 0 {
                pairs += 1
                guard let read = kana.kerning(kana.plainGlyph(l), kana.plainGlyph(r), in: font) else { continue }
                settled += 1
                let shaped = width([l, r]) - alone[l]! - alone[r]!
                if shaped != 0 { kerned += 1 }
                if Int64(read) != shaped, differing.count < 10 {
                    differing.append("\(String(UnicodeScalar(l)!))\(String(UnicodeScalar(r)!)): read \(read), shaped \(shaped)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(settled * 10 >= pairs * 9 && kerned > 100, "\(settled) of \(pairs) settled, \(kerned) kerned")
    }

    /// The analysis's glyph table gives, for every CJK character, what the route computed
    /// before it had the table: the font's nominal glyph when the analysis calls that glyph
    /// plain, else 0; and a font's advance table gives HarfBuzz's advance of every glyph,
    /// asked the first time and read the second.
    @Test(.enabled(if: hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func glyphAndAdvanceTablesAgreeWithHarfBuzz() throws {
        let face = try FontFace(path: Self.cjk, index: 0)
        let font = try Font(face: face, size: 17)
        let analyses = FaceAnalyses()
        var plainCount = 0
        for script in [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_HANGUL] {
            let analysis = try #require(analyses.ideographFace(of: face, script: script, language: Shaper.language(for: script, preferred: nil)))
            for unit in UInt16(0x2E80)...UInt16(0xFFEF)
            where PlainShaping.notdefCandidates[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0 {
                var glyph: hb_codepoint_t = 0
                let found = hb_font_get_nominal_glyph(font.hbFont, hb_codepoint_t(unit), &glyph) != 0
                let expected = found && glyph != 0 && analysis.isPlain(glyph) ? UInt16(glyph) : 0
                if analysis.plainGlyph(unit) != expected { Issue.record("U+\(String(unit, radix: 16)): \(analysis.plainGlyph(unit)) ≠ \(expected)") }
                if expected != 0 { plainCount += 1 }
            }
        }
        #expect(plainCount > 40_000)  // Han, kana and Hangul: the table is not empty
        let glyphCount = hb_face_get_glyph_count(face.hbFace)
        for pass in 0..<2 {
            for glyph in 0..<min(glyphCount, 0x10000) {
                let expected = hb_font_get_glyph_h_advance(font.hbFont, glyph)
                if font.glyphAdvances.advance(UInt16(glyph)) != expected { Issue.record("pass \(pass), glyph \(glyph)") }
            }
        }
    }

    /// A Han text in a covering font is measured without shaping: its face shapes nothing.
    @Test(.enabled(if: hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func hanTextIsNotShaped() throws {
        try Self.withEngines { fast, _, inter in
            let han = fast.fonts.font(for: "漢" as Unicode.Scalar, fallingBackFrom: inter, language: fast.fonts.slot(for: nil))
            #expect(han.face.path.hasSuffix("NotoSansCJK-Regular.ttc"))
            let before = han.face.shapings.load(ordering: .relaxed)
            _ = fast.prepare("漢字文化圏の言語と中文文本，测试。", font: inter).fit(width: 100)
            #expect(han.face.shapings.load(ordering: .relaxed) == before)
        }
    }

    /// `IdeographFace.candidates(of:)` (the cmap read in one batch, GDEF's marks taken once
    /// as a set) against the definition asked character by character of HarfBuzz: each
    /// candidate character the face covers has its nominal glyph (`hb_font_get_nominal_glyph`),
    /// and a glyph is a candidate unless GDEF classes it a mark (`hb_ot_layout_get_glyph_class`).
    @Test(.enabled(if: hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func candidatesAreWhatHarfBuzzSaysCharacterByCharacter() throws {
        let face = try FontFace(path: Self.cjk)
        let candidates = try #require(IdeographFace.candidates(of: face))
        var nominal = [UInt16](repeating: 0, count: 1 << 16), glyphs = [UInt64](repeating: 0, count: candidates.glyphs.count)
        var characters = 0
        for (w, bits) in PlainShaping.notdefCandidates.enumerated() where bits != 0 {
            for b in 0..<64 where bits & (1 << UInt64(b)) != 0 {
                var glyph: hb_codepoint_t = 0
                let value = UInt32(w * 64 + b)
                guard hb_font_get_nominal_glyph(face.unscaled, value, &glyph) != 0, glyph != 0, glyph <= 0xFFFF else { continue }
                characters += 1
                nominal[Int(value)] = UInt16(glyph)
                if hb_ot_layout_get_glyph_class(face.hbFace, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK {
                    glyphs[Int(glyph >> 6)] |= 1 << UInt64(glyph & 63)
                }
            }
        }
        #expect(characters > 20_000, "Noto Sans CJK draws the CJK candidates")
        #expect(candidates.nominal == nominal)
        #expect(candidates.glyphs == glyphs)
    }

    /// `IdeographFace.markGlyphs` (GDEF's mark class taken once as a set) against
    /// `hb_ot_layout_get_glyph_class` asked glyph by glyph, on Inter, whose GDEF classes its
    /// combining accents as marks (Noto Sans CJK's candidates have none to tell apart).
    @Test func markGlyphsAreGDEFsMarks() throws {
        let face = try FontFace(path: TestFonts.packageRoot.appendingPathComponent("fonts/Inter/Inter-Regular.otf").path)
        let count = Int(hb_face_get_glyph_count(face.hbFace))
        let marks = IdeographFace.markGlyphs(of: face.hbFace, words: (count + 63) / 64)
        var expected = [UInt64](repeating: 0, count: (count + 63) / 64)
        for glyph in 0..<UInt32(count) where hb_ot_layout_get_glyph_class(face.hbFace, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK {
            expected[Int(glyph >> 6)] |= 1 << UInt64(glyph & 63)
        }
        #expect(expected.reduce(0) { $0 + $1.nonzeroBitCount } > 50, "Inter has mark glyphs")
        #expect(marks == expected)
    }
}
