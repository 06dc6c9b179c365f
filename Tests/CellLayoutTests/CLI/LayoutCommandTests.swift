import CellLayout
import Foundation
import Testing

/// `layout-cli layout` and `query` end to end, and their errors.
/// A class so that each test's files are removed when it ends (`deinit`).
@Suite final class LayoutCommandTests {
    static let examples = TestFonts.packageRoot.appendingPathComponent("Examples")
    /// The files this test wrote.
    private var written: [URL] = []

    deinit { for url in written { try? FileManager.default.removeItem(at: url) } }

    func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        written.append(url)
        return url.path
    }

    @Test func rotationKeepsTheSwitchAtTheRightEdge() throws {
        // The issue's bar: built against 320 × 44, x = 319 at 375, 611 at 667, 319 again.
        let path = try write("""
            {"rows": [{"text": "Sounds", "subviews": [{"id": "switch", "kind": "switch", "frame": {"right": 5, "centerY": 0},
              "autoresizing": ["flexibleLeftMargin", "flexibleTopMargin", "flexibleBottomMargin"]}]}]}
            """)
        let result = try CLI.run(["layout", path, "--widths", "375,667,375", "--no-system-fonts"])
        #expect(result.status == 0, "\(result.stderr)")
        let layouts = try JSONParser.parse(result.stdout)["layouts"]!.array!
        let xs = layouts.map { Tables.value($0, at: "sections.0.rows.0.subviews.switch")!.array![0].number! }
        #expect(xs == [319, 611, 319])
    }

    @Test func examplesLayOutAndAnswerQueries() throws {
        for name in ["settings.json", "feed.json", "form.json", "lists.json"] {
            let path = Self.examples.appendingPathComponent(name).path
            let result = try CLI.run(["layout", path, "--no-system-fonts"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let layout = try JSONParser.parse(result.stdout)
            let row = Tables.value(layout, at: "sections.0.rows.1")!
            let y = row["y"]!.number!, height = row["height"]!.number!
            let at = try CLI.run(["query", path, "--viewport-height", "667", "--row-at", (y + height / 2).formatted3,
                                  "--no-system-fonts"])
            #expect(at.stdout == "{\"section\":0,\"row\":1}\n", "\(name)")
            let top = try CLI.run(["query", path, "--viewport-height", "100", "--scroll-to", "0,1", "--position", "bottom",
                                   "--no-system-fonts"])
            #expect(top.stdout == "{\"offset\":\((y + height - 100).formatted3)}\n", "\(name)")
        }
    }

    @Test func visibleRowsListIndexPaths() throws {
        let path = Self.examples.appendingPathComponent("feed.json").path
        let result = try CLI.run(["query", path, "--viewport-height", "300", "--visible", "0", "--no-system-fonts"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\"rows\":[[0,0],"))
    }

    struct BadTable: CustomTestStringConvertible, Sendable {
        let json: String, arguments: [String], message: String
        var testDescription: String { message }
    }

    static let badTables: [BadTable] = [
        .init(json: #"{"width": 375, "sections": [{"rows": [{"accessory": "chevron"}]}]}"#, arguments: [],
              message: #"sections[0].rows[0].accessory: unknown accessory "chevron" (expected one of none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton, or {"view": …})"#),
        .init(json: #"{"width": 375, "sections": [{"rows": [{}, {"style": "value3"}]}]}"#, arguments: [],
              message: #"sections[0].rows[1].style: unknown cell style "value3" (expected one of default, value1, value2, subtitle)"#),
        .init(json: #"{"width": 375, "platform": "ios9", "rows": []}"#, arguments: [],
              message: #"platform: unknown platform "ios9" (expected one of ios6, ios7, ios8, ios11, ios13, ios15)"#),
        .init(json: #"{"width": 375, "platform": "ios11", "style": "insetGrouped", "rows": []}"#, arguments: [],
              message: "style: insetGrouped is iOS 13's: platform ios11 (iOS 11–12) has none"),
        .init(json: #"{"width": 375, "style": "insetGrouped", "rows": []}"#, arguments: ["--platform", "ios8"],
              message: "style: insetGrouped is iOS 13's: platform ios8 (iOS 8–10) has none"),
        .init(json: #"{"width": 375, "rows": []}"#, arguments: ["--platform", "iOS16"],
              message: #"--platform: unknown platform "iOS16" (expected one of ios6, ios7, ios8, ios11, ios13, ios15)"#),
        .init(json: #"{"width": 375, "cellLayoutMarginsFollowReadableWidth": "yes", "rows": []}"#, arguments: [],
              message: "cellLayoutMarginsFollowReadableWidth: expected true or false, got a string"),
        .init(json: #"{"width": -3, "rows": []}"#, arguments: [], message: "width: must be from 0 to 1000000, got -3"),
        .init(json: #"{"width": 0, "rows": []}"#, arguments: [], message: "width: must be a positive number, got 0"),
        .init(json: #"{"rows": []}"#, arguments: [], message: #"missing "width" (or give --width)"#),
        .init(json: #"{"width": 375, "rows": [{"text": 5}]}"#, arguments: [], message: "rows[0].text: expected a string or an array of runs, got a number"),
        .init(json: #"{"width": 375, "rows": [{"detial": "x"}]}"#, arguments: [],
              message: "rows[0].detial: unknown key (expected one of id, style, text, detailText, font, detailFont, numberOfLines, detailNumberOfLines, paragraph, detailParagraph, lineBreakMode, image, accessory, editing, indentationLevel, indentationWidth, swipeActions, height, minHeight, additionalHeight, subviews, semanticContentAttribute, selected, swipeOpen, language, contentSizeCategory, content, accessories, indentsAccessories)"),
        .init(json: #"{"width": 375, "rows": [{"font": {"family": "Comic", "size": 17}}]}"#, arguments: ["--no-system-fonts"],
              message: #"rows[0].font: unknown font family "Comic" (known: system, DejaVu Sans, Inter, Noto Color Emoji)"#),
        .init(json: #"{"width": 375, "rows": [{"subviews": [{"id": "a", "kind": "image"}]}]}"#, arguments: [],
              message: "rows[0].subviews[0]: a view of kind image needs a size (\"size\", or a frame with width and height)"),
        .init(json: #"{"width": 375, "rows": [{"subviews": [{"id": "a", "kind": "switch", "frame": {"left": 1, "right": 2, "width": 3}}]}]}"#,
              arguments: [], message: "rows[0].subviews[0].frame: left, right, width over-constrain the frame: give at most two"),
        .init(json: #"{"width": 375, "rows": [{"subviews": [{"id": "a", "kind": "switch", "autoresizing": ["flexibleMiddle"]}]}]}"#,
              arguments: [], message: #"rows[0].subviews[0].autoresizing[0]: unknown autoresizing flag "flexibleMiddle" (expected one of flexibleLeftMargin, flexibleWidth, flexibleRightMargin, flexibleTopMargin, flexibleHeight, flexibleBottomMargin)"#),
        .init(json: #"{"width": 375, "rows": [{"height": "tall"}]}"#, arguments: [], message: #"rows[0].height: expected a number or "auto", got "tall""#),
        .init(json: #"{"width": 375, "metrics": {"scale": 4}, "rows": []}"#, arguments: [], message: "metrics.scale: must be from 1 to 3, got 4"),
        .init(json: "{\"width\": 375,\n \"rows\": [}", arguments: [], message: "invalid JSON: line 2, column 11: expected a value, found '}'"),
        .init(json: #"{"width": 375, "rows": []}"#, arguments: ["--width", "nan"], message: "--width: must be a positive number, got nan"),
    ]

    @Test(arguments: badTables)
    func badTablesAreNamedWithTheirPath(_ bad: BadTable) throws {
        let path = try write(bad.json)
        let result = try CLI.run(["layout", path] + bad.arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let expected = bad.message.hasPrefix("--") ? "\(bad.message)\n" : "\(path): \(bad.message)\n"
        #expect(result.stderr == expected)
    }

    @Test func badQueriesAreNamed() throws {
        let path = Self.examples.appendingPathComponent("form.json").path
        let cases: [([String], String, Int32)] = [
            (["--scroll-to", "9,0", "--position", "top"], "--scroll-to: no section 9 (the table has 3)\n", 1),
            (["--scroll-to", "0,x", "--position", "top"], "--scroll-to: expected SECTION,ROW, got 0,x\n", 1),
            (["--scroll-to", "0,0", "--position", "center"],
             "--position: unknown position \"center\" (expected one of none, top, middle, bottom)\n", 1),
            (["--row-at", "1", "--visible", "2"], "Error: ask exactly one of --scroll-to, --row-at, --visible, --hit, --select, --move-section, --move-row\n", 2),
        ]
        for (arguments, message, status) in cases {
            let result = try CLI.run(["query", path, "--viewport-height", "667"] + arguments)
            #expect(result.status == status)
            #expect(result.stderr.hasPrefix(message), "\(arguments)")
        }
        let missing = try CLI.run(["layout", "/nonexistent/table.json"])
        #expect(missing.stderr == "/nonexistent/table.json: cannot open: No such file or directory\n")
    }
}
