import CellLayout
import Foundation
import Testing

/// `measure --widths` and `layout --jsonl --widths`: one preparation serves every width, so
/// each entry must be exactly what the one-width command writes at that width (whose
/// figures the other CLI tests pin to hb-shape derivations); rotation history carries from
/// one width to the next; bad width lists are named.
@Suite struct WidthsTests {
    static let widths = [40.0, 200, 343, 40]

    /// The fields after the id of one-width output, as raw JSON text, e.g.
    /// `"lines":4,"width":34,"height":83` — so the comparison is byte for byte.
    static func fields(_ line: Substring, after prefix: String) -> Substring {
        let start = line.range(of: prefix)!.upperBound
        return line[start..<line.index(before: line.endIndex)]
    }

    @Test func measureOneTextAtSeveralWidths() throws {
        // hb-shape (TruncationTests' derivation): "Hello world" is 90.0215 pt wide in Inter 17,
        // one line at 343; at 40 it wraps to 4 lines (MeasureCommandTests' golden): 4 × 20.287
        // (the system font's San Francisco line height) = 81.148 → 82.
        let result = try CLI.run(["measure", "--widths", "40, 343", "--text", "Hello world", "--no-system-fonts"])
        #expect(result.status == 0)
        #expect(result.stdout
            == "{\"id\":null,\"sizes\":[{\"lines\":4,\"width\":34,\"height\":82},{\"lines\":1,\"width\":90.021,\"height\":21}]}\n")
    }

    @Test func layoutStreamKeepsAutoresizingHistoryAsTheTableDoes() throws {
        // The switch of LayoutCommandTests' rotation bar: x = 319 at 375, 611 at 667, 319 again.
        let row = #"{"id": "s", "text": "Sounds", "subviews": [{"id": "switch", "kind": "switch", "frame": {"right": 5, "centerY": 0}, "autoresizing": ["flexibleLeftMargin", "flexibleTopMargin", "flexibleBottomMargin"]}]}"#
        let result = try CLI.run(["layout", "--jsonl", "-", "--widths", "375,667,375", "--no-system-fonts"],
                                 stdin: Array((row + "\n").utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let layouts = try JSONParser.parse(result.stdout)["layouts"]!.array!
        #expect(layouts.map { Tables.value($0, at: "subviews.switch")!.array![0].number! } == [319, 611, 319])
    }

    struct BadWidths: CustomTestStringConvertible, Sendable {
        let arguments: [String], message: String, status: Int32
        var testDescription: String { message }
    }

    static let badWidths: [BadWidths] = [
        .init(arguments: ["measure", "--widths", "375,-3"], message: "--widths entry 2: must be a positive number, got -3", status: 1),
        .init(arguments: ["measure", "--widths", "nan"], message: "--widths entry 1: must be a positive number, got nan", status: 1),
        .init(arguments: ["measure", "--widths", "375,inf"], message: "--widths entry 2: must be a positive number, got inf", status: 1),
        .init(arguments: ["measure", "--widths", "375,abc,0"], message: "--widths entry 2: must be a positive number, got abc", status: 1),
        .init(arguments: ["measure", "--widths", "375,,320"], message: "--widths: entry 2 is empty, in \"375,,320\"", status: 1),
        .init(arguments: ["measure", "--widths", "375,"], message: "--widths: entry 2 is empty, in \"375,\"", status: 1),
        .init(arguments: ["measure", "--widths", "1e300"], message: "--widths entry 1: must be at most 1000000, got 1e300", status: 1),
        .init(arguments: ["measure", "--widths", "375", "--width", "320"], message: "Error: give --width or --widths, not both", status: 2),
        .init(arguments: ["layout", "--jsonl", "-", "--widths", "375,0"], message: "--widths entry 2: must be a positive number, got 0", status: 1),
        .init(arguments: ["layout", "--jsonl", "-", "--widths", "375", "--width", "320"],
              message: "Error: give --width or --widths, not both", status: 2),
        .init(arguments: ["layout", "--jsonl", "-"], message: "--width: required with --jsonl (or --widths a,b,c)", status: 1),
    ]

    @Test(arguments: badWidths)
    func badWidthListsAreNamed(_ bad: BadWidths) throws {
        let result = try CLI.run(bad.arguments + ["--text", "x"].filter { _ in bad.arguments[0] == "measure" },
                                 stdin: Array("{\"text\": \"x\"}\n".utf8))
        #expect(result.status == bad.status)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == bad.message)
        #expect(result.stdout.isEmpty)
    }
}
