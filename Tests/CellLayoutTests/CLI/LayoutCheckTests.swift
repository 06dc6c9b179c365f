import CellLayout
import Foundation
import Testing

/// `layout-cli layout --check golden.json`: the golden-file comparison and its errors.
///
/// The golden files here are the command's own output with known edits, so the expected
/// differences are exactly the edits (the layout values themselves are checked elsewhere).
@Suite struct LayoutCheckTests {
    static let table = """
        {"width": 320, "sections": [{"header": "Sound", "rows": [
          {"id": "sounds", "text": "Sounds", "subviews": [{"id": "switch", "kind": "switch", "frame": {"right": 5, "centerY": 0},
            "autoresizing": ["flexibleLeftMargin", "flexibleTopMargin", "flexibleBottomMargin"]}]},
          {"id": "ring", "text": "Ringtone", "detailText": "Opening", "style": "value1", "accessory": "disclosureIndicator"}]}]}
        """

    /// Writes `text` to a temporary file, runs `body` with its path, removes it.
    func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// The table's layout as `layout` writes it, parsed.
    func golden(_ arguments: [String] = []) throws -> JSONValue {
        try withFile(Self.table) { path in
            let result = try CLI.run(["layout", path, "--no-system-fonts"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return try JSONParser.parse(result.stdout)
        }
    }

    /// Runs `layout table --check golden` with `golden` written to a file.
    func check(_ golden: JSONValue, _ arguments: [String] = []) throws -> CLI.Result {
        var writer = JSONWriter()
        writer.write(golden)
        return try withFile(Self.table) { table in
            try withFile(String(decoding: writer.bytes, as: UTF8.self)) { file in
                try CLI.run(["layout", table, "--no-system-fonts", "--check", file] + arguments)
            }
        }
    }

    /// `value` with the member at `path` (dotted, numbers index arrays) replaced.
    func edit(_ value: JSONValue, _ path: ArraySlice<Substring>, _ replacement: JSONValue?) -> JSONValue? {
        guard let head = path.first else { return replacement }
        switch value {
        case .array(var list):
            let i = Int(head)!
            if let new = edit(list[i], path.dropFirst(), replacement) { list[i] = new } else { list.remove(at: i) }
            return .array(list)
        case .object(var members):
            let i = members.firstIndex { $0.key == head }!
            if let new = edit(members[i].value, path.dropFirst(), replacement) {
                members[i].value = new
            } else {
                members.remove(at: i)
            }
            return .object(members)
        default: return value
        }
    }

    func edit(_ value: JSONValue, _ path: String, _ replacement: JSONValue?) -> JSONValue {
        edit(value, path.split(separator: ".")[...], replacement)!
    }

    @Test func theSameLayoutMatches() throws {
        let result = try check(try golden())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "" && result.stderr == "")
    }

    @Test func everyDifferingRowAndFrameIsListed() throws {
        let golden = try golden()
        let height = Tables.value(golden, at: "sections.0.rows.1.height")!.number!
        var edited = edit(golden, "sections.0.rows.1.height", .number(height + 2))
        edited = edit(edited, "sections.0.rows.0.subviews.switch", .array([1, 2, 3, 4].map { .number($0) }))
        edited = edit(edited, "sections.0.rows.1.detailTextLabel", .null)
        let result = try check(edited)
        #expect(result.status == 1)
        let switchFrame = Tables.value(golden, at: "sections.0.rows.0.subviews.switch")!
        let detail = Tables.value(golden, at: "sections.0.rows.1.detailTextLabel")!
        func text(_ value: JSONValue) -> String {
            var writer = JSONWriter()
            writer.write(value)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        // In document order, each frame whole, each row named by its id.
        #expect(result.stdout == """
            sections[0].rows[0].subviews.switch (row "sounds"): \(text(switchFrame)), golden [1,2,3,4]
            sections[0].rows[1].height (row "ring"): \(height.formatted3), golden \((height + 2).formatted3)
            sections[0].rows[1].detailTextLabel (row "ring"): \(text(detail)), golden null

            """)
        #expect(result.stderr.hasSuffix(": 3 differences from the layout (tolerance 0)\n"), "\(result.stderr)")
    }

    @Test func numbersWithinTheToleranceMatch() throws {
        let golden = try golden()
        let y = Tables.value(golden, at: "sections.0.rows.1.y")!.number!
        let edited = edit(golden, "sections.0.rows.1.y", .number(y + 0.4))
        #expect(try check(edited, ["--tolerance", "0.5"]).status == 0)
        let strict = try check(edited)
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix("sections[0].rows[1].y (row \"ring\"): "))
        let outside = try check(edit(golden, "sections.0.rows.1.y", .number(y + 0.6)), ["--tolerance", "0.5"])
        #expect(outside.status == 1)
    }

    @Test func missingAndExtraRowsAreListed() throws {
        let golden = try golden()
        let fewer = try check(edit(golden, "sections.0.rows.1", nil))
        #expect(fewer.status == 1)
        #expect(fewer.stdout.hasPrefix("sections[0].rows[1] (row \"ring\"): {\"id\":\"ring\""))
        #expect(fewer.stdout.hasSuffix(", golden missing\n"))
    }

    @Test func rotationSequencesCompareLayoutByLayout() throws {
        let golden = try golden(["--widths", "375,667"])
        #expect(try check(golden, ["--widths", "375,667"]).status == 0)
        let other = try check(golden, ["--widths", "375,668"])
        #expect(other.status == 1)
        #expect(other.stdout.hasPrefix("layouts[1].width: 668, golden 667\n"))
        let single = try check(golden)
        #expect(single.status == 1)
        #expect(single.stderr.hasSuffix(#"holds a rotation sequence ({"layouts": …}): check it with --widths"# + "\n"))
    }

    struct BadGolden: CustomTestStringConvertible, Sendable {
        let text: String, message: String
        var testDescription: String { message }
    }

    static let badGoldens: [BadGolden] = [
        .init(text: table, message: "contentHeight: missing: a layout has a number here (is this a table, not its layout?)"),
        .init(text: #"{"width": 320, "rows": []}"#, message: #"not a layout: missing "sections" (is this a table, not its layout?)"#),
        .init(text: #"{"width": 320, "contentHeight": 10, "sections": [{"rows": [{"text": "Wi-Fi"}]}]}"#,
              message: "sections[0].rows[0].y: missing: a layout has a number here (is this a table, not its layout?)"),
        .init(text: "[1, 2]", message: #"not a layout: expected an object with "sections" (or "layouts"), got an array"#),
        .init(text: #"{"width": 320, "contentHeight": "tall", "sections": []}"#, message: "contentHeight: expected a number, got a string"),
        .init(text: #"{"layouts": [{"width": 320, "contentHeight": 0, "sections": [{"rows": [{"y": 0}]}]}]}"#,
              message: "layouts[0].sections[0].rows[0].height: missing: a layout has a number here (is this a table, not its layout?)"),
        .init(text: "{\"width\": 320,\n \"sections\": [}", message: "invalid JSON: line 2, column 15: expected a value, found '}'"),
        // Issue 23: `layout table.json > golden.json` with a layout that fails leaves this.
        .init(text: "", message: "empty: a golden file is what `layout` writes (an empty one is left by `layout … > FILE` when that layout failed: run it again and read its error)"),
        .init(text: "\n", message: "empty: a golden file is what `layout` writes (an empty one is left by `layout … > FILE` when that layout failed: run it again and read its error)"),
    ]

    @Test(arguments: badGoldens) func aFileThatIsNotALayoutIsALocatedError(_ bad: BadGolden) throws {
        try withFile(Self.table) { table in
            try withFile(bad.text) { file in
                let result = try CLI.run(["layout", table, "--no-system-fonts", "--check", file])
                #expect(result.status == 1)
                #expect(result.stdout == "")
                #expect(result.stderr == "\(file): \(bad.message.replacingOccurrences(of: "FILE", with: file))\n")
            }
        }
    }

    @Test func usageErrors() throws {
        try withFile(Self.table) { table in
            #expect(try CLI.run(["layout", table, "--tolerance", "1"]).status == 2)
            let negative = try CLI.run(["layout", table, "--no-system-fonts", "--check", table, "--tolerance", "-1"])
            #expect(negative.status == 1)
            #expect(negative.stderr == "--tolerance: must be a number of points, 0 or more, got -1\n")
            let missing = try CLI.run(["layout", table, "--no-system-fonts", "--check", "/nonexistent/golden.json"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "/nonexistent/golden.json: cannot open: No such file or directory\n")
        }
    }
}
