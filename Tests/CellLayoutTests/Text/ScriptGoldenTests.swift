import CellLayout
import Foundation
import Testing

/// One golden per script — CJK, Hangul, Thai, Arabic — in Inter 17 with the font
/// chain (Inter, DejaVu Sans, Noto Color Emoji bundled; Noto Sans CJK and Noto Sans Thai
/// added), language "en", at 100 and 200 pt.
///
/// Derivation, independent of the engine:
/// - **line widths** are hb-shape's advances (HarfBuzz's own tool) of each line's text in the
///   font Pango's rules put it in, at `--font-size=17408` (17 pt × 1024, the engine's and
///   Pango's layout units), summed and divided by 1024, less a trailing space's advance
///   (white space hangs at a line end). Each sum is written beside its golden.
/// - **break offsets** (UTF-16) are Pango 1.50's on the same fonts and width
///   (`Tests/Oracles/pango_lines.py --font … --family Inter --size 17 --widths 100,200`),
///   which are UAX #14's: CJK breaks between ideographs and kana but not before "。" (LB13)
///   or small kana; Hangul between syllables (ICU and Pango both; UIKit's
///   `hangulWordPriority` would keep words whole); Thai by dictionary (libthai and ICU agree
///   on these words); Arabic at spaces.
///
/// Needs Debian's fonts-noto-cjk and fonts-noto-core (`scripts/deps.sh`, run by
/// `scripts/test`, installs them) except for Arabic, drawn in the bundled DejaVu Sans; without
/// them those goldens are skipped and say so.
@Suite struct ScriptGoldenTests {
    static let cjkPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let thaiPath = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
    static var hasNoto: Bool { [cjkPath, thaiPath].allSatisfy { FileManager.default.fileExists(atPath: $0) } }

    struct Golden: Sendable, CustomStringConvertible {
        let text: String
        let width: Double
        let breaks: [Int]
        /// Each line's width in 1/1024 pt (hb-shape's sum, hanging space taken off).
        let lineUnits: [Int]
        /// Each line's face family (the fallback the text's characters take).
        let family: String
        var description: String { "\(text.prefix(6))… at \(width.formatted())" }
    }

    static let japanese = "東京都の天気は晴れです。明日も晴れでしょう。"
    static let korean = "안녕하세요 반갑습니다 오늘 날씨가 좋네요"
    static let thaiText = "สวัสดีครับ วันนี้อากาศดีมาก"
    static let arabic = "مرحبا بالعالم، كيف حالك اليوم؟"

    /// `hb-shape --font-size=17408 --script=Hani NotoSansCJK-Regular.ttc LINE` (face 0, JP):
    /// every kanji and kana is 17408 but kerned kana pairs: れ before で 16886, す before 。
    /// 15667, う before 。 16364.
    /// - 東京都の天 5 × 17408 = 87040 → 85 pt; 気は晴れで 4 × 17408 + 16886 = 86518 → 84.4902;
    ///   す。明日も 15667 + 4 × 17408 = 85299 → 83.2998; 晴れでしょ 86518; う。 16364 + 17408
    ///   = 33772 → 32.9805.
    /// - At 200: 東京都の天気は晴れで 87040 + 86518 = 173558 → 169.4902; す。明日も晴れでしょ
    ///   85299 + 86518 = 171817 → 167.79; う。 33772.
    static let cjkGoldens = [
        Golden(text: japanese, width: 100, breaks: [5, 10, 15, 20], lineUnits: [87040, 86518, 85299, 86518, 33772],
               family: "Noto Sans CJK JP"),
        Golden(text: japanese, width: 200, breaks: [10, 20], lineUnits: [173558, 171817, 33772],
               family: "Noto Sans CJK JP"),
    ]

    /// `hb-shape --font-size=17408 --language=ko --script=Hang NotoSansCJK-Regular.ttc LINE`
    /// (shaped in Korean, Hangul's sample language: Noto's `locl` gives the proportional
    /// Korean forms): each syllable 16015, a space 4874.
    /// - 안녕하세요 반: 6 × 16015 + 4874 = 100964 → 98.5977; 갑습니다 오늘 (its last space
    ///   hangs): 6 × 16015 + 4874 = 100964; 날씨가 좋네요: 100964.
    /// - At 200: 안녕하세요 반갑습니다 오늘 (space hangs): 12 × 16015 + 2 × 4874 = 201928 →
    ///   197.1953; 날씨가 좋네요 100964.
    static let hangulGoldens = [
        Golden(text: korean, width: 100, breaks: [7, 15], lineUnits: [100964, 100964, 100964],
               family: "Noto Sans CJK JP"),
        Golden(text: korean, width: 200, breaks: [15], lineUnits: [201928, 100964], family: "Noto Sans CJK JP"),
    ]

    /// `hb-shape --font-size=17408 --language=th --script=Thai NotoSansThai-Regular.ttf LINE`:
    /// - สวัสดีครับ วัน: 9957 + 8565 + 0 + 9957 + 10723 + 0 + 10689 + 8495 + 0 + 10514 + 4526
    ///   (space) + 8565 + 0 + 10671 = 92662 → 90.4902;
    /// - นี้อากาศดีมาก: 10671 + 0 + 0 + 9992 + 7068 + 10445 + 7068 + 10932 + 10723 + 0 + 10689
    ///   + 7068 + 10445 = 95101 → 92.8721.
    /// - At 200, the whole text: 92662 + 95101 = 187763 → 183.3623.
    static let thaiGoldens = [
        Golden(text: thaiText, width: 100, breaks: [14], lineUnits: [92662, 95101], family: "Noto Sans Thai"),
        Golden(text: thaiText, width: 200, breaks: [], lineUnits: [187763], family: "Noto Sans Thai"),
    ]

    /// `hb-shape --font-size=17408 --language=ar --script=Arab DejaVuSans.ttf LINE` (the
    /// bundled DejaVu Sans draws Arabic, its spaces 5534 included: Pango's neutral rule):
    /// - مرحبا بالعالم، (space hangs): 102980 − 5534 = 97446 → 95.1621;
    /// - كيف حالك (space hangs): 78669 − 5534 = 73135 → 71.4209; اليوم؟ 44405 → 43.3643.
    /// - At 200: مرحبا بالعالم، كيف حالك (space hangs): 181649 − 5534 = 176115 → 171.9873;
    ///   اليوم؟ 44405.
    static let arabicGoldens = [
        Golden(text: arabic, width: 100, breaks: [15, 24], lineUnits: [97446, 73135, 44405], family: "DejaVu Sans"),
        Golden(text: arabic, width: 200, breaks: [24], lineUnits: [176115, 44405], family: "DejaVu Sans"),
    ]

    /// The chain: the bundled fonts and the two Noto files (when installed), language "en".
    static let engine = try! TestFonts.withLibrary(
        adding: [cjkPath, thaiPath].filter { FileManager.default.fileExists(atPath: $0) }) { TextEngine(fonts: $0) }

    private func check(_ golden: Golden) throws {
        let font = try Self.engine.fonts.font(family: "Inter", size: 17)
        let layout = Self.engine.prepare(golden.text, font: font).fit(width: golden.width)
        #expect(layout.breakOffsets == golden.breaks, "\(golden)")
        let widths = layout.lines.map(\.width)
        let expected = golden.lineUnits.map { Double($0) / 1024 }
        #expect(widths.count == expected.count, "\(golden): \(widths)")
        for (width, want) in zip(widths, expected) {
            #expect(abs(width - want) < 0.0005, "\(golden): line width \(width), hb-shape \(want)")
        }
        #expect(abs(layout.usedWidth - expected.max()!) < 0.0005)
        let families = Set((0..<layout.lineCount).flatMap { layout.glyphRuns(ofLine: $0) }.map(\.font.face.family))
        #expect(families == [golden.family], "\(golden): drawn in \(families)")
    }

    @Test(.enabled(if: hasNoto, "needs fonts-noto-cjk (scripts/deps.sh installs it)"), arguments: cjkGoldens)
    func cjkLines(_ golden: Golden) throws { try check(golden) }

    @Test(.enabled(if: hasNoto, "needs fonts-noto-cjk (scripts/deps.sh installs it)"), arguments: hangulGoldens)
    func hangulLines(_ golden: Golden) throws { try check(golden) }

    @Test(.enabled(if: hasNoto, "needs fonts-noto-core (scripts/deps.sh installs it)"), arguments: thaiGoldens)
    func thaiLines(_ golden: Golden) throws { try check(golden) }

    @Test(arguments: arabicGoldens)
    func arabicLines(_ golden: Golden) throws { try check(golden) }
}
