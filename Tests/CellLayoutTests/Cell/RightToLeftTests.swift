import CellLayout
import Foundation
import Testing

/// `"semanticContentAttribute": "forceRightToLeft"`: the standard cell layout mirrored, as
/// UIKit mirrors it (hand-derived frames: Fixtures/Cells/right-to-left-mirrors-the-standard-layout.json).
@Suite struct RightToLeftTests {
    static let rows: [String] = [
        #"{"style": "value1", "text": "Bluetooth", "detailText": "On", "image": {"width": 29, "height": 29}, "accessory": "disclosureIndicator"}"#,
        #"{"style": "value2", "text": "Email", "detailText": "anna@example.com", "accessory": "detailDisclosureButton"}"#,
        #"{"style": "subtitle", "text": "Show Previews", "detailText": "When unlocked", "indentationLevel": 2, "accessory": "checkmark"}"#,
        #"{"text": "A long label that wraps onto a second line in a narrow cell", "editing": {"control": "insert"}}"#,
        #"{"text": "Mail", "swipeActions": [{"title": "Delete", "style": "destructive"}, {"title": "More"}], "accessory": {"view": {"id": "toggle", "kind": "switch"}}}"#,
    ]

    func row(_ json: String, attribute: String) throws -> RowLayout {
        let table = try Tables.layout(try JSONParser.parse(
            #"{"width": 320, "semanticContentAttribute": "\#(attribute)", "rows": [\#(json)]}"#))
        return table.sections[0].rows[0]
    }

    func mirrored(_ rect: CGRect?, in width: Double) -> CGRect? {
        rect.map { CGRect(x: width - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
    }

    /// Every standard element of every style lands where the left-to-right one is, seen in
    /// a mirror: cell elements about the cell's centre, labels and image about the content
    /// view's; each standard label's alignment reversed (value1's detail aligns left, value2's
    /// text left); the height and line counts unchanged.
    @Test(arguments: rows) func theStandardLayoutIsMirrored(_ json: String) throws {
        let ltr = try row(json, attribute: "unspecified"), rtl = try row(json, attribute: "forceRightToLeft")
        #expect(ltr.layoutDirection == .leftToRight && rtl.layoutDirection == .rightToLeft)
        #expect(rtl.height == ltr.height)
        #expect(rtl.contentView == mirrored(ltr.contentView, in: 320))
        #expect(rtl.accessoryView == mirrored(ltr.accessoryView, in: 320))
        #expect(rtl.editingControl == mirrored(ltr.editingControl, in: 320))
        #expect(rtl.swipeActions == ltr.swipeActions.map { mirrored($0, in: 320)! })
        #expect(rtl.imageView == mirrored(ltr.imageView, in: ltr.contentView.width))
        #expect(rtl.labels.count == ltr.labels.count)
        for (r, l) in zip(rtl.labels, ltr.labels) {
            #expect(r.frame == mirrored(l.frame, in: ltr.contentView.width), "\(r.id)")
            #expect(r.alignsRight == !l.alignsRight, "\(r.id)")
            #expect(r.measurement.lines == l.measurement.lines)
        }
    }

    @Test func value1DetailSitsAtTheLeftAlignedLeft() throws {
        let rtl = try row(Self.rows[0], attribute: "forceRightToLeft")
        let text = try #require(rtl.labels.first { $0.id == "textLabel" })
        let detail = try #require(rtl.labels.first { $0.id == "detailTextLabel" })
        // Content view 286 wide (chevron 34). The detail starts at the trailing margin, now
        // on the left: x = 16; the text ends where the image and its spacing begin on the
        // right: 286 − 16 − 29 − 16 = 225.
        #expect(detail.frame.minX == 16 && !detail.alignsRight)
        #expect(text.frame.maxX == 225 && text.alignsRight)
    }

    @Test func theRowsAttributeOverridesTheTables() throws {
        let table = try Tables.layout(try JSONParser.parse("""
            {"width": 320, "semanticContentAttribute": "forceRightToLeft", "rows": [
              {"text": "a"}, {"text": "b", "semanticContentAttribute": "forceLeftToRight"},
              {"text": "c", "semanticContentAttribute": "playback"}, {"text": "d", "semanticContentAttribute": "spatial"}]}
            """))
        #expect(table.sections[0].rows.map(\.layoutDirection) == [.rightToLeft, .leftToRight, .leftToRight, .leftToRight])
        let ltrTable = try Tables.layout(try JSONParser.parse("""
            {"width": 320, "rows": [{"text": "a", "semanticContentAttribute": "forceRightToLeft"}, {"text": "b"}]}
            """))
        #expect(ltrTable.sections[0].rows.map(\.layoutDirection) == [.rightToLeft, .leftToRight])
    }

    /// Custom subviews keep their frames (UIKit flips no frame, and autoresizing masks name
    /// physical edges); a custom label's text aligns right, as natural alignment does in a
    /// right-to-left view.
    @Test func customSubviewsKeepTheirFramesAndLabelsAlignRight() throws {
        let json = #"{"subviews": [{"id": "name", "kind": "label", "text": "Anna", "frame": {"left": 16, "top": 11, "width": 200}}]}"#
        let ltr = try row(json, attribute: "unspecified"), rtl = try row(json, attribute: "forceRightToLeft")
        #expect(rtl.subviews.map(\.frame) == ltr.subviews.map(\.frame))
        let label = try #require(rtl.labels.first { $0.id == "name" })
        #expect(label.frame == CGRect(x: 16, y: 11, width: 200, height: 21) && label.alignsRight)
    }

    @Test func headersAndFootersAlignRight() throws {
        let table = try Tables.layout(try JSONParser.parse("""
            {"width": 320, "style": "insetGrouped", "semanticContentAttribute": "forceRightToLeft",
             "sections": [{"header": "Radios", "footer": "Turns every radio off.", "rows": [{"text": "a"}]}]}
            """))
        let header = try #require(table.sections[0].header.textLabel)
        // insetGrouped: cells from 16 to 304; the label 288 − 32 = 256 wide between the
        // margins: x = 16 + 16 either way, its text aligned right.
        #expect(header.frame.minX == 32 && header.frame.width == 256 && header.alignsRight)
        #expect(table.sections[0].footer.textLabel?.alignsRight == true)
    }

    @Test func anUnknownAttributeIsALocatedError() throws {
        #expect(throws: InputError(path: "rows[0].semanticContentAttribute",
                                   #"unknown semantic content attribute "rtl" (expected one of unspecified, playback, spatial, forceLeftToRight, forceRightToLeft)"#)) {
            try Tables.layout(try JSONParser.parse(#"{"width": 320, "rows": [{"semanticContentAttribute": "rtl"}]}"#))
        }
    }
}
