import CellLayout
import Foundation
import Testing

extension OracleTier {
    /// A table's queries against a running sum of its rows, on 10,000 corpus rows (the slices'
    /// texts, twice; `TableQueryTests` has the hand-derived cases).
    @Suite struct TableQueryEquivalenceTests {
        @Test func queriesAgreeWithTheLayoutOnTenThousandRows() throws {
            let slices = TestFonts.sliceTexts   // 5,023 corpus rows, twice
            let rows = (0..<10_000).map { i in (i, slices[i % slices.count]) }.map { i, text in
                JSONValue.object([("id", .number(Double(i))), ("text", .string(text))])
            }
            let sections: [JSONValue] = stride(from: 0, to: rows.count, by: 2500).map {
                .object([("header", .string("Section \($0)")), ("rows", .array(Array(rows[$0..<min(rows.count, $0 + 2500)])))])
            }
            let table = try Tables.layout(.object([("width", .number(375)), ("sections", .array(sections))]))
            let output = try Tables.output(table)
            // The expected y of every row is a plain running sum, kept here, of what the table
            // holds above it: each section's header (one line of 15 pt semibold with the 22 above
            // it: 50, as in plainHeadersFloatOverTheTopPosition; no footers) and each row's own
            // height (its cell's, from the output), independent of the table's offset index.
            var expectedY = 0.0, checked = 0
            for (s, section) in output["sections"]!.array!.enumerated() {
                #expect(table.headerSpan(s).y == expectedY && table.headerSpan(s).height == 50, "section \(s)")
                expectedY += 50
                for (r, row) in section["rows"]!.array!.enumerated() {
                    let y = row["y"]!.number!, height = row["height"]!.number!
                    let path = RowPath(section: s, row: r)
                    let rect = table.rect(of: path)
                    #expect(abs(rect.minY - expectedY) < 0.001 && abs(y - expectedY) < 0.001, "row \(s).\(r)")
                    #expect(abs(rect.height - height) < 0.001, "row \(s).\(r)")
                    #expect(table.row(atY: expectedY) == path)
                    #expect(table.row(atY: expectedY + height - 0.01) == path)
                    #expect(table.visibleRows(y: expectedY, height: 0.5) == [path])
                    expectedY += height
                    checked += 1
                }
            }
            #expect(abs(table.contentHeight - expectedY) < 0.001)
            #expect(checked == 10_000)
        }
    }
}
