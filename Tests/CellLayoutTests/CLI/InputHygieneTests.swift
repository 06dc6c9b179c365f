import CellLayout
import Foundation
import Testing

/// What JSONFormat.md promises about odd input — a byte order mark, lone surrogate
/// escapes, NUL — and that output does not depend on runs or threads.
@Suite struct InputHygieneTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse(Self.bom + Array(#"{"a": 1}"#.utf8)) == .object([("a", .number(1))]))
        // Only at the very start: anywhere else it is text that is not JSON.
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(" ".utf8) + Self.bom + Array("1".utf8)) }
    }

    @Test func aByteOrderMarkIsAcceptedByTheCommands() throws {
        let rows = Self.bom + Array(#"{"id": 1, "text": "Hello"}"#.utf8) + [0x0A]
        let measured = try CLI.run(["measure", "--width", "100"], stdin: rows)
        #expect(measured.status == 0, "\(measured.stderr)")
        #expect(measured.stdout.hasPrefix(#"{"id":1,"lines":1"#))
        let document = Self.bom + Array(#"{"width": 320, "sections": [{"rows": [{"text": "Hi"}]}]}"#.utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(getpid()).json")
        try Data(document).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let laid = try CLI.run(["layout", file.path])
        #expect(laid.status == 0, "\(laid.stderr)")
    }

    @Test func loneSurrogateEscapesReadAsTheReplacementCharacter() throws {
        #expect(try JSONParser.parse(#""a\ud800b""#) == .string("a\u{FFFD}b"))
        #expect(try JSONParser.parse(#""\udc00""#) == .string("\u{FFFD}"))
        #expect(try JSONParser.parse(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test func nulIsATextCharacterWhenEscapedAndAnErrorWhenRaw() throws {
        #expect(try JSONParser.parse(#""a\u0000b""#) == .string("a\u{0}b"))
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0x61, 0x00, 0x62, 0x22]) }
        // Measured like any other character (the font's glyph for it), one line.
        let layout = TestFonts.engine.prepare("a\u{0}b", font: TestFonts.inter17).fit(width: 300)
        #expect(layout.lineCount == 1 && layout.usedWidth > 0 && layout.usedWidth.isFinite)
    }

    /// An error quoting a value or a name with a line break in it stays one line (SPEC.md: one
    /// line on stderr naming where and what): the break is written as its JSON escape. Found by
    /// the cli fuzzer (Tests/Fuzz/regressions/cli/two-line-error: an unknown cell style
    /// holding "\n"); before, the message ran over several lines.
    @Test func anErrorQuotingALineBreakStaysOneLine() throws {
        let row = #"{"id": 0, "style": "defaul\nhair\u2028x\u001b"}"#
        let result = try CLI.run(["layout", "--jsonl", "--width", "375", "--no-system-fonts"], stdin: Array((row + "\n").utf8))
        #expect(result.status == 1)
        #expect(result.stderr == #"<stdin>:1: style: unknown cell style "defaul\nhair\u2028x\u001B" (expected one of default, value1, value2, subtitle)"# + "\n")
        // A file name with a line break, in the CLI's own messages.
        let missing = try CLI.run(["layout", "no\nsuch.json", "--no-system-fonts"])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.hasPrefix(#"no\nsuch.json: "#))
        // The library's errors: path and message alike.
        #expect(InputError(path: "rows[0].a\tb", "x\r\u{85}y").description == #"rows[0].a\tb: x\r\u0085y"#)
        #expect(InputError.oneLine("plain: “quoted” 😀") == "plain: “quoted” 😀")
    }

    /// Rows of every example text and style, repeated: enough to be laid out on all cores.
    static func exampleRows() throws -> [JSONValue] {
        let lines = try String(contentsOf: TestFonts.packageRoot.appendingPathComponent("Examples/rows.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONParser.parse(String($0)) }
        return (0..<40).flatMap { _ in lines }
    }

    @Test func aTableLaidOutOnAllCoresEqualsOneLaidOutRowByRow() throws {
        let rows = try Self.exampleRows()
        #expect(rows.count >= 64, "fewer rows than TableLayout lays out in parallel")
        let document = JSONValue.object([("width", .number(375)), ("sections", .array([.object([("rows", .array(rows))])]))])
        let parallel = try Tables.layout(document)
        // The same rows inserted one at a time: each laid out alone, on the calling thread.
        let empty = try Tables.layout(.object([("width", .number(375)), ("sections", .array([.object([("rows", .array([]))])]))]))
        for (i, cell) in parallel.spec.sections[0].rows.enumerated() {
            try empty.insertRows([cell], at: RowPath(section: 0, row: i))
        }
        var a = JSONWriter(), b = JSONWriter()
        TableEncoder.encode(parallel, into: &a)
        TableEncoder.encode(empty, into: &b)
        #expect(a.bytes == b.bytes)
    }

    @Test func theCommandsGiveByteIdenticalOutputRunAfterRun() throws {
        let rows = try Self.exampleRows()
        var input: [UInt8] = []
        for row in rows {
            var writer = JSONWriter()
            writer.write(row)
            input += writer.bytes + [0x0A]
        }
        for arguments in [["layout", "--jsonl", "-", "--width", "375"], ["measure", "--width", "200", "--detail"]] {
            let first = try CLI.run(arguments, stdin: input), second = try CLI.run(arguments, stdin: input)
            #expect(first.status == 0 && !first.stdout.isEmpty, "\(arguments): \(first.stderr)")
            #expect(first.stdout == second.stdout, "\(arguments)")
        }
    }
}
