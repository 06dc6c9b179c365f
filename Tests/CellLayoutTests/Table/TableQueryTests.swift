import CellLayout
import Foundation
import Testing

/// Offsets, row-at-y, visible rows and scroll positions.
@Suite struct TableQueryTests {
    /// 20 one-line rows of 44 (21 + 22 + 1) in a plain table without headers: row r spans
    /// [44r, 44r + 44), content 880.
    func twentyRows(header: String? = nil) throws -> TableLayout {
        let rows = (0..<20).map { JSONValue.object([("id", .number(Double($0))), ("text", .string("Row \($0)"))]) }
        var section: [(key: String, value: JSONValue)] = [("rows", .array(rows))]
        if let header { section.append(("header", .string(header))) }
        return try Tables.layout(.object([("width", .number(375)), ("sections", .array([.object(section)]))]))
    }

    @Test func scrollPositionsFollowUIKit() throws {
        let table = try twentyRows()
        #expect(table.contentHeight == 880)
        let row10 = RowPath(section: 0, row: 10)   // [440, 484)
        #expect(table.scrollOffset(to: RowPath(section: 0, row: 3), position: .top, viewportHeight: 667) == 132)
        #expect(table.scrollOffset(to: row10, position: .top, viewportHeight: 667) == 213)   // 440, clamped to 880 − 667
        #expect(table.scrollOffset(to: row10, position: .middle, viewportHeight: 667) == 462 - 333.5)
        #expect(table.scrollOffset(to: row10, position: .bottom, viewportHeight: 667) == 0)          // 484 − 667 < 0
        // The last row at the top would need 836, but the offset stops at 880 − 667 = 213.
        #expect(table.scrollOffset(to: RowPath(section: 0, row: 19), position: .top, viewportHeight: 667) == 213)
        // .none: row 16 [704, 748) is below the viewport [0, 667): scroll to show its bottom, 748 − 667 = 81.
        #expect(table.scrollOffset(to: RowPath(section: 0, row: 16), position: .none, viewportHeight: 667) == 81)
        // Already visible: stay. Above the viewport: show its top.
        #expect(table.scrollOffset(to: RowPath(section: 0, row: 3), position: .none, from: 100, viewportHeight: 667) == 100)
        #expect(table.scrollOffset(to: RowPath(section: 0, row: 1), position: .none, from: 100, viewportHeight: 667) == 44)
    }

    @Test func plainHeadersFloatOverTheTopPosition() throws {
        // Header "Title" (iOS 15 profile): 15 pt semibold text, San Francisco's line height
        // 15 × 2444 / 2048 = 17.90, ceil(4 + 17.90 + 4) = 26, at least 28; 22 of sectionHeaderTopPadding above
        // it → rows start at 50. The top position leaves room for the floating header view,
        // which pins without the padding: row 5 at 50 + 220 = 270 → 270 − 28 = 242.
        let table = try twentyRows(header: "Title")
        #expect(table.headerSpan(0).height == 50)
        #expect(table.scrollOffset(to: RowPath(section: 0, row: 5), position: .top, viewportHeight: 400) == 242)
        // iOS 8–10: bold 14 (16.71), ceil(4 + 16.71 + 4) = 25, no padding above: 25, row 5 at 245 → 220.
        let older = try Tables.layout(.object([("width", .number(375)), ("platform", .string("ios8")),
                                               ("sections", .array([.object([("header", .string("Title")),
                                                                             ("rows", .array((0..<20).map { _ in .object([("text", .string("Row"))]) }))])]))]))
        #expect(older.headerSpan(0).height == 25)
        #expect(older.scrollOffset(to: RowPath(section: 0, row: 5), position: .top, viewportHeight: 400) == 220)
    }

    @Test func rowAtYAndVisibleRows() throws {
        let table = try twentyRows(header: "Title")   // header 50 (plainHeadersFloatOverTheTopPosition)
        #expect(table.row(atY: 10) == nil)                               // the header
        #expect(table.row(atY: 50) == RowPath(section: 0, row: 0))
        #expect(table.row(atY: 93.9) == RowPath(section: 0, row: 0))
        #expect(table.row(atY: 94) == RowPath(section: 0, row: 1))
        #expect(table.row(atY: -1) == nil)
        #expect(table.row(atY: 930) == nil)
        #expect(table.visibleRows(y: 88, height: 50).map(\.row) == [0, 1])      // [88, 138) meets [50, 94) and [94, 138)
        #expect(table.visibleRows(y: 88, height: 51).map(\.row) == [0, 1, 2])   // and [138, 182) from 139 on
    }
}
