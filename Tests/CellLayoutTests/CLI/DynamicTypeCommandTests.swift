import CellLayout
import Foundation
import Testing

/// Text styles, content size categories and variable fonts through `layout-cli`, heights
/// derived by hand from the HIG's sizes (<doc:SystemFontAndDynamicType>) and San
/// Francisco's line height, 1.193359375 × the size.
@Suite struct DynamicTypeCommandTests {
    /// body: 14 at xSmall, 17 at large, 53 at AX5. One line: 14 × 1.193359375 = 16.707 → 17
    /// at @2x; 20.287 → 20.5; 53 × 1.193359375 = 63.248 → ceil(126.496) / 2 = 63.5. The width
    /// is Inter's at the size: "Hello" is 41664 / 1024 = 40.688 at 17 and 129897 / 1024 =
    /// 126.853 at 53 (`hb-shape --font-size=17408` and `=54272` on Inter-Regular.otf).
    @Test func measureFansOutOverCategories() throws {
        let result = try CLI.run(["measure", "--no-system-fonts", "--text-style", "body", "--width", "1000", "--scale", "2",
                                  "--content-sizes", "extraSmall,large,AX5", "--text", "Hello"])
        #expect(result.status == 0, "\(result.stderr)")
        let sizes = try JSONParser.parse(result.stdout)["sizes"]!.array!
        #expect(sizes.map { $0["contentSizeCategory"]!.string! } == ["extraSmall", "large", "accessibilityExtraExtraExtraLarge"])
        #expect(sizes.map { $0["height"]!.number! } == [17, 20.5, 63.5])
        #expect(sizes[1]["width"]!.number! == 40.688)
        #expect(sizes[2]["width"]!.number! == 126.853)
    }

    /// A text whose fonts do not follow the category measures the same at every category;
    /// a run's text style does follow it (caption2: 11 at large, 40 at AX5).
    @Test func onlyTextStylesFollowTheCategory() throws {
        let rows = """
            {"id": 1, "text": "Fixed"}
            {"id": 2, "text": [{"text": "Styled", "font": {"textStyle": "caption2"}}]}
            {"id": 3, "text": [{"text": "Scaled", "font": {"size": 16, "relativeTo": "body"}}]}
            """
        let result = try CLI.run(["measure", "--no-system-fonts", "--width", "1000", "--content-sizes", "large,AX5"],
                                 stdin: Array(rows.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let out = try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0))["sizes"]!.array! }
        // Fixed: system 17 both times, 21.
        #expect(out[0].map { $0["height"]!.number! } == [21, 21])
        // caption2 at large 11 → 13.127 → 14; at AX5 40 → 47.734 → 48.
        #expect(out[1].map { $0["height"]!.number! } == [14, 48])
        // 16 relative to body: 16 at large → 19.094 → 20; 16 × 53 / 17 = 49.882 at AX5 → 59.527 → 60.
        #expect(out[2].map { $0["height"]!.number! } == [20, 60])
    }

    /// The table's category sizes the standard cells' text styles, a row's own wins: body
    /// at AX5 is 53 pt, one line 63.248 → 64, row 64 + 22 + 1 = 87; at xSmall 14 pt, 17 + 23 =
    /// 40 → 44 (the minimum); `--content-size-category` overrides the file's.
    @Test func rowsGrowWithTheCategory() throws {
        let table = #"""
            {"width": 375, "contentSizeCategory": "accessibilityExtraExtraExtraLarge",
             "rows": [{"text": "Wi-Fi"}, {"text": "Bluetooth", "contentSizeCategory": "extraSmall"}]}
            """#
        let result = try CLI.run(["layout", "--no-system-fonts"], stdin: Array(table.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try JSONParser.parse(result.stdout)["sections"]!.array![0]["rows"]!.array!
        #expect(rows.map { $0["height"]!.number! } == [87, 44])
        let large = try CLI.run(["layout", "--no-system-fonts", "--content-size-category", "large"], stdin: Array(table.utf8))
        let largeRows = try JSONParser.parse(large.stdout)["sections"]!.array![0]["rows"]!.array!
        // large: 17 pt, 21 + 23 = 44; the second row keeps its own xSmall.
        #expect(largeRows.map { $0["height"]!.number! } == [44, 44])
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let arguments: [String], input: String, message: String
        var testDescription: String { message }
    }

    static let fontPath = TestFonts.fixture("Fonts/RobotoFlex-Subset.ttf").path

    static let bad: [Bad] = [
        Bad(arguments: ["measure", "--width", "100"], input: #"{"text": [{"text": "a", "font": {"textStyle": "bodyy"}}]}"#,
            message: #"<stdin>:1: text[0].font.textStyle: unknown text style "bodyy" (did you mean "body"? expected one of largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2)"#),
        Bad(arguments: ["measure", "--width", "100"], input: #"{"text": "a", "contentSizeCategory": "huge"}"#,
            message: #"<stdin>:1: contentSizeCategory: unknown content size category "huge""#),
        Bad(arguments: ["measure", "--width", "100"], input: #"{"text": [{"text": "a", "font": {"textStyle": "body", "size": 12}}]}"#,
            message: #"<stdin>:1: text[0].font.size: give "textStyle" or "size", not both"#),
        Bad(arguments: ["measure", "--width", "100"],
            input: #"{"text": [{"text": "a", "font": {"file": "\#(fontPath)", "variations": {"wdth": 200}}}]}"#,
            message: #"<stdin>:1: text[0].font: variation "wdth" must be from 25 to 151, got 200"#),
        Bad(arguments: ["measure", "--width", "100"],
            input: #"{"text": [{"text": "a", "font": {"file": "\#(fontPath)", "variations": {"GRAD": 1}}}]}"#,
            message: #"<stdin>:1: text[0].font: unknown variation axis "GRAD" for "Roboto Flex" (it has opsz, wght, wdth)"#),
        Bad(arguments: ["layout"], input: #"{"width": 320, "contentSizeCategory": "AX9", "rows": []}"#,
            message: #"<stdin>: contentSizeCategory: unknown content size category "AX9""#),
        Bad(arguments: ["layout"], input: #"{"width": 320, "rows": [{"text": "a", "font": {"textStyle": 3}}]}"#,
            message: #"<stdin>: rows[0].font.textStyle: expected a string, got a number"#),
        Bad(arguments: ["measure", "--width", "100", "--content-size-category", "big"], input: "",
            message: #"--content-size-category: unknown content size category "big""#),
        Bad(arguments: ["measure", "--width", "100", "--text-style", "huge"], input: "",
            message: #"--text-style: unknown text style "huge""#),
        Bad(arguments: ["measure", "--width", "100", "--system-font", "/dev/null"], input: "",
            message: #"--system-font: cannot read a font from "/dev/null""#),
        Bad(arguments: ["layout"], input: #"{"width": 320, "systemFontFile": "/dev/null", "rows": []}"#,
            message: #"<stdin>: systemFontFile: cannot read a font from "/dev/null""#),
        Bad(arguments: ["layout", "--widths", "320,375"], input: #"{"width": 320, "systemFontFile": 7, "rows": []}"#,
            message: #"<stdin>: systemFontFile: expected a string, got a number"#),
    ]

    /// A document's `"systemFontFile"` points "system" at that file: Roboto Flex here, whose
    /// own line is (1900 + 500) × 17 / 2048 = 19.922; "Hamburgefonstiv" is 127.573 wide at
    /// 17 pt (opsz 17, `hb-shape-variable.jsonl`), so three of them take two lines at 343
    /// (2 × 127.573 + a space < 343 < 3 × 127.573): ceil(39.844) = 40, the row 40 + 23 = 63.
    /// A library made without a system font file refuses the key, naming it.
    @Test func aDocumentNamesItsSystemFontFile() throws {
        let table = #"{"width": 375, "systemFontFile": "\#(Self.fontPath)", "rows": [{"text": "Hamburgefonstiv Hamburgefonstiv Hamburgefonstiv"}]}"#
        let result = try CLI.run(["layout", "--no-system-fonts"], stdin: Array(table.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let row = try JSONParser.parse(result.stdout)["sections"]!.array![0]["rows"]!.array![0]
        #expect(row["height"]!.number! == 63)
        #expect(row["textLabel"]!.array![3].number! == 40)
        #expect(throws: InputError.self) { try TableDecoder(fonts: TestFonts.library).decode(try JSONParser.parse(table)) }
    }

    @Test(arguments: bad) func badInputIsNamedAndExitsOne(_ bad: Bad) throws {
        let result = try CLI.run(bad.arguments + ["--no-system-fonts"], stdin: Array(bad.input.utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(bad.message), "\(result.stderr)")
    }
}
