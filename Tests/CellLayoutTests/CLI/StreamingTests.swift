import CellLayout
import Foundation
import Testing

/// JSON Lines streaming through `measure` and `layout --jsonl`: order kept across batches
/// and threads, bad rows named by line, `--keep-going`, no progress off a terminal.
@Suite struct StreamingTests {
    /// 5,000 rows (more than two batches) of varied length.
    static let input: [UInt8] = Array((0..<5000).map { i in
        "{\"id\": \(i), \"text\": \"Row \(i) " + String(repeating: "word ", count: i % 37) + "\"}\n"
    }.joined().utf8)

    @Test func measureKeepsOrderAcrossBatchesAndThreads() throws {
        let result = try CLI.run(["measure", "--width", "200", "--no-system-fonts"], stdin: Self.input)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5000)
        for (i, line) in lines.enumerated() where i % 97 == 0 {
            let row = try JSONParser.parse(String(line))
            #expect(row["id"] == .number(Double(i)))
            let text = "Row \(i) " + String(repeating: "word ", count: i % 37)
            let lines = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: 200).lineCount
            #expect(row["lines"] == .number(Double(lines)))
        }
    }

    @Test func layoutStreamsRowsWithRunningOffsets() throws {
        let result = try CLI.run(["layout", "--jsonl", "-", "--width", "375", "--quiet", "--no-system-fonts"], stdin: Self.input)
        #expect(result.status == 0)
        let rows = try result.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(rows.count == 5000)
        var y = 0.0
        for row in rows {
            #expect(row["y"]!.number! == (y * 1000).rounded() / 1000)
            y += row["height"]!.number!
        }
        // The same rows as one table give the same heights.
        let table = try Tables.layout(.object([("width", .number(375)), ("rows", .array(
            try rows.prefix(300).indices.map { i in
                try JSONParser.parse("{\"id\": \(i), \"text\": \"Row \(i) " + String(repeating: "word ", count: i % 37) + "\"}")
            }))]))
        for i in 0..<300 { #expect(table.sections[0].rows[i].height == rows[i]["height"]!.number!) }
    }

    /// With --widths each row's layouts are written one after the other: each the line
    /// --width gives at that width, byte for byte, less its id (rows without custom
    /// subviews, whose layout at a width does not depend on the width before it). Rows of
    /// every length, some with a detail, a checkmark, an image, swipe actions or a
    /// value beside it, so that the layouts differ in length.
    @Test func layoutAtSeveralWidthsWritesEachWidthsLineInTurn() throws {
        let kinds = [#""detailText": "Detail", "style": "subtitle""#, #""accessory": "checkmark""#,
                     #""image": {"width": 40, "height": 40}"#, #""swipeActions": [{"title": "Delete"}]"#,
                     #""style": "value1", "detailText": "Value""#, #""indentationLevel": 2"#]
        let input = Array((0..<400).map { i in
            "{\"id\": \(i), \"text\": \"Row \(i) " + String(repeating: "word ", count: i % 37) + "\", "
                + kinds[i % kinds.count] + "}\n"
        }.joined().utf8)
        let widths = [320.0, 375, 768]
        let several = try CLI.run(["layout", "--jsonl", "-", "--widths", "320,375,768", "--quiet", "--no-system-fonts"],
                                  stdin: input)
        #expect(several.status == 0)
        let each = try widths.map { width in
            let one = try CLI.run(["layout", "--jsonl", "-", "--width", "\(Int(width))", "--quiet", "--no-system-fonts"],
                                  stdin: input)
            #expect(one.status == 0)
            return one.stdout.split(separator: "\n")
        }
        let lines = several.stdout.split(separator: "\n")
        #expect(lines.count == 400)
        for (i, line) in lines.enumerated() {
            let id = "{\"id\":\(i),"
            let layouts = each.map { "{" + $0[i].dropFirst(id.count) }
            #expect(line == id + "\"layouts\":[" + layouts.joined(separator: ",") + "]}")
        }
    }

    @Test func aBadRowStopsTheStreamAfterTheRowsBeforeIt() throws {
        var input = Array(Self.input.prefix(while: { _ in true }))
        input += Array("{\"text\": [1]}\n{\"text\": \"after\"}\n".utf8)
        let result = try CLI.run(["measure", "--width", "200"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stderr == "<stdin>:5001: text[0]: expected an object, got a number\n")
        #expect(result.stdout.split(separator: "\n").count == 5000)
        #expect(result.stdout.hasSuffix("}\n"))
    }

    @Test func keepGoingSkipsBadRowsAndSaysHowMany() throws {
        let input = Array("{\"text\": \"a\"}\n{\"text\": null}\n[]\n{\"text\": \"b\"}\n".utf8)
        let result = try CLI.run(["measure", "--width", "200", "--keep-going"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stderr == """
            <stdin>:2: text: expected a string or an array of runs, got null
            <stdin>:3: expected a JSON object, got an array
            <stdin>: 2 bad rows skipped, 2 written

            """)
    }

    @Test func layoutStreamErrorsCarryTheRowPath() throws {
        let input = Array("{\"text\": \"a\"}\n{\"editing\": {\"control\": \"remove\"}}\n".utf8)
        let result = try CLI.run(["layout", "--jsonl", "-", "--width", "375"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stderr == "<stdin>:2: editing.control: unknown editing control \"remove\" (expected one of none, delete, insert)\n")
        let missingWidth = try CLI.run(["layout", "--jsonl", "-"], stdin: input)
        #expect(missingWidth.status == 1)
        #expect(missingWidth.stderr == "--width: required with --jsonl (or --widths a,b,c)\n")
    }
}

/// The progress line shows on a terminal only (run under `script`, which gives the command
/// a pseudo-terminal), and `--quiet` silences it.
@Suite struct ProgressTests {
    func runOnATerminal(_ extra: String) throws -> String {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString).jsonl")
        try Data(StreamingTests.input).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let command = "\(CLI.executable.path) measure --width 200 --no-system-fonts \(extra) \(input.path) > /dev/null"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressShowsOnATerminalUnlessQuiet() throws {
        let shown = try runOnATerminal("")
        #expect(shown.contains("rows/s"))
        #expect(shown.contains("%  ETA "))
        #expect(!(try runOnATerminal("--quiet")).contains("rows/s"))
    }

    @Test func aPrettyPrintedDocumentGetsTheOneObjectPerLineHint() throws {
        // The first line of a pretty-printed object is "{": the line ends where a key should be.
        let pretty = Array("{\n  \"id\": 1,\n  \"text\": \"Wi-Fi\"\n}\n".utf8)
        let hint = "reads one JSON object per line: a value that spans several lines, such as a pretty-printed "
            + "document, must be written on one, e.g. with jq -c)\n"
        let measure = try CLI.run(["measure", "--width", "200", "--no-system-fonts"], stdin: pretty)
        #expect(measure.status == 1)
        #expect(measure.stderr == "<stdin>:1: invalid JSON: column 2: expected a string key, found the end of the input (measure \(hint)")
        let layout = try CLI.run(["layout", "--jsonl", "--width", "375", "--no-system-fonts"], stdin: pretty)
        #expect(layout.status == 1)
        #expect(layout.stderr
            == "<stdin>:1: invalid JSON: column 2: expected a string key, found the end of the input (layout --jsonl \(hint)")
        // A table document on one line: each line is a row.
        let document = Array(#"{"width": 375, "rows": [{"text": "a"}]}"#.utf8 + [0x0A])
        let measured = try CLI.run(["measure", "--width", "200", "--no-system-fonts"], stdin: document)
        #expect(measured.status == 1)
        #expect(measured.stderr == #"<stdin>:1: this line is a table document (it has "rows"): measure reads one {"id", "text"} per line; lay a table document out with layout FILE, without --jsonl"# + "\n")
        let laidOut = try CLI.run(["layout", "--jsonl", "--width", "375", "--no-system-fonts"], stdin: document)
        #expect(laidOut.stderr == #"<stdin>:1: this line is a table document (it has "rows"): layout --jsonl reads one ROW per line; lay a table document out with layout FILE, without --jsonl"# + "\n")
        // A line that is bad in the middle gets no hint.
        let bad = try CLI.run(["measure", "--width", "200", "--no-system-fonts"], stdin: Array("{\"text\": }\n".utf8))
        #expect(bad.stderr == "<stdin>:1: invalid JSON: column 10: expected a value, found '}'\n")
    }
}
