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
        // Header "Title": 14 pt semibold text, ceil(3 + 16.94 + 2) = 22 → rows start at 22; the
        // top position leaves room for the floating header: row 5 at 22 + 220 = 242 → 220.
        let table = try twentyRows(header: "Title")
        #expect(table.headerSpan(0).height == 22)
        #expect(table.scrollOffset(to: RowPath(section: 0, row: 5), position: .top, viewportHeight: 400) == 220)
    }

    @Test func rowAtYAndVisibleRows() throws {
        let table = try twentyRows(header: "Title")
        #expect(table.row(atY: 10) == nil)                               // the header
        #expect(table.row(atY: 22) == RowPath(section: 0, row: 0))
        #expect(table.row(atY: 65.9) == RowPath(section: 0, row: 0))
        #expect(table.row(atY: 66) == RowPath(section: 0, row: 1))
        #expect(table.row(atY: -1) == nil)
        #expect(table.row(atY: 902) == nil)
        #expect(table.visibleRows(y: 60, height: 50).map(\.row) == [0, 1])      // [60, 110) meets [22, 66) and [66, 110)
        #expect(table.visibleRows(y: 60, height: 51).map(\.row) == [0, 1, 2])   // and [110, 154) from 111 on
    }
}
