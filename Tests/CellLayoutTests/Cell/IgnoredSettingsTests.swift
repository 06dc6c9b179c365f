import CellLayout
import Foundation
import Testing

/// Warnings for what UIKit silently ignores (issue 23 item 4): each names its row on the
/// warning channel, and none changes a number of the layout — the row is laid out as UIKit
/// lays it out, as if the setting were not there.
@Suite struct IgnoredSettingsTests {
    /// The table's layout output and its warnings' views and descriptions.
    func laidOut(_ json: String) throws -> (output: JSONValue, warnings: [String]) {
        let table = try Tables.layout(try JSONParser.parse(json))
        return (try Tables.output(table), table.warnings.map { "\($0.path.section).\($0.path.row) \($0.warning.view): \($0.warning)" })
    }

    /// A 375-wide table of the one row `row`.
    func table(_ row: String) -> String { #"{"width": 375, "rows": [\#(row)]}"# }

    static let detail = "detailText is not shown: a default-style cell has no detailTextLabel, so UIKit drops the text "
        + "(value1, value2 and subtitle show one)"

    @Test func aDetailTextOnADefaultCellWarnsAndIsDropped() throws {
        let with = try laidOut(table(#"{"text": "Wi-Fi", "detailText": "Home"}"#))
        let without = try laidOut(table(#"{"text": "Wi-Fi"}"#))
        #expect(with.output == without.output)
        #expect(with.warnings == ["0.0 detailTextLabel: \(Self.detail)"])
        // The styles that have a detailTextLabel, an empty detail, a content configuration: no warning.
        for row in [#"{"text": "Wi-Fi", "detailText": "Home", "style": "value1"}"#, #"{"text": "Wi-Fi", "detailText": ""}"#,
                    #"{"content": {"configuration": "cell", "text": "Wi-Fi", "secondaryText": "Home"}}"#] {
            #expect(try laidOut(table(row)).warnings.isEmpty, "\(row)")
        }
    }

    @Test func aSizeGivenToASwitchWarnsAndIsIgnored() throws {
        // UISwitch is 51 × 31 whatever frame it is given: an 80 × 40 size, a frame 200 wide,
        // a stretching width lay out exactly as the bare switch at the same origin.
        let bare = try laidOut(table(#"{"subviews": [{"id": "toggle", "kind": "switch", "frame": {"left": 10, "top": 6}}]}"#))
        #expect(bare.warnings.isEmpty)
        let sized = try laidOut(table(
            #"{"subviews": [{"id": "toggle", "kind": "switch", "size": {"width": 80, "height": 40}, "frame": {"left": 10, "top": 6}}]}"#))
        #expect(sized.output == bare.output)
        #expect(sized.warnings == ["0.0 toggle: toggle is a switch, always 51 × 31: the 80 × 40 its size or frame asks for "
            + "is ignored, as UISwitch ignores it"])
        let framed = try laidOut(table(
            #"{"subviews": [{"id": "toggle", "kind": "switch", "frame": [10, 6, 200, 31], "autoresizing": ["flexibleWidth"]}]}"#))
        #expect(framed.output == bare.output)
        #expect(framed.warnings == [
            "0.0 toggle: toggle is a switch, always 51 × 31: the 200 × 31 its size or frame asks for is ignored, as UISwitch ignores it",
            "0.0 toggle: toggle is a switch, always 51 × 31: flexibleWidth does not stretch it",
        ])
        // As an accessory view: named accessoryView.
        let accessory = try laidOut(table(#"{"text": "A", "accessory": {"view": {"kind": "switch", "size": [60, 31]}}}"#))
        #expect(accessory.output == (try laidOut(table(#"{"text": "A", "accessory": {"view": {"kind": "switch"}}}"#))).output)
        #expect(accessory.warnings == ["0.0 accessoryView: accessoryView is a switch, always 51 × 31: the 60 × 31 its size or "
            + "frame asks for is ignored, as UISwitch ignores it"])
    }

    @Test func anAccessoryWhileEditingAndAMinimumOnAFixedHeightWarn() throws {
        let editing = try laidOut(table(#"{"text": "A", "accessory": "disclosureIndicator", "editing": {"control": "delete"}}"#))
        #expect(editing.output == (try laidOut(table(#"{"text": "A", "editing": {"control": "delete"}}"#))).output)
        #expect(editing.warnings == ["0.0 accessoryView: the disclosureIndicator accessory is hidden while editing: a cell in "
            + "editing mode shows its editingAccessoryType (none) instead"])
        let fixed = try laidOut(table(#"{"text": "A", "height": 60, "minHeight": 80, "additionalHeight": 4}"#))
        #expect(fixed.output == (try laidOut(table(#"{"text": "A", "height": 60}"#))).output)
        #expect(fixed.warnings == ["0.0 contentView: minHeight and additionalHeight are ignored: the row's height is fixed at 60 "
            + "(only a self-sizing row's height takes them)"])
        // The table's fixed rowHeight counts as the row's.
        let tableFixed = try laidOut(#"{"width": 375, "rowHeight": 50, "rows": [{"text": "A", "minHeight": 80}]}"#)
        #expect(tableFixed.warnings == ["0.0 contentView: minHeight is ignored: the row's height is fixed at 50 "
            + "(only a self-sizing row's height takes it)"])
    }

    @Test func theCommandsWarnOnceARowAndSummarizePastTwenty() throws {
        let row = #"{"id": "wifi", "text": "Wi-Fi", "detailText": "Home"}"#
        let one = try CLI.run(["layout", "--widths", "375,667", "--no-system-fonts"], stdin: Array(table(row).utf8))
        #expect(one.status == 0)
        // The same at every width: told once, with no width.
        #expect(one.stderr == "<stdin>: sections[0].rows[0] (id wifi): warning: \(Self.detail)\n")
        let stream = try CLI.run(["layout", "--jsonl", "--widths", "375,667", "--no-system-fonts"], stdin: Array("\(row)\n".utf8))
        #expect(stream.stderr == "<stdin>:1 (id wifi): warning: \(Self.detail)\n")

        let many = #"{"width": 375, "rows": [\#(Array(repeating: row, count: 25).joined(separator: ", "))]}"#
        let summarized = try CLI.run(["layout", "--no-system-fonts"], stdin: Array(many.utf8))
        #expect(summarized.status == 0)
        let lines = summarized.stderr.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines[19] == "<stdin>: sections[0].rows[19] (id wifi): warning: \(Self.detail)")
        #expect(lines[20] == "<stdin>: warning: 5 more warnings not shown (25 in all)")
    }
}
