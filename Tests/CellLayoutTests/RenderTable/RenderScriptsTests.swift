import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// `Examples/scripts.json`, the README's picture of every script, drawn as `render` draws it
/// with the Noto chain: a row's `"language"` reaches the pixels (直骨 in the Japanese and the
/// Simplified Chinese face differ, `LanguageTests` has their glyph ids), and emoji are in
/// colour.
///
/// Needs Debian's fonts-noto-cjk and fonts-noto-core (`scripts/deps.sh` installs them);
/// without them the test is skipped and says so.
@Suite("Render: every script")
struct RenderScriptsTests {
    static let chain = [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
    ]
    static var hasFonts: Bool { chain.allSatisfy { FileManager.default.fileExists(atPath: $0) } }

    @Test(.enabled(if: hasFonts, "needs fonts-noto-cjk and fonts-noto-core (scripts/deps.sh installs them)"))
    func theScriptsExampleDrawsEachLanguagesHanAndColourEmoji() throws {
        try TestFonts.withLibrary(adding: Self.chain) { library in
            let text = try String(contentsOf: RenderTables.examples.appendingPathComponent("scripts.json"), encoding: .utf8)
            var spec = try TableDecoder(fonts: library).decode(try JSONParser.parse(text))
            spec.metrics.scale = 2
            let table = try TableLayout(spec: spec, engine: TextEngine(fonts: library))
            let canvas = try TableRenderer().render(table, scale: 2, frames: false)

            /// The pixels of the first `width` points of row `r`'s text label in section `s`.
            func textPixels(_ s: Int, _ r: Int, width: Double) throws -> [RGBA] {
                let row = RenderTables.row(table, s, r)
                let label = try #require(row.layout.labels.first { $0.id == "textLabel" })
                let frame = label.frame.offsetBy(dx: row.content.x, dy: row.content.y)
                return canvas.colors(in: CGRect(x: frame.minX, y: frame.minY, width: width, height: frame.height))
            }
            // Section 1 rows 0–2: 直骨 in ja, zh-Hans, zh-Hant; 34 pt is the two ideographs.
            let japanese = try textPixels(1, 0, width: 34)
            let simplified = try textPixels(1, 1, width: 34)
            let traditional = try textPixels(1, 2, width: 34)
            #expect(japanese.count == simplified.count)
            #expect(japanese.filter { $0.r < 128 }.count > 100, "直骨 is drawn")
            let jaDiffers = japanese != simplified, hantDiffers = simplified != traditional
            #expect(jaDiffers, "直骨 drawn alike in ja and zh-Hans")
            #expect(hantDiffers, "骨 drawn alike in zh-Hans and zh-Hant")

            // The emoji row (the last section): coloured pixels, far from gray.
            let emojiRow = RenderTables.row(table, table.sections.count - 1, 0)
            let label = try #require(emojiRow.layout.labels.first { $0.id == "textLabel" })
            let colored = canvas.count(in: label.frame.offsetBy(dx: emojiRow.content.x, dy: emojiRow.content.y)) {
                Int(max($0.r, $0.g, $0.b)) - Int(min($0.r, $0.g, $0.b)) > 80
            }
            #expect(colored > 500, "coloured pixels in the emoji row: \(colored)")
        }
    }
}
