import CellLayout
import Foundation
import Testing

/// Runs and `"paragraph"` wherever a text goes, end to end through `layout-cli`, with the
/// heights derived by hand from the system font's San Francisco metrics (a line of s points
/// is s × (1950 + 494) / 2048 tall: 20.287 at 17, 40.574 at 34; ascent 16.186 and descent
/// 4.101 at 17).
@Suite struct AttributedInputTests {
    /// A temporary file holding `text`, removed after `body`.
    func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("attributed-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    @Test func measureTakesRunsAndAParagraphStyle() throws {
        let input = """
            {"id": 1, "text": [{"text": "Big\\n", "font": {"size": 34}}, {"text": "small"}]}
            {"id": 2, "text": "a\\nb", "paragraph": {"lineSpacing": 4}}
            """
        let result = try CLI.run(["measure", "--width", "200", "--detail"], stdin: Array(input.utf8))
        #expect(result.stderr == "")
        // 40.574 + 20.287 = 60.861 → 61; 2 × (20.287 + 4) = 48.574 → 49. "Big" at 34 pt is
        // 50.903 wide (`hb-shape --font-size=34816 Inter-Regular.otf Big`: 52125 / 1024).
        #expect(result.stdout.split(separator: "\n") == [
            "{\"id\":1,\"lines\":2,\"width\":50.903,\"height\":61,\"breaks\":[4],\"lineTops\":[0,40.574]}",
            "{\"id\":2,\"lines\":2,\"width\":10.553,\"height\":49,\"breaks\":[2],\"lineTops\":[0,24.287]}",
        ])
    }

    struct Bad: Sendable, CustomStringConvertible {
        let row: String
        let message: String
        var description: String { message }
    }

    static let bad: [Bad] = [
        Bad(row: #"{"text": [{"text": "a"}, {"font": {"size": 12}}]}"#, message: #"text[1]: missing "text""#),
        Bad(row: #"{"text": [{"text": "a", "font": {"weight": "heavyish"}}]}"#,
            message: #"text[0].font.weight: unknown font weight "heavyish" (did you mean "heavy"? expected one of ultralight, thin, light, regular, medium, semibold, bold, heavy, black)"#),
        Bad(row: #"{"text": [{"text": "a", "font": {"family": "Nope Sans"}}]}"#,
            message: "text[0].font: unknown font family \"Nope Sans\""),
        Bad(row: #"{"text": [{"text": "a"}, {"text": "b"}, {"text": "c", "kern": "NaN"}]}"#,
            message: "text[2].kern: must be a finite number, got a string"),
        Bad(row: #"{"text": "a", "paragraph": {"lineHeightMultiple": -1}}"#,
            message: "paragraph.lineHeightMultiple: must not be negative, got -1"),
        Bad(row: #"{"text": "a", "paragraph": {"alignment": "middle"}}"#,
            message: #"paragraph.alignment: unknown alignment "middle" (expected one of natural, left, center, right, justified)"#),
        Bad(row: #"{"text": [{"text": "a", "color": "red"}]}"#,
            message: #"text[0].color: expected a colour as #rrggbb or #rrggbbaa, got "red""#),
        Bad(row: #"{"text": [{"text": "a", "rise": 2}]}"#,
            message: "text[0].rise: unknown key (expected one of text, font, kern, baselineOffset, color)"),
    ]

    /// The issue's example: the error names the file, the line and the JSON path; exit 1.
    @Test(arguments: bad)
    func badRunsAndStylesAreLocated(_ bad: Bad) throws {
        let lines = Array(repeating: #"{"text": "fine"}"#, count: 11) + [bad.row]
        try withFile(lines.joined(separator: "\n") + "\n") { path in
            let result = try CLI.run(["measure", "--width", "200", path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("\(path):12: \(bad.message)"), "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 11)
        }
    }

    @Test func rowsLabelsAndHeadersTakeRuns() throws {
        let table = """
            {"width": 375, "style": "grouped", "sections": [{
              "header": [{"text": "Big ", "font": {"size": 34}}, {"text": "header"}],
              "rows": [
                {"text": [{"text": "Big", "font": {"size": 34}}, {"text": " and small"}]},
                {"text": "two\\nlines", "paragraph": {"lineSpacing": 4, "alignment": "center"}},
                {"subviews": [{"id": "note", "kind": "label", "frame": {"left": 16, "top": 4, "width": 200},
                               "text": [{"text": "x"}, {"text": "2", "baselineOffset": 10}]}]}
              ]}]}
            """
        try withFile(table) { path in
            let result = try CLI.run(["layout", path])
            #expect(result.stderr == "")
            let layout = try JSONParser.parse(result.stdout)
            let section = layout["sections"]!.array![0]
            let rows = section["rows"]!.array!
            // 34 pt line: 40.574 → 41, + 2 × 11 + separator 1 = 64.
            #expect(rows[0]["height"]?.number == 64)
            // Two lines with 4 below each: 2 × 24.287 = 48.574 → 49, + 23 = 72.
            #expect(rows[1]["height"]?.number == 72)
            // x² raised 10: 16.186 + 10 + 4.101 = 30.287 → 31, at top 4 with 40 − 44 = 0 below: 35 < 44.
            #expect(rows[2]["subviews"]?["note"]?.array?[3].number == 31)
            // The header: one line of 34 pt (40.574 → 41) between the grouped paddings 30 and 8.
            #expect(section["header"]?["height"]?.number == 79)
        }
    }
}
