import CellLayout
import Foundation
import Testing

/// The format reference (`Sources/CellLayout/CellLayout.docc/JSONFormat.md`, with the
/// metrics' names in `Metrics.md`) is the format's contract in the repository. These tests
/// hold it to the decoder: every table of keys (`<!-- keys: NAME -->` before it) lists
/// exactly the keys the decoder takes there, and every JSON example (`<!-- example: KIND -->`
/// before it) decodes and lays out — the layout shown beside a table being exactly what
/// `layout` writes for it.
@Suite struct FormatReferenceTests {
    /// `Sources/CellLayout/CellLayout.docc/NAME` in the checkout.
    static func article(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CellLayout/CellLayout.docc/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The keys of each `<!-- keys: NAME -->` table in `text`: every backquoted name in the
    /// first column of the table that follows the marker.
    static func keyTables(_ text: String) -> [String: [String]] {
        var tables: [String: [String]] = [:]
        let lines = text.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            guard let name = line.firstMatch(of: /^<!-- keys: (\w+) -->$/)?.1 else { continue }
            var keys: [String] = []
            // The header row and its rule, then one row per key.
            for row in lines[(i + 3)...].prefix(while: { $0.hasPrefix("|") }) {
                let first = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
                keys += first.matches(of: /`([^`]+)`/).map { String($0.1) }
            }
            tables[String(name), default: []] += keys
        }
        return tables
    }

    /// A fenced block and the `<!-- example: KIND -->` marker on the line before its fence.
    struct Block {
        let language: String
        let marker: String?
        let text: String
        let line: Int
    }

    /// Every fenced code block of `text`.
    static func blocks(_ text: String) -> [Block] {
        var blocks: [Block] = []
        let lines = text.components(separatedBy: "\n")
        var i = 0
        while i < lines.count {
            if let language = lines[i].firstMatch(of: /^```(\w*)$/)?.1 {
                let previous = i > 0 ? lines[i - 1] : ""
                let marker = previous.firstMatch(of: /^<!-- example: (.+) -->$/).map { String($0.1) }
                let end = lines[(i + 1)...].firstIndex(of: "```") ?? lines.count
                blocks.append(Block(language: String(language), marker: marker,
                                    text: lines[(i + 1)..<end].joined(separator: "\n"), line: i + 1))
                i = end + 1
            } else {
                i += 1
            }
        }
        return blocks
    }

    /// Where each table of keys is decoded: a document with `%` where an object's members
    /// go. The first member there is an unknown key, so the decoder names the keys it takes.
    static let probes: [(name: String, document: String)] = [
        ("TABLE", #"{%}"#),
        ("SAFEAREA", #"{"width": 375, "safeArea": {%}}"#),
        ("SECTION", #"{"width": 375, "sections": [{%}]}"#),
        ("ROW", #"{"width": 375, "rows": [{%}]}"#),
        ("EDITING", #"{"width": 375, "rows": [{"editing": {%}}]}"#),
        ("SWIPEACTION", #"{"width": 375, "rows": [{"swipeActions": [{%}]}]}"#),
        ("ACCESSORY", #"{"width": 375, "rows": [{"accessory": {%}}]}"#),
        ("SIZE", #"{"width": 375, "rows": [{"subviews": [{"kind": "view", "size": {%}}]}]}"#),
        ("IMAGE", #"{"width": 375, "rows": [{"image": {%}}]}"#),
        ("IMAGE", #"{"width": 375, "rows": [{"content": {"configuration": "cell", "image": {%}}}]}"#),
        ("VIEW", #"{"width": 375, "rows": [{"subviews": [{%}]}]}"#),
        ("VIEW", #"{"width": 375, "rows": [{"accessory": {"view": {%}}}]}"#),
        ("FRAME", #"{"width": 375, "rows": [{"subviews": [{"kind": "view", "frame": {%}}]}]}"#),
        ("RECT", #"{"width": 375, "rows": [{"subviews": [{"kind": "view", "frame": {"x": 0, %}}]}]}"#),
        ("NESTEDRECT", #"{"width": 375, "rows": [{"subviews": [{"kind": "view", "frame": {"origin": [0, 0], %}}]}]}"#),
        ("FONT", #"{"width": 375, "rows": [{"text": "a", "font": {%}}]}"#),
        ("FONT", #"{"width": 375, "metrics": {"textFont": {%}}}"#),
        ("FONT", #"{"width": 375, "rows": [{"text": [{"text": "a", "font": {%}}]}]}"#),
        ("RUN", #"{"width": 375, "rows": [{"text": [{%}]}]}"#),
        ("PARAGRAPH", #"{"width": 375, "rows": [{"text": "a", "paragraph": {%}}]}"#),
        ("CONTENT", #"{"width": 375, "rows": [{"content": {%}}]}"#),
        ("CELLACCESSORY", #"{"width": 375, "rows": [{"content": {"configuration": "cell"}, "accessories": [{%}]}]}"#),
        ("VIEW", #"{"width": 375, "rows": [{"content": {"configuration": "cell"}, "accessories": [{"kind": "customView", "placement": "trailing", "view": {%}}]}]}"#),
        ("TEXTPROPERTIES", #"{"width": 375, "rows": [{"content": {"configuration": "cell", "textProperties": {%}}}]}"#),
        ("TEXTPROPERTIES", #"{"width": 375, "rows": [{"content": {"configuration": "cell", "secondaryTextProperties": {%}}}]}"#),
        ("TEXTPROPERTIES", #"{"width": 375, "sections": [{"headerContent": {"configuration": "plainHeader", "textProperties": {%}}}]}"#),
        ("IMAGEPROPERTIES", #"{"width": 375, "rows": [{"content": {"configuration": "cell", "imageProperties": {%}}}]}"#),
        ("MARGINS", #"{"width": 375, "rows": [{"content": {"configuration": "cell", "directionalLayoutMargins": {%}}}]}"#),
        ("HEADERCONTENT", #"{"width": 375, "sections": [{"headerContent": {%}}]}"#),
        ("HEADERCONTENT", #"{"width": 375, "sections": [{"footerContent": {%}}]}"#),
        ("METRICS", #"{"width": 375, "metrics": {%}}"#),
    ]

    /// The documented tables: JSONFormat.md's, and Metrics.md's table of metric names.
    static func documentedKeys() throws -> [String: [String]] {
        let format = try article("JSONFormat.md"), metrics = try article("Metrics.md")
        return keyTables(format).merging(keyTables(metrics)) { $0 + $1 }
    }

    @Test(arguments: probes.map { "\($0.name) \($0.document)" })
    func everyTableOfKeysIsTheDecodersList(_ probe: String) throws {
        let name = String(probe.prefix { $0 != " " })
        let document = String(probe.drop { $0 != " " }.dropFirst())
        let documented = try #require(try Self.documentedKeys()[name], "no <!-- keys: \(name) --> table")
        let json = try JSONParser.parse(document.replacingOccurrences(of: "%", with: #""notADocumentedKey": 0"#))
        do {
            _ = try TableDecoder(fonts: TestFonts.library).decode(json)
            Issue.record("\(name): an unknown key was taken")
        } catch {
            let known = try #require(error.knownKeys, "\(name): \(error)")
            #expect(Set(documented) == Set(known),
                    "\(name): documented but not decoded: \(Set(documented).subtracting(known).sorted()); decoded but not documented: \(Set(known).subtracting(documented).sorted())")
            #expect(documented.count == Set(documented).count, "\(name): a key is listed twice")
        }
    }

    @Test func everyTableOfKeysIsChecked() throws {
        let checked = Set(Self.probes.map(\.name) + ["MEASURE", "OUTPUT", "OUTPUTROW"])
        #expect(Set(try Self.documentedKeys().keys) == checked)
    }

    @Test func everyJSONExampleIsMarkedAndDecodes() throws {
        var table: JSONValue?
        var kinds: Set<String> = []
        for block in Self.blocks(try Self.article("JSONFormat.md")) where block.language == "json" {
            let marker = try #require(block.marker, "JSONFormat.md:\(block.line): a json block needs <!-- example: KIND -->")
            kinds.insert(marker)
            switch marker {
            case "table":
                let document = try JSONParser.parse(block.text)
                _ = try Tables.layout(document)
                table = document
            case "layout of the table above":
                let document = try #require(table, "JSONFormat.md:\(block.line): no table above")
                #expect(try Tables.output(try Tables.layout(document)) == (try JSONParser.parse(block.text)),
                        "JSONFormat.md:\(block.line): not the layout of the table above")
            case "measure":
                let result = try CLI.run(["measure", "--width", "343", "--no-system-fonts"], stdin: Array((block.text + "\n").utf8))
                #expect(result.status == 0, "JSONFormat.md:\(block.line): \(result.stderr)")
                #expect(result.stdout.split(separator: "\n").count == block.text.split(separator: "\n").count)
            case "rows":
                let result = try CLI.run(["layout", "--jsonl", "--width", "375", "--no-system-fonts"],
                                         stdin: Array((block.text + "\n").utf8))
                #expect(result.status == 0, "JSONFormat.md:\(block.line): \(result.stderr)")
            default:
                Issue.record("JSONFormat.md:\(block.line): unknown example kind \"\(marker)\"")
            }
        }
        #expect(kinds == ["table", "layout of the table above", "measure", "rows"])
    }

    /// `measure` takes any key (others are ignored), so its table is held to the examples:
    /// every documented key is in one, and they measure.
    @Test func everyMeasureKeyIsInAnExample() throws {
        let text = try Self.article("JSONFormat.md")
        let examples = Self.blocks(text).filter { $0.marker == "measure" }
        let used = Set(try examples.flatMap { block in
            try block.text.split(separator: "\n").flatMap { line -> [String] in
                guard case .object(let members) = try JSONParser.parse(String(line)) else { return [] }
                return members.map(\.key)
            }
        })
        let documented = try #require(Self.keyTables(text)["MEASURE"])
        #expect(Set(documented) == used)
    }

    /// The output tables list every key `layout` writes, for a table and a row (a swiped-open
    /// row has the optional `visibleContent`, a list cell with accessories `accessories`).
    @Test func outputTablesListWhatLayoutWrites() throws {
        let documented = try Self.documentedKeys()
        let output = try Tables.output(try Tables.layout(try JSONParser.parse(#"""
            {"width": 320, "sections": [{"header": "A", "rows": [
              {"text": "a", "swipeActions": [{"title": "Delete"}], "swipeOpen": true}, {"text": "b"},
              {"content": {"configuration": "cell", "text": "c"}, "accessories": ["disclosureIndicator"]}]}]}
            """#)))
        guard case .object(let table) = output, case .array(let sections)? = output["sections"],
              case .object(let section) = sections[0], case .array(let rows)? = sections[0]["rows"] else {
            Issue.record("not a layout: \(output)")
            return
        }
        let rowKeys = rows.flatMap { row -> [String] in
            guard case .object(let members) = row else { return [] }
            return members.map(\.key)
        }
        #expect(Set(documented["OUTPUT"] ?? []) == Set(table.map(\.key) + section.map(\.key)))
        #expect(Set(documented["OUTPUTROW"] ?? []) == Set(rowKeys))
    }

    /// SPEC: "a subview needs one only to name it in the output": one without an id is laid
    /// out and named by its place in the row's list.
    @Test func aSubviewWithoutAnIDIsNamedByItsPlace() throws {
        let output = try Tables.output(try Tables.layout(try JSONParser.parse(#"""
            {"width": 320, "rows": [{"subviews": [
              {"id": "title", "kind": "label", "text": "Do Not Disturb", "frame": {"left": 16, "centerY": 0}},
              {"kind": "switch", "frame": {"right": 16, "centerY": 0}}]}]}
            """#)))
        // The switch: 51 × 31 at 320 − 16 − 51 = 253, centred in the 44-pt row: (44 − 31) / 2 = 6.5.
        #expect(Tables.value(output, at: "sections.0.rows.0.subviews.subviews[1]") == .array([.number(253), .number(6.5), .number(51), .number(31)]))
        #expect(Tables.value(output, at: "sections.0.rows.0.subviews.title") != nil)
        // Two views may not take one name, given or by place.
        #expect(throws: InputError.self) {
            try Tables.layout(try JSONParser.parse(#"""
                {"width": 320, "rows": [{"subviews": [{"kind": "switch"}, {"id": "subviews[0]", "kind": "switch"}]}]}
                """#))
        }
    }

    /// `--help` points to the reference, in the repository, not to a file beside it.
    @Test(arguments: [["--help"], ["layout", "--help"], ["measure", "--help"]])
    func helpPointsToTheReference(_ arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.stdout.replacingOccurrences(of: "\n", with: " ").contains("Sources/CellLayout/CellLayout.docc/JSONFormat.md"))
        #expect(!result.stdout.contains("SPEC.md"))
    }

    // MARK: Values

    /// The value column of each `<!-- keys: NAME -->` table: NAME → key → the cell.
    static func valueCells(_ text: String) -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        let lines = text.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            guard let name = line.firstMatch(of: /^<!-- keys: (\w+) -->$/)?.1 else { continue }
            for row in lines[(i + 3)...].prefix(while: { $0.hasPrefix("|") }) {
                let cells = row.split(separator: "|", omittingEmptySubsequences: true).map(String.init)
                guard cells.count > 1, let key = cells[0].firstMatch(of: /`([^`]+)`/)?.1 else { continue }
                tables[String(name), default: [:]][String(key)] = cells[1]
            }
        }
        return tables
    }

    /// The names a value cell lists: its backquoted words before any parenthesis
    /// (`plain`, `grouped`, `insetGrouped` (`ios13` or later) → plain, grouped, insetGrouped).
    static func listedValues(_ cell: String) -> [String] {
        let head = cell.split(separator: "(", maxSplits: 1).first.map(String.init) ?? cell
        return head.matches(of: /`([A-Za-z][A-Za-z0-9]*)`/).map { String($0.1) }
    }

    /// Keys whose values are names: the table, the key, and a document with `%` where the
    /// value goes.
    static let valueProbes: [(name: String, key: String, document: String)] = [
        ("TABLE", "style", #"{"width": 375, "rows": [], "style": %}"#),
        ("TABLE", "platform", #"{"width": 375, "rows": [], "platform": %}"#),
        ("TABLE", "semanticContentAttribute", #"{"width": 375, "rows": [], "semanticContentAttribute": %}"#),
        ("ROW", "style", #"{"width": 375, "rows": [{"text": "a", "style": %}]}"#),
        ("ROW", "lineBreakMode", #"{"width": 375, "rows": [{"text": "a", "lineBreakMode": %}]}"#),
        ("ROW", "accessory", #"{"width": 375, "rows": [{"accessory": %}]}"#),
        ("EDITING", "control", #"{"width": 375, "rows": [{"editing": {"control": %}}]}"#),
        ("SWIPEACTION", "style", #"{"width": 375, "rows": [{"swipeActions": [{"title": "A", "style": %}]}]}"#),
        ("VIEW", "autoresizing", #"{"width": 375, "rows": [{"subviews": [{"kind": "switch", "autoresizing": [%]}]}]}"#),
        ("FONT", "weight", #"{"width": 375, "rows": [{"text": "a", "font": {"weight": %}}]}"#),
        ("PARAGRAPH", "alignment", #"{"width": 375, "rows": [{"text": "a", "paragraph": {"alignment": %}}]}"#),
        ("CONTENT", "configuration", #"{"width": 375, "rows": [{"content": {"configuration": %}}]}"#),
        ("TEXTPROPERTIES", "lineBreakMode",
         #"{"width": 375, "rows": [{"content": {"configuration": "cell", "textProperties": {"lineBreakMode": %}}}]}"#),
    ]

    /// Every value a table lists decodes where it goes, and every value the decoder names
    /// in its error for an unknown one is listed.
    @Test(arguments: valueProbes.map { "\($0.name) \($0.key) \($0.document)" })
    func everyListedValueDecodesAndNoneIsMissing(_ probe: String) throws {
        let parts = probe.split(separator: " ", maxSplits: 2).map(String.init)
        let (name, key, document) = (parts[0], parts[1], parts[2])
        let cell = try #require(Self.valueCells(try Self.article("JSONFormat.md"))[name]?[key], "\(name).\(key) is not in its table")
        let listed = Self.listedValues(cell)
        #expect(!listed.isEmpty, "\(name).\(key): no values listed in \(cell)")
        let decoder = TableDecoder(fonts: TestFonts.library)
        for value in listed {
            #expect(throws: Never.self, "\(name).\(key): \"\(value)\"") {
                try decoder.decode(try JSONParser.parse(document.replacingOccurrences(of: "%", with: "\"\(value)\"")))
            }
        }
        do {
            _ = try decoder.decode(try JSONParser.parse(document.replacingOccurrences(of: "%", with: #""qqqqqqqqqq""#)))
            Issue.record("\(name).\(key): an unknown value was taken")
        } catch {
            let known = try #require("\(error)".firstMatch(of: /expected one of ([^)]*)\)/)?.1, "\(error)")
            // (Plain names: the accessory's list ends "or {"view": …}".)
            let names = known.components(separatedBy: ", ").filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
            let missing = Set(names).subtracting(listed)
            #expect(missing.isEmpty, "\(name).\(key): the decoder takes \(missing.sorted()), which the table does not list")
        }
    }
}
