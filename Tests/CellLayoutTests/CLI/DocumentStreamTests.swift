import CellLayout
import Foundation
import Testing

/// `layout table.json` streams the document (`DocumentLayout`): its output must be the
/// bytes the whole-document path gives (`JSONParser` → `TableDecoder` → `TableLayout` →
/// `TableEncoder`, run here in the library), whatever the order of the document's keys,
/// and its errors the same words at the same line and column. A class so that each test's
/// files are removed when it ends (`deinit`).
@Suite final class DocumentStreamTests {
    private var written: [URL] = []

    deinit { for url in written { try? FileManager.default.removeItem(at: url) } }

    private func write(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        written.append(url)
        return url.path
    }

    /// A fresh, empty folder for the CLI's temporary files.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        written.append(url)
        return url
    }

    /// What the whole-document path gives for `bytes`: the layout's bytes and a newline, or
    /// the error as the CLI words it after the file's name; image files are looked for in
    /// `imageFolder` (the CLI's: the table file's folder).
    static func wholeDocument(_ bytes: [UInt8], width: Double? = nil, imageFolder: String? = nil)
        -> Result<String, CLIMessage> {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            return .failure(CLIMessage(text: "invalid JSON: \(error)"))
        }
        do {
            let table = try Tables.layout(document, width: width, imageFolder: imageFolder)
            var writer = JSONWriter()
            TableEncoder.encode(table, into: &writer)
            return .success(String(decoding: writer.bytes, as: UTF8.self) + "\n")
        } catch {
            return .failure(CLIMessage(text: "\(error)"))
        }
    }

    struct CLIMessage: Error, Equatable { let text: String }

    // MARK: Documents with their keys in every order

    /// Texts of varied length, so rows have 1 to 4 lines.
    static func text(_ i: Int) -> String {
        "Row \(i) " + String(repeating: "word \\\"\(i % 7)\\\" ", count: i % 23)
    }

    /// Row `i`: styles, accessories, ids of every kind, odd fixed heights (so that the
    /// offsets' sums are tested to the last bit), a custom subview now and then.
    static func row(_ i: Int) -> String {
        var members: [String] = []
        switch i % 5 {
        case 0: members.append("\"id\": \(i)")
        case 1: members.append("\"id\": \"r\(i)\"")
        case 2: members.append("\"id\": {\"n\": [\(i), true]}")
        case 3: members.append("\"id\": null")
        default: break
        }
        members.append("\"text\": \"\(text(i))\"")
        if i % 3 == 0 { members += ["\"style\": \"subtitle\"", "\"detailText\": \"\(text(i * 7))\""] }
        let accessories = ["disclosureIndicator", "checkmark", "detailButton", "none"]
        members.append("\"accessory\": \"\(accessories[i % 4])\"")
        if i % 11 == 0 { members.append("\"height\": \(10 + Double(i % 9) / 3 + 0.0005)") }
        if i % 13 == 0 {
            members.append("""
                "subviews": [ {"id": "badge", "kind": "label", "text": "\(i)",
                  "frame": {"right": 8, "centerY": 0}, "autoresizing": ["flexibleLeftMargin"]} ]
                """)
        }
        return "{" + members.joined(separator: i % 2 == 0 ? ", " : ",\n    ") + "}"
    }

    static func rows(_ range: Range<Int>) -> String {
        "[\n  " + range.map(row).joined(separator: ",\n  ") + "\n]"
    }

    /// A grouped table's sections, their keys in the order `order` gives.
    static func sections(_ counts: [Int], order: Int) -> String {
        var start = 0
        var sections: [String] = []
        for (s, count) in counts.enumerated() {
            var members = ["\"rows\": \(rows(start..<(start + count)))"]
            if s % 2 == 0 { members.append("\"header\": \"Section \(s)\"") }
            if s % 3 != 1 { members.append("\"footer\": \"\(text(s * 5))\"") }
            let k = (order + s) % members.count
            sections.append("{" + (members[k...] + members[..<k]).joined(separator: ", ") + "}")
            start += count
        }
        return "[" + sections.joined(separator: ",\n") + "]"
    }

    /// The table keys and its rows, the rows `position`th among them.
    static func document(table: [String], rows: String, position: Int, bom: Bool = false) -> [UInt8] {
        var members = table
        members.insert(rows, at: min(position, members.count))
        return (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(("{" + members.joined(separator: ",\n ") + "}\n").utf8)
    }

    static let tableKeys = [
        "\"width\": 375", "\"style\": \"insetGrouped\"",
        "\"metrics\": {\"scale\": 3, \"textFont\": {\"family\": \"Inter\", \"size\": 16.5}}",
        "\"semanticContentAttribute\": \"forceRightToLeft\"",
    ]

    @Test(arguments: [0, 2, 4])
    func sectionsAnywhereAmongTheTableKeysGiveTheSameBytes(position: Int) throws {
        let bytes = Self.document(table: Self.tableKeys, rows: "\"sections\": " + Self.sections([3, 0, 40, 1, 7], order: position),
                                  position: position, bom: position == 2)
        let result = try CLI.run(["layout", try write(bytes), "--no-system-fonts"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try Self.wholeDocument(bytes).get()))
    }

    @Test(arguments: [1, 4])
    func rowsAnywhereAmongTheTableKeysGiveTheSameBytes(position: Int) throws {
        // More rows than a batch and than the offsets' blocks, through standard input too.
        let table = ["\"style\": \"plain\"", "\"width\": 320", "\"metrics\": {\"scale\": 3}", "\"semanticContentAttribute\": \"unspecified\""]
        let bytes = Self.document(table: table, rows: "\"rows\": " + Self.rows(0..<2500), position: position)
        let expected = try Self.wholeDocument(bytes).get()
        let file = try CLI.run(["layout", try write(bytes), "--no-system-fonts"])
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == expected)
        if position == 4 {
            let stdin = try CLI.run(["layout", "-", "--no-system-fonts", "--width", "320"], stdin: bytes)
            #expect(stdin.stdout == expected)
        }
    }

    @Test func examplesGiveTheSameBytes() throws {
        let examples = TestFonts.packageRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 5)
        for name in names.sorted() {
            let path = examples.appendingPathComponent(name).path
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let result = try CLI.run(["layout", path, "--no-system-fonts"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout == (try Self.wholeDocument(bytes, imageFolder: examples.path).get()), "\(name)")
        }
    }

    // MARK: Errors

    /// Every way of cutting a small document short, and bad bytes put in at every place,
    /// give the whole-document path's error, word for word.
    @Test func brokenDocumentsGiveTheWholeDocumentsErrors() throws {
        let good = Self.document(table: Self.tableKeys, rows: "\"sections\": " + Self.sections([2, 1], order: 1), position: 2)
        var cases: [[UInt8]] = []
        for cut in stride(from: 0, to: good.count, by: 29) { cases.append(Array(good[..<cut])) }
        for (k, at) in stride(from: 1, to: good.count, by: 31).enumerated() {
            let bad: [UInt8] = [Array("}".utf8), Array("]".utf8), Array(",".utf8), Array("x".utf8), Array(":".utf8),
                                Array("\"".utf8), [0xFF], Array("\\".utf8), Array("[[".utf8)][k % 9]
            cases.append(Array(good[..<at]) + bad + Array(good[at...]))
        }
        var mismatches: [String] = []
        for bytes in cases {
            guard case .failure(let expected) = Self.wholeDocument(bytes) else { continue }
            let path = try write(bytes)
            let result = try CLI.run(["layout", path, "--no-system-fonts"])
            if result.status != 1 || result.stdout != "" || result.stderr != "\(path): \(expected.text)\n" {
                mismatches.append("\(String(decoding: bytes, as: UTF8.self))\n  expected: \(expected.text)\n  got: \(result.stderr)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
    }

    @Test func aSyntaxErrorAfterABadRowIsTheOneReported() throws {
        // The whole document's parse fails first, so its error is the one a user sees.
        let bytes = Array("{\"width\": 375, \"rows\": [{\"accessory\": \"chevron\"},\n {\"text\": \"a\" \"b\"}]}".utf8)
        let path = try write(bytes)
        let result = try CLI.run(["layout", path])
        #expect(result.stderr == "\(path): invalid JSON: line 2, column 15: expected ',' or '}' after an object member, found '\"'\n")
        let decodeOnly = try write(Array("{\"rows\": [{\"text\": \"a\"},\n {\"accessory\": \"chevron\"}], \"width\": 375}".utf8))
        let bad = try CLI.run(["layout", decodeOnly])
        #expect(bad.stderr.hasPrefix("\(decodeOnly): rows[1].accessory: unknown accessory \"chevron\""))
    }

    @Test func theRowLimitIsTheDecodersForAStreamToo() throws {
        // The stream counts rows in its outline and asks the decoder's own check.
        #expect(throws: Never.self) { try TableDecoder.checkRowCount(TableSpec.maxRows, path: "rows") }
        #expect(throws: InputError(path: "sections", "more than 5000000 rows, the most one table document may have")) {
            try TableDecoder.checkRowCount(5_000_001, path: "sections")
        }
    }

    @Test func temporaryFilesAreGoneAfterSuccessAndAfterAnError() throws {
        let spill = try folder()
        let good = Self.document(table: Self.tableKeys, rows: "\"rows\": " + Self.rows(0..<300), position: 1)
        let ok = try CLI.run(["layout", "-", "--no-system-fonts"], stdin: good, environment: ["TMPDIR": spill.path])
        #expect(ok.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill.path).isEmpty)
        // A bad row after 3,000 good ones: rows already spilled, then the error.
        let bad = Self.document(table: Self.tableKeys, rows: "\"rows\": " + String(Self.rows(0..<3000).dropLast(2)) + ", {\"style\": 1}]",
                                position: 4)
        let failed = try CLI.run(["layout", "-", "--no-system-fonts"], stdin: bad, environment: ["TMPDIR": spill.path])
        #expect(failed.status == 1)
        #expect(failed.stderr == "<stdin>: rows[3000].style: expected a string, got a number\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spill.path).isEmpty)
        let nowhere = try CLI.run(["layout", try write(good), "--no-system-fonts"], environment: ["TMPDIR": "/nonexistent"])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.hasPrefix("cannot make a temporary file in /nonexistent: "))
    }
}
