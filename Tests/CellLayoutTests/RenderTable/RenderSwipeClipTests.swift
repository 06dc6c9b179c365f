import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// A swiped-open row is clipped to its cell: its content view, moved toward the leading
/// edge by the buttons' width, is drawn only inside the cell and said to be visible only
/// there (`visibleContent`).
///
/// The insetGrouped table is 320 wide, its cells 320 − 2 × 16 = 288 (insetGroupedMargin),
/// from x = 16. "Delete" is 83 wide (Fixtures/Cells/swipe-buttons-sized-from-titles.json:
/// 53 + 2 × 15), so the content view [0, 0, 288, 43] moves to [−83, 0, 288, 43] and shows
/// [0, 0, 288 − 83 = 205, 43]; right to left it moves to [83, 0, 288, 43] and shows
/// [83, 0, 205, 43].
@Suite("Render: swiped rows are clipped")
struct RenderSwipeClipTests {
    static func table(open: Bool, direction: String = "unspecified") -> String {
        #"{"width": 320, "style": "insetGrouped", "rows": [{"id": "mail", "text": "Inbox messages", "#
            + #""semanticContentAttribute": "\#(direction)", "#
            + #""swipeActions": [{"title": "Delete", "style": "destructive"}], "swipeOpen": \#(open)}]}"#
    }

    @Test func theLayoutSaysWhatPartOfTheContentIsVisible() throws {
        let open = try Tables.output(try Tables.layout(try JSONParser.parse(Self.table(open: true))))
        #expect(Tables.value(open, at: "sections.0.rows.0.contentView") == .array([-83, 0, 288, 43]))
        #expect(Tables.value(open, at: "sections.0.rows.0.visibleContent") == .array([0, 0, 205, 43]))
        let mirrored = try Tables.output(try Tables.layout(try JSONParser.parse(
            Self.table(open: true, direction: "forceRightToLeft"))))
        #expect(Tables.value(mirrored, at: "sections.0.rows.0.contentView") == .array([83, 0, 288, 43]))
        #expect(Tables.value(mirrored, at: "sections.0.rows.0.visibleContent") == .array([83, 0, 205, 43]))
        let closed = try Tables.output(try Tables.layout(try JSONParser.parse(Self.table(open: false))))
        #expect(Tables.value(closed, at: "sections.0.rows.0.visibleContent") == nil)
    }

    @Test func aStreamedRowSaysItToo() throws {
        let row = #"{"id": 1, "text": "Inbox", "swipeActions": [{"title": "Delete"}], "swipeOpen": true}"#
        let result = try CLI.run(["layout", "--jsonl", "--width", "320", "--no-system-fonts"], stdin: Array(row.utf8))
        // A plain 320-pt cell: Delete [237, 0, 83, 43], the content view [-83, 0, 320, 43].
        #expect(result.stdout.contains(#""swipeActions":[[237,0,83,43]],"visibleContent":[0,0,237,43],"#), "\(result.stdout)")
    }

    @Test func theContentIsNotDrawnOutsideTheCell() throws {
        let (table, open) = try RenderTables.render(Self.table(open: true))
        let (_, closed) = try RenderTables.render(Self.table(open: false))
        let cell = table.rect(of: RowPath(section: 0, row: 0))
        // The inset margin left of the cell: content x 67 ..< 83 ("me" of "messages", the
        // text starting at 16) would be drawn at table x 0 ..< 16 without the clip.
        let margin = CGRect(x: 0, y: cell.minY, width: cell.minX, height: cell.height)
        let leaked = zip(open.colors(in: margin), closed.colors(in: margin)).filter { $0 != $1 }.count
        #expect(!open.colors(in: margin).isEmpty && leaked == 0)
        // Inside the cell the moved text is drawn: dark pixels left of the buttons.
        let visible = CGRect(x: cell.minX, y: cell.minY, width: 205, height: cell.height)
        #expect(open.count(in: visible, where: { $0.r < 128 && $0.g < 128 && $0.b < 128 }) > 50)
    }
}
