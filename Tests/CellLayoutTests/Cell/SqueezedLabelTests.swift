import CellLayout
import Foundation
import Testing

/// A label left no width (Decisions.md, "Labels left no width"): laid out as UIKit lays
/// it out, one character per line, and reported as a warning naming the row.
///
/// System 17 line height (San Francisco's 1950 + 494 + 0) × 17 / 2048 = 20.287 pt; n lines
/// take ceil(n × 20.287): 2 → 41, 3 → 61, 5 → 102.
@Suite struct SqueezedLabelTests {
    /// An image 1024 pt wide: the text starts at 16 + 1024 + 16 (imageSpacing) = 1056, past
    /// the 320-pt content view, so the label gets max(0, 320 − 1056 − 16) = 0. "Hi" takes
    /// 2 lines (41 pt); the row is 41 + 2 × 11 + 1 = 64 (the 29-pt image needs only 41).
    static let wideImage = #"{"width": 320, "rows": [{"id": "bio", "text": "Hi", "image": {"width": 1024, "height": 29}}]}"#
    /// A table 1 pt wide: the label gets max(0, 1 − 16 − 16) = 0; "Hey" takes 3 lines
    /// (61 pt), the row 61 + 22 + 1 = 84.
    static let narrowTable = #"{"width": 1, "rows": [{"text": "Hey"}]}"#

    @Test func aLabelLeftNoWidthTakesACharacterPerLineAndWarns() throws {
        let image = try Tables.layout(try JSONParser.parse(Self.wideImage))
        let row = image.sections[0].rows[0]
        #expect(row.height == 64)
        #expect(row.textLabel?.width == 0)
        #expect(row.warnings.map(\.view) == ["textLabel"])
        #expect(row.warnings.map(\.description)
            == ["textLabel is 0 pt wide: its text takes one character per line (2 lines, 41 pt tall)"])
        #expect(image.warnings.map(\.path) == [RowPath(section: 0, row: 0)])

        let narrow = try Tables.layout(try JSONParser.parse(Self.narrowTable))
        #expect(narrow.sections[0].rows[0].height == 84)
        #expect(narrow.warnings.map(\.warning.description)
            == ["textLabel is 0 pt wide: its text takes one character per line (3 lines, 61 pt tall)"])
    }

    @Test func aLabelWithNoTextOrSomeWidthDoesNotWarn() throws {
        for json in [
            #"{"width": 320, "rows": [{"text": "", "image": {"width": 1024, "height": 29}}]}"#,
            #"{"width": 320, "rows": [{"text": "Hi", "image": {"width": 29, "height": 29}}]}"#,
            #"{"width": 33, "rows": [{"text": "Hey"}]}"#,
        ] {
            #expect(try Tables.layout(try JSONParser.parse(json)).warnings.isEmpty, "\(json)")
        }
    }

    @Test func aCustomLabelOfWidthZeroWarnsByItsId() throws {
        // A label written with width 0 at top 10: "Hey" takes 3 lines, 61 pt, so the row
        // holds 10 + 61 + 10 = 81 (Decisions.md, "Self-sizing custom labels").
        let table = try Tables.layout(try JSONParser.parse(#"""
            {"width": 320, "rows": [{"subviews": [{"id": "note", "kind": "label", "text": "Hey",
              "frame": {"left": 10, "top": 10, "width": 0}}]}]}
            """#))
        #expect(table.sections[0].rows[0].height == 81)
        #expect(table.warnings.map(\.warning.description)
            == ["note is 0 pt wide: its text takes one character per line (3 lines, 61 pt tall)"])
    }

    @Test func theCommandsWriteTheWarningOnStandardErrorAndGoOn() throws {
        let layout = try CLI.run(["layout", "--no-system-fonts"], stdin: Array(Self.wideImage.utf8))
        #expect(layout.status == 0)
        #expect(layout.stderr == "<stdin>: sections[0].rows[0] (id bio): warning: textLabel is 0 pt wide: "
            + "its text takes one character per line (2 lines, 41 pt tall)\n")
        #expect(layout.stdout.contains(#""height":64"#))

        let widths = try CLI.run(["layout", "--widths", "1,320", "--no-system-fonts"], stdin: Array(Self.narrowTable.utf8))
        #expect(widths.status == 0)
        #expect(widths.stderr == "<stdin>: sections[0].rows[0] at width 1: warning: textLabel is 0 pt wide: "
            + "its text takes one character per line (3 lines, 61 pt tall)\n")

        let picture = FileManager.default.temporaryDirectory.appendingPathComponent("squeezed-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: picture) }
        let render = try CLI.run(["render", "-o", picture.path, "--no-system-fonts"], stdin: Array(Self.narrowTable.utf8))
        #expect(render.status == 0)
        #expect(render.stderr == "<stdin>: sections[0].rows[0]: warning: textLabel is 0 pt wide: "
            + "its text takes one character per line (3 lines, 61 pt tall)\n")

        // JSON Lines rows are named by file:line (the blank line counts); at width 1 the
        // label is 0 wide, at 320 it has 288 and "Hey" is one line.
        let rows = Array("{\"text\": \"Wi-Fi\"}\n\n{\"id\": 7, \"text\": \"Hey\"}\n".utf8)
        let stream = try CLI.run(["layout", "--jsonl", "--widths", "1,320", "--no-system-fonts"], stdin: rows)
        #expect(stream.status == 0)
        #expect(stream.stdout.split(separator: "\n").count == 2)
        #expect(stream.stderr == """
            <stdin>:1 at width 1: warning: textLabel is 0 pt wide: its text takes one character per line (5 lines, 102 pt tall)
            <stdin>:3 (id 7) at width 1: warning: textLabel is 0 pt wide: its text takes one character per line (3 lines, 61 pt tall)

            """)
    }
}
