import CellLayout
import Foundation
import Testing

/// Updates re-lay out only what they touch, and give the same layout as laying the
/// changed data out from scratch.
@Suite struct TableUpdateTests {
    static func row(_ id: Int, _ text: String, accessory: String = "none") -> JSONValue {
        .object([("id", .number(Double(id))), ("text", .string(text)), ("accessory", .string(accessory))])
    }

    static let words = ["Short", "A label that wraps onto a second line at this width, surely, yes",
                        "Medium length label text", "Three lines of text are needed for this label when the table is narrow enough to wrap it often"]

    /// A grouped table of rows `layout[s]` in section s, titled "Section \(titles[s])"
    /// (by default the section's own index).
    static func sections(_ layout: [[Int]], titles: [Int]? = nil) -> JSONValue {
        .object([("width", .number(320)), ("style", .string("grouped")), ("sections", .array(layout.enumerated().map { s, ids in
            .object([("header", .string("Section \(titles?[s] ?? s)")), ("rows", .array(ids.map { row($0, words[$0 % words.count]) }))])
        }))])
    }

    /// Same frames, heights and y for every row, same headers.
    static func expectSame(_ a: TableLayout, _ b: TableLayout) throws {
        #expect(try Tables.output(a) == Tables.output(b))
    }

    /// Seeded random `moveRow` and `moveSection` against the moved data laid out from
    /// scratch: a grouped table whose even sections have no header (the first section's
    /// empty header is taller, so moves onto and off index 0 change header heights), one
    /// section empty, 200 rows in all (several blocks of the offset index).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomMovesEqualAFreshLayoutOfTheNewOrder(seed: UInt64) throws {
        var random = TextPropertyTests.SeededRandom(state: seed)
        var model: [(header: String?, ids: [Int])] = [30, 0, 70, 5, 83, 12].enumerated().map { s, count in
            (s % 2 == 0 ? nil : "Section \(s)", Array((s * 100)..<(s * 100 + count)))
        }
        func document() -> JSONValue {
            .object([("width", .number(320)), ("style", .string("grouped")), ("sections", .array(model.map { section in
                var members: [(key: String, value: JSONValue)] = [
                    ("rows", .array(section.ids.map { Self.row($0, Self.words[$0 % Self.words.count]) })),
                ]
                if let header = section.header { members.append(("header", .string(header))) }
                return .object(members)
            }))])
        }
        let table = try Tables.layout(document())
        for step in 0..<30 {
            let edit: String
            if Int.random(in: 0..<3, using: &random) == 0 {
                let from = Int.random(in: 0..<model.count, using: &random)
                var to = Int.random(in: 0..<(model.count - 1), using: &random)
                if to >= from { to += 1 }
                model.insert(model.remove(at: from), at: to)
                try table.moveSection(from: from, to: to)
                edit = "moveSection \(from) to \(to)"
            } else {
                let nonEmpty = model.indices.filter { !model[$0].ids.isEmpty }
                let s = nonEmpty[Int.random(in: 0..<nonEmpty.count, using: &random)]
                let r = Int.random(in: 0..<model[s].ids.count, using: &random)
                let id = model[s].ids.remove(at: r)
                let s2 = Int.random(in: 0..<model.count, using: &random)
                let r2 = Int.random(in: 0...model[s2].ids.count, using: &random)
                model[s2].ids.insert(id, at: r2)
                table.moveRow(from: RowPath(section: s, row: r), to: RowPath(section: s2, row: r2))
                edit = "moveRow [\(s), \(r)] to [\(s2), \(r2)]"
            }
            let moved = try Tables.output(table), fresh = try Tables.output(try Tables.layout(document()))
            #expect(moved == fresh, "seed \(seed) step \(step): \(edit)")
            if moved != fresh { return }
        }
    }

    @Test func insertDeleteMoveReloadEqualAFreshLayout() throws {
        let table = try Tables.layout(Self.sections([[0, 1, 2], [3, 4], [5]]))
        let decoder = TableDecoder(fonts: TestFonts.library)
        func cell(_ id: Int) throws -> CellSpec { try decoder.decode(Self.sections([[id]])).sections[0].rows[0] }

        try table.insertRows([try cell(7), try cell(8)], at: RowPath(section: 1, row: 1))
        try Self.expectSame(table, try Tables.layout(Self.sections([[0, 1, 2], [3, 7, 8, 4], [5]])))
        table.deleteRows(at: RowPath(section: 0, row: 0), count: 2)
        try Self.expectSame(table, try Tables.layout(Self.sections([[2], [3, 7, 8, 4], [5]])))
        table.moveRow(from: RowPath(section: 1, row: 3), to: RowPath(section: 0, row: 0))
        try Self.expectSame(table, try Tables.layout(Self.sections([[4, 2], [3, 7, 8], [5]])))
        try table.reloadRows([try cell(1)], at: RowPath(section: 2, row: 0))
        try Self.expectSame(table, try Tables.layout(Self.sections([[4, 2], [3, 7, 8], [1]])))
    }

    @Test func sectionsReorderByReorderingData() throws {
        let table = try Tables.layout(Self.sections([[0, 1], [2, 3, 4], [5]]))
        try table.moveSection(from: 2, to: 0)
        // Section titles move with their data: the same as the reordered data laid out
        // from scratch (no update path involved).
        try Self.expectSame(table, try Tables.layout(Self.sections([[5], [0, 1], [2, 3, 4]], titles: [2, 0, 1])))
        #expect(table.spec.sections.map(\.header) == ["Section 2", "Section 0", "Section 1"])
        // A grouped table's first header is the tall one wherever the sections came from.
        #expect(table.headerSpan(0).y == 0)
    }

    /// A row keeps where its custom subviews autoresize from when it moves. A view 50 wide
    /// with a flexible width, in a cell of 320: at 100 it would be 50 − 220, so it stops at
    /// 0; back at 320 it is 0 + 220 = 220 wide (UIKit resizes from the last bounds, not the
    /// first), where a fresh layout at 320 has 50. The moved row must have 220.
    @Test func aMovedRowKeepsItsAutoresizingHistory() throws {
        let view = JSONValue.object([
            ("id", .string("bar")), ("kind", .string("view")),
            ("frame", .object([("left", .number(10)), ("top", .number(4)), ("width", .number(50)), ("height", .number(36))])),
            ("autoresizing", .array([.string("flexibleWidth")])),
        ])
        var rows = [Self.row(0, Self.words[0]), Self.row(1, Self.words[3]), Self.row(2, Self.words[1])]
        if case .object(var members) = rows[1] {
            members.append(("subviews", .array([view])))
            rows[1] = .object(members)
        }
        let document = JSONValue.object([("width", .number(320)), ("sections", .array([
            .object([("rows", .array(Array(rows[0...1])))]), .object([("rows", .array([rows[2]]))]),
        ]))])
        let moved = try Tables.layout(document), unmoved = try Tables.layout(document)
        for table in [moved, unmoved] {
            try table.setWidth(100)
            try table.setWidth(320)
        }
        moved.moveRow(from: RowPath(section: 0, row: 1), to: RowPath(section: 1, row: 0))
        let width = Tables.value(try Tables.output(moved), at: "sections.1.rows.0.subviews.bar")?.array?[2].number
        #expect(width == 220)
        #expect(Tables.value(try Tables.output(unmoved), at: "sections.0.rows.1.subviews.bar")?.array?[2].number == 220)
        #expect(Tables.value(try Tables.output(try Tables.layout(document)), at: "sections.0.rows.1.subviews.bar")?
            .array?[2].number == 50)
    }

    @Test func rotationAfterUpdatesEqualsAFreshLayoutAtTheNewWidth() throws {
        let table = try Tables.layout(Self.sections([[0, 1, 2, 3]]))
        try table.insertRows([table.spec.sections[0].rows[3]], at: RowPath(section: 0, row: 0))
        try table.setWidth(667)
        try Self.expectSame(table, try Tables.layout(Self.sections([[3, 0, 1, 2, 3]]), width: 667))
    }

    @Test func exclusiveCheckmarksMoveAndInclusiveOnesToggle() throws {
        let document = JSONValue.object([("width", .number(320)), ("rows", .array([
            Self.row(0, "English", accessory: "checkmark"), Self.row(1, "Deutsch"), Self.row(2, "Français"),
        ]))])
        let table = try Tables.layout(document)
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 2), mode: .exclusive).map(\.row) == [0, 2])
        #expect(table.spec.sections[0].rows.map(\.accessory) == [.none, .none, .checkmark])
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 2), mode: .exclusive).isEmpty)
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 1), mode: .inclusive).map(\.row) == [1])
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 2), mode: .inclusive).map(\.row) == [2])
        #expect(table.spec.sections[0].rows.map(\.accessory) == [.none, .checkmark, .none])
        // The checkmark takes 40 from the content view: 320 − 40 = 280.
        #expect(table.sections[0].rows[1].contentView.width == 280)
        #expect(table.sections[0].rows[2].contentView.width == 320)
    }

    @Test func checkmarksChangeWrappingLikeMeasureAtTheNewWidth() throws {
        // Label width 320 − 32 = 288 without, 280 − 32 = 248 with a checkmark.
        let text = Self.words[3]
        let table = try Tables.layout(.object([("width", .number(320)), ("rows", .array([Self.row(0, text)]))]))
        try table.selectCheckmark(at: RowPath(section: 0, row: 0), mode: .inclusive)
        let lines = table.sections[0].rows[0].lines.first { $0.id == "textLabel" }!.count
        let measured = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: 248).lineCount
        #expect(lines == measured)
        // The system font's line height is San Francisco's: 17 × (1950 + 494) / 2048.
        #expect(table.sections[0].rows[0].height == max(44, (Double(lines) * 17 * 2444 / 2048).rounded(.up) + 23))
    }
}
