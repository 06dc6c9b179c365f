import CellLayout
import Foundation
import Testing

/// A list cell's `"accessories"` (`UICellAccessory`, iOS 14) laid out as Profiles.md, "List
/// cell accessories", says: each group from the cell's layout margin inward (D1), 8 apart in
/// the trailing group and 16 in the leading one (D1), the content view between the groups
/// with nothing between it and its neighbours (D1's layout-margin-based content padding),
/// sizes and positions from the iOS 26.1 captures C12. Tables are plain, 375 wide, at 2x (C12's
/// scale), so a 44-pt row's content view is 43.5 tall; the frames are derived by hand.
@Suite struct CellAccessoryTests {
    static func rows(_ rows: String, scale: Int = 2, table: String = "") throws -> [RowLayout] {
        let layout = try Tables.layout(try JSONParser.parse("""
            {"width": 375, "metrics": {"scale": \(scale)}\(table), "sections": [{"rows": [\(rows)]}]}
            """))
        return Array(layout.sections[0].rows)
    }

    static func frames(_ row: RowLayout) -> [String: CGRect] {
        Dictionary(uniqueKeysWithValues: row.accessories.map { ($0.id ?? $0.kind.rawValue, $0.frame) })
    }

    @Test func disclosureIndicatorEndsTheContentView() throws {
        // C12 (343-pt cell): chevron 10.5 × 14 at 316.5, the content view 316.5 wide. At 375:
        // x = 375 − 16 − 10.5 = 348.5; y = (43.5 − 14) / 2 = 14.75, to the 2x grid 15. The
        // text keeps the configuration's trailing 8 beside it: 348.5 − 16 − 8 = 324.5 wide.
        let row = try Self.rows(#"{"content": {"configuration": "cell", "text": "General"}, "accessories": ["disclosureIndicator"]}"#)[0]
        #expect(Self.frames(row) == ["disclosureIndicator": CGRect(x: 348.5, y: 15, width: 10.5, height: 14)])
        #expect(row.contentView == CGRect(x: 0, y: 0, width: 348.5, height: 43.5))
        #expect(row.textLabel?.minX == 16)
        #expect(row.textLabel?.width == 324.5)
        #expect(row.accessoryView == nil)
    }

    @Test func theChevronIsAPixelWideOver10Point2() throws {
        // C12: 10.333 at 3x, 10.5 at 2x: 10.2 rounded up to the pixel; at 1x 11.
        let three = try Self.rows(#"{"content": {"configuration": "cell", "text": "A"}, "accessories": ["disclosureIndicator"]}"#, scale: 3)[0]
        #expect(abs(three.accessories[0].frame.width - 31.0 / 3) < 1e-9)
        #expect(abs(three.accessories[0].frame.minX - (375 - 16 - 31.0 / 3)) < 1e-9)
        let one = try Self.rows(#"{"content": {"configuration": "cell", "text": "A"}, "accessories": ["disclosureIndicator"]}"#, scale: 1)[0]
        #expect(one.accessories[0].frame == CGRect(x: 348, y: 15, width: 11, height: 14))
    }

    @Test func editingControlsShowOnlyWhileEditing() throws {
        // C12 (TableEditor, 375 at 2x): delete control [15, 26 × 26], content view [40, 292],
        // reorder grip [332, 27 wide, the row's height]. Derived: delete reserves the standard
        // 24 (D1) from the margin 16, its 26 centred in it: 16 + (24 − 26) / 2 = 15, content
        // from 16 + 24 = 40; the grip takes its own 27: 375 − 16 − 27 = 332, content to 332.
        // y = (43.5 − 26) / 2 = 8.75, to the grid 9. Text at 16 inside, 292 − 16 − 8 wide.
        let rows = try Self.rows("""
            {"editing": true, "content": {"configuration": "cell", "text": "Alpha"}, "accessories": ["delete", "reorder"]},
            {"content": {"configuration": "cell", "text": "Alpha"}, "accessories": ["delete", "reorder"]}
            """)
        #expect(Self.frames(rows[0]) == ["delete": CGRect(x: 15, y: 9, width: 26, height: 26),
                                         "reorder": CGRect(x: 332, y: 0, width: 27, height: 43.5)])
        #expect(rows[0].contentView == CGRect(x: 40, y: 0, width: 292, height: 43.5))
        #expect(rows[0].textLabel?.minX == 16)
        #expect(rows[0].textLabel?.width == 268)
        // Not editing: whenEditing accessories take neither room nor place.
        #expect(rows[1].accessories.isEmpty)
        #expect(rows[1].contentView == CGRect(x: 0, y: 0, width: 375, height: 43.5))
    }

    @Test func accessibilitySizesGiveNoStandardWidth() throws {
        // C12 at accessibilityLarge: delete [16, 39 × 38], content view from 55, grip 41 wide at
        // 375 − 16 − 41 = 318. D1 gives the standard width only outside the accessibility sizes,
        // so the delete control takes its own 39: 16 + 39 = 55.
        let row = try Self.rows(#"{"editing": true, "contentSizeCategory": "accessibilityLarge", "content": {"configuration": "cell", "text": "Alpha"}, "accessories": ["delete", "reorder"]}"#)[0]
        #expect(row.accessories.map(\.frame.minX) == [16, 318])
        #expect(row.accessories.map(\.frame.width) == [39, 41])
        #expect(row.contentView.minX == 55)
        #expect(row.contentView.maxX == 318)
    }

    @Test func trailingAccessoriesAre8ApartInUIKitsOrder() throws {
        // The label is listed after the chevron but sits nearer the content (UIKit orders
        // system accessories); the chevron at 348.5, the label ending 8 before it (D1), the
        // content view ending where the label starts.
        let row = try Self.rows(#"{"content": {"configuration": "cell", "text": "Wi-Fi"}, "accessories": ["disclosureIndicator", {"kind": "label", "text": "On"}]}"#)[0]
        let frames = Self.frames(row)
        #expect(frames["disclosureIndicator"]?.minX == 348.5)
        #expect(frames["label"]?.maxX == 340.5)
        #expect(row.contentView.maxX == frames["label"]?.minX)
        #expect(row.accessories.first { $0.kind == .label }?.text?.measurement.lines == 1)
    }

    @Test func leadingAccessoriesAre16ApartAndCustomViewsTakeTheirOwnWidth() throws {
        // Multiselect (outermost of the system accessories) reserves 24 from 16: its 26 at 15;
        // the next starts 16 after its slot, 40 + 16 = 56, a 10-pt custom view reserving its
        // own width; the content view from 66. A trailing switch: 375 − 16 − 51 = 308,
        // y = (43.5 − 31) / 2 = 6.25, to the grid 6.5.
        let row = try Self.rows(#"""
            {"editing": true, "content": {"configuration": "cell", "text": "A"}, "accessories": [
              {"kind": "customView", "placement": "leading", "view": {"id": "dot", "kind": "view", "size": {"width": 10, "height": 10}}},
              "multiselect",
              {"kind": "customView", "placement": "trailing", "view": {"id": "toggle", "kind": "switch"}}]}
            """#)[0]
        #expect(Self.frames(row) == ["multiselect": CGRect(x: 15, y: 9, width: 26, height: 26),
                                     "dot": CGRect(x: 56, y: 17, width: 10, height: 10),
                                     "toggle": CGRect(x: 308, y: 6.5, width: 51, height: 31)])
        #expect(row.contentView == CGRect(x: 66, y: 0, width: 242, height: 43.5))
    }

    @Test func aHiddenAccessoryKeepsItsRoom() throws {
        // Apple (isHidden): a hidden accessory takes up space but is not visible. The
        // checkmark is 19 wide (C12): the content view ends at 375 − 16 − 19 = 340.
        let row = try Self.rows(#"{"content": {"configuration": "cell", "text": "A"}, "accessories": [{"kind": "checkmark", "isHidden": true}]}"#)[0]
        #expect(row.accessories.isEmpty)
        #expect(row.contentView.maxX == 340)
    }

    @Test func reservedWidthsCentreTheAccessory() throws {
        // A custom 30-pt reservation: the chevron centred in [375 − 16 − 30, 375 − 16]:
        // 329 + (30 − 10.5) / 2 = 338.75, to the grid 339 (338.75 × 2 = 677.5 rounds up).
        let row = try Self.rows(#"{"content": {"configuration": "cell", "text": "A"}, "accessories": [{"kind": "disclosureIndicator", "reservedLayoutWidth": 30}]}"#)[0]
        #expect(row.accessories[0].frame.minX == 339)
        #expect(row.contentView.maxX == 329)
    }

    @Test func rightToLeftMirrorsTheGroups() throws {
        // Mirrored about the cell's centre: the chevron at 375 − 348.5 − 10.5 = 16, the
        // content view from 26.5.
        let row = try Self.rows(#"{"content": {"configuration": "cell", "text": "A"}, "accessories": ["disclosureIndicator"]}"#,
                                table: #", "semanticContentAttribute": "forceRightToLeft""#)[0]
        #expect(row.accessories[0].frame.minX == 16)
        #expect(row.contentView.minX == 26.5)
    }

    @Test func theOutputNamesEachAccessory() throws {
        // The switch is 51 wide 8 before the chevron: 348.5 − 8 − 51 = 289.5. Rows without
        // accessories have no "accessories" key (their output is unchanged).
        let table = try Tables.layout(try JSONParser.parse("""
            {"width": 375, "metrics": {"scale": 2}, "rows": [{"content": {"configuration": "cell", "text": "A"}, "accessories": ["disclosureIndicator", {"kind": "customView", "placement": "trailing", "view": {"id": "t", "kind": "switch"}}]}, {"text": "B"}]}
            """))
        var writer = JSONWriter()
        TableEncoder.encode(table, into: &writer)
        let json = String(decoding: writer.bytes, as: UTF8.self)
        #expect(json.components(separatedBy: "\"accessories\"").count == 2)
        #expect(json.contains(#""accessories":[{"kind":"disclosureIndicator","frame":[348.5,15,10.5,14]},{"kind":"customView","id":"t","frame":[289.5,6.5,51,31]}]"#))
    }

    @Test func aTallAccessoryDoesNotGrowTheRow() throws {
        // D4: UIKit lays a list cell's accessories out by frame inside the cell's height
        // (UITableCellAccessoryLayout centres each one vertically in its container) and gives
        // the content view only leading and trailing insets; the cell sizes itself by its
        // content view's constraints, so an accessory taller than the content stands out of
        // the row, centred. A 60 × 60 custom view in a 44-pt row: the row stays 44 (content
        // view 43.5 at 2x), the view at y (43.5 − 60) / 2 = −8.25, on the 2x grid (halves
        // up) −8; x 375 − 16 − 60 = 299.
        let row = try Self.rows("""
            {"content": {"configuration": "cell", "text": "Photo"}, "accessories": [
              {"kind": "customView", "placement": "trailing", "view": {"id": "big", "kind": "view", "size": {"width": 60, "height": 60}}}]}
            """)[0]
        #expect(row.height == 44)
        #expect(row.contentView == CGRect(x: 0, y: 0, width: 299, height: 43.5))
        #expect(Self.frames(row) == ["big": CGRect(x: 299, y: -8, width: 60, height: 60)])
        // A text taller than the accessory still grows the row as it does without one.
        let wrapped = try Self.rows("""
            {"content": {"configuration": "cell", "text": "A long text that wraps onto a second line beside the big accessory view"},
             "accessories": [{"kind": "customView", "placement": "trailing", "view": {"id": "big", "kind": "view", "size": {"width": 60, "height": 60}}}]}
            """)[0]
        let alone = try Self.rows("""
            {"content": {"configuration": "cell", "text": "A long text that wraps onto a second line beside the big accessory view"},
             "accessories": [{"kind": "customView", "placement": "trailing", "view": {"id": "small", "kind": "view", "size": {"width": 60, "height": 1}}}]}
            """)[0]
        #expect(wrapped.height > 44)
        #expect(wrapped.height == alone.height)
    }

    @Test func indentationMovesTheLeadingGroupOrTheContentView() throws {
        // D4 (UICollectionViewListCell): the indentation (level 2 × width 10 = 20) raises the
        // cell's leading margin when the cell indents its accessories (the default) or has no
        // leading ones, and insets the content view when it does not or has none.
        // Indenting accessories: the delete control's standard 24 from 16 + 20 = 36, its 26
        // centred: 36 + (24 − 26) / 2 = 35; the content view from 36 + 24 = 60.
        let rows = try Self.rows("""
            {"editing": true, "indentationLevel": 2, "content": {"configuration": "cell", "text": "A"}, "accessories": ["delete"]},
            {"editing": true, "indentationLevel": 2, "indentsAccessories": false, "content": {"configuration": "cell", "text": "A"}, "accessories": ["delete"]},
            {"indentationLevel": 2, "content": {"configuration": "cell", "text": "A"}, "accessories": ["disclosureIndicator"]}
            """)
        #expect(Self.frames(rows[0]) == ["delete": CGRect(x: 35, y: 9, width: 26, height: 26)])
        #expect(rows[0].contentView.minX == 60)
        // Not indenting them: the control stays at 15 (C12's), the content view from 16 + 24 + 20 = 60.
        #expect(Self.frames(rows[1]) == ["delete": CGRect(x: 15, y: 9, width: 26, height: 26)])
        #expect(rows[1].contentView.minX == 60)
        // No leading accessories: the content view from 20 (to the chevron at 348.5), the text
        // 16 inside it (the cell's raised margin, 16 + 20, less the content view's 20).
        #expect(rows[2].contentView == CGRect(x: 20, y: 0, width: 328.5, height: 43.5))
        #expect(rows[2].textLabel?.minX == 16)
        #expect(Self.frames(rows[2])["disclosureIndicator"]?.minX == 348.5)
    }

    @Test func badAccessoriesAreNamedByTheirPath() throws {
        let decoder = TableDecoder(fonts: TestFonts.library)
        func error(_ row: String) -> String {
            let json = #"{"width": 375, "rows": [\#(row)]}"#
            do { _ = try decoder.decode(try JSONParser.parse(json)) } catch { return "\(error)" }
            return "no error"
        }
        let cell = #""content": {"configuration": "cell"}"#
        #expect(error(#"{"text": "a", "accessories": ["checkmark"]}"#)
            == #"rows[0].accessories: "accessories" are a list cell's (UICellAccessory): the row needs "content""#)
        #expect(error(#"{\#(cell), "accessories": ["chevron"]}"#)
            == #"rows[0].accessories[0]: unknown accessory kind "chevron" (expected one of disclosureIndicator, checkmark, detail, label, customView, delete, insert, reorder, multiselect, outlineDisclosure)"#)
        #expect(error(#"{\#(cell), "accessories": [{"kind": "checkmark", "text": "a"}]}"#)
            == #"rows[0].accessories[0].text: "text" is for a label accessory, not a checkmark"#)
        #expect(error(#"{\#(cell), "accessories": [{"kind": "label"}]}"#)
            == #"rows[0].accessories[0]: a label accessory needs "text""#)
        #expect(error(#"{\#(cell), "accessories": [{"kind": "customView", "view": {"id": "v", "kind": "switch"}}]}"#)
            == #"rows[0].accessories[0]: a customView accessory needs "placement" (leading or trailing), as UIKit's does"#)
        #expect(error(#"{\#(cell), "accessories": [{"kind": "checkmark", "reservedLayoutWidth": "wide"}]}"#)
            == #"rows[0].accessories[0].reservedLayoutWidth: unknown reserved layout width "wide" (expected one of standard, actual, or points)"#)
        #expect(error(#"{\#(cell), "accessory": "checkmark", "accessories": ["checkmark"]}"#)
            == #"rows[0].accessory: a row with "accessories" has no "accessory""#)
        #expect(error(#"{\#(cell), "indentsAccessories": false}"#)
            == #"rows[0].indentsAccessories: "indentsAccessories" is a list cell's (UICollectionViewListCell): the row needs "accessories""#)
        #expect(error(#"{\#(cell), "accessories": [], "indentsAccessories": "no"}"#)
            == "rows[0].indentsAccessories: expected true or false, got a string")
        #expect(error(#"{\#(cell), "editing": {"control": "delete"}, "accessories": ["delete"]}"#)
            == #"rows[0].editing: a list cell's editing controls are accessories (delete, insert, reorder): "editing" is true or false here"#)
    }
}
