@testable import CellLayoutPrepare
@testable import CellLayout
import CHarfBuzz
import Testing

/// The kerning probe's lock-free front (`TextEngine.pairFront`) answers what the memo
/// behind it answers, and both what measuring every pair answers.
@Suite struct PairFrontTests {
    /// Clusters of the scripts the probe meets, with the script and bidi level their
    /// pieces get: Latin letters and punctuation of known kerning pairs (Inter: "AV", "To",
    /// "r."), Hebrew with and without points, Arabic, Thai with marks, kana, Hangul.
    static let clusters: [(text: String, script: hb_script_t, level: UInt8)] =
        ["A", "V", "T", "o", "y", "r", ".", ",", "W", "a", "f", "\"", " "].map { ($0, HB_SCRIPT_LATIN, 0) }
        + ["ש", "ל", "ו", "ם", "בּ", " "].map { ($0, HB_SCRIPT_HEBREW, 1) }
        + ["ك", "ت", "ا", "ب", " "].map { ($0, HB_SCRIPT_ARABIC, 1) }
        + ["ก", "ที่", "น้", "ส", " "].map { ($0, HB_SCRIPT_THAI, 0) }
        + ["い", "て", "ッ", "ー", "「"].map { ($0, HB_SCRIPT_HIRAGANA, 0) }
        + ["한", "국", " "].map { ($0, HB_SCRIPT_HANGUL, 0) }

    /// Seeded random pairs of one script, asked of an engine with the memo (and its front)
    /// three times over in random order, and of one without a memo: every answer is the
    /// same, in Inter and DejaVu Sans at 17 pt — and the front answered most repeats.
    @Test func theFrontAnswersWhatMeasuringAnswers() throws {
        let library = TestFonts.library
        let memoized = TextEngine(fonts: library), measured = TextEngine(fonts: library, shapeMemoEntries: 0)
        var state: UInt64 = 3
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var asked: [(Font, Int, Int)] = []
        for family in ["Inter", "DejaVu Sans"] {
            let font = try library.font(family: family, size: 17)
            for _ in 0..<300 {
                let l = next(Self.clusters.count)
                let same = Self.clusters.indices.filter { Self.clusters[$0].script == Self.clusters[l].script }
                asked.append((font, l, same[next(same.count)]))
            }
        }
        var differing: [String] = []
        var frontAnswers = 0
        for round in 0..<3 {
            for k in asked.indices.reversed() { asked.swapAt(k, next(k + 1)) }
            for (font, l, r) in asked {
                let (left, right) = (Self.clusters[l], Self.clusters[r])
                let units = Array((left.text + right.text).utf16)
                let split = left.text.utf16.count
                func kern(_ engine: TextEngine) -> Int32 {
                    units.withUnsafeBufferPointer { text in
                        ParagraphBuilder(engine: engine, font: font, plain: nil, text: text,
                                         language: library.defaultLanguage)
                            .kerning(in: font, script: left.script, level: left.level, base: text.baseAddress!,
                                     leftCluster: 0..<split, rightCluster: split..<units.count)
                    }
                }
                let context = UInt64(font.id) << 40 | UInt64(left.script.rawValue) << 8
                    | (left.level & 1 == 1 ? 1 << 7 : 0)
                let pack = { (s: Substring.UTF16View) in s.reduce(UInt64(s.count)) { $0 << 16 | UInt64($1) } }
                let key = (context, pack(Substring(left.text).utf16), pack(Substring(right.text).utf16))
                if round > 0, memoized.pairFront.value(for: key) != nil { frontAnswers += 1 }
                let fast = kern(memoized), slow = kern(measured)
                if fast != slow { differing.append("\(font.face.family) \(left.text)|\(right.text): \(fast) \(slow)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        #expect(frontAnswers > asked.count)
    }
}
