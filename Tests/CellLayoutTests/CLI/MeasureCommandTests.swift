import CellLayout
import Foundation
import Testing

/// `layout-cli measure` end to end: output as SPEC.md gives it, and every kind of bad
/// input named, exit code 1 (usage errors 2).
@Suite struct MeasureCommandTests {
    @Test func measuresOneText() throws {
        // "Hello": width 40.6875 (hb-shape), one line of the system font's 17 × 2444 / 2048 =
        // 20.287 (San Francisco's line height) → height 21.
        let result = try CLI.run(["measure", "--width", "343", "--text", "Hello", "--detail"])
        #expect(result.status == 0)
        #expect(result.stdout == "{\"id\":null,\"lines\":1,\"width\":40.688,\"height\":21,\"breaks\":[],\"lineTops\":[0]}\n")
    }

    @Test func keepsIdsAndOrderOfJSONLines() throws {
        let input = """
            {"id": "a", "text": "Hello world", "detail": "ignored"}

            {"id": [1, {"x": true}], "text": "Hi wonderful"}
            {"text": ""}
            """
        let result = try CLI.run(["measure", "--width", "40", "--detail"], stdin: Array(input.utf8))
        #expect(result.status == 0)
        // Lines of 20.287 (system 17: 17 × 2444 / 2048): tops 20.287, 40.574, 60.861; four
        // lines 81.148 → 82.
        #expect(result.stdout.split(separator: "\n") == [
            "{\"id\":\"a\",\"lines\":4,\"width\":34,\"height\":82,\"breaks\":[4,6,10],\"lineTops\":[0,20.287,40.574,60.861]}",
            "{\"id\":[1,{\"x\":true}],\"lines\":4,\"width\":33.59,\"height\":82,\"breaks\":[3,6,10],\"lineTops\":[0,20.287,40.574,60.861]}",
            "{\"id\":null,\"lines\":0,\"width\":0,\"height\":0,\"breaks\":[],\"lineTops\":[]}",
        ])
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        let arguments: [String], stdin: [UInt8], message: String, status: Int32
        var testDescription: String { message }
    }

    static let badInputs: [BadInput] = [
        .init(arguments: ["--width", "-3"], stdin: [], message: "--width: must be a positive number, got -3", status: 1),
        .init(arguments: ["--width", "nan"], stdin: [], message: "--width: must be a positive number, got nan", status: 1),
        .init(arguments: ["--width", "0"], stdin: [], message: "--width: must be a positive number, got 0", status: 1),
        .init(arguments: ["--width", "1e300"], stdin: [], message: "--width: must be at most 1000000, got 1e300", status: 1),
        .init(arguments: ["--width", "100", "--size", "abc"], stdin: [], message: "--size: must be a positive number, got abc", status: 1),
        .init(arguments: ["--width", "100", "--lines", "-1"], stdin: [], message: "--lines: must be a whole number from 0 to 1000000, got -1", status: 1),
        .init(arguments: ["--width", "100", "--break", "wrap"], stdin: [],
              message: "--break: unknown break mode \"wrap\" (did you mean \"word\" or \"char\"? expected one of word, char, clip, head, tail, middle)", status: 1),
        .init(arguments: ["--width", "100", "--font", "Helvetica Neue", "--no-system-fonts"], stdin: [],
              message: "--font: unknown font family \"Helvetica Neue\" (known: system, DejaVu Sans, Inter, Noto Color Emoji)", status: 1),
        .init(arguments: ["--width", "100", "--font", "/nonexistent/font.otf"], stdin: [],
              message: "--font: cannot read a font from \"/nonexistent/font.otf\"", status: 1),
        .init(arguments: ["--width", "100"], stdin: Array("{\"id\": 1, \"text\": \"ok\"}\n{\"id\": 2, \"text\": \"x\",}\n".utf8),
              message: "<stdin>:2: invalid JSON: column 23: expected a string key, found '}'", status: 1),
        .init(arguments: ["--width", "100"], stdin: Array("[1, 2]\n".utf8), message: "<stdin>:1: expected a JSON object, got an array", status: 1),
        .init(arguments: ["--width", "100"], stdin: Array("{\"id\": 1}\n".utf8), message: "<stdin>:1: missing \"text\"", status: 1),
        .init(arguments: ["--width", "100"], stdin: Array("{\"text\": 5}\n".utf8), message: "<stdin>:1: text: expected a string or an array of runs, got a number", status: 1),
        .init(arguments: ["--width", "100"], stdin: Array("{\"text\": \"a".utf8) + [0xFF] + Array("\"}\n".utf8),
              message: "<stdin>:1: invalid JSON: column 11: invalid UTF-8 in a string", status: 1),
        .init(arguments: ["--width", "100", "/nonexistent.jsonl"], stdin: [],
              message: "/nonexistent.jsonl: cannot open: No such file or directory", status: 1),
        .init(arguments: ["--width", "100", "--bogus"], stdin: [], message: "Error: Unknown option '--bogus'", status: 2),
        .init(arguments: [], stdin: [], message: "Error: Missing expected argument '--width <width>' (or --widths a,b,c)", status: 2),
    ]

    @Test(arguments: badInputs)
    func badInputIsNamedAndExitsNonZero(_ bad: BadInput) throws {
        let result = try CLI.run(["measure"] + bad.arguments, stdin: bad.stdin)
        #expect(result.status == bad.status)
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        if bad.status == 1 {
            #expect(firstLine == "" + bad.message)
        } else {
            #expect(firstLine == bad.message)
        }
        if bad.status == 1 && bad.stdin.count < 10 { #expect(result.stdout.isEmpty) }
    }
}
