@testable import CellLayoutPrepare
import Testing

/// `Bytes.coverageGlyphs`: every glyph of a coverage table with its coverage index, read
/// from tables written by hand after the OpenType spec's Coverage formats 1 and 2
/// (big-endian u16s: format, count, then glyph ids or range records start, end,
/// startCoverageIndex); and `Bytes.coveredGlyphs(_:while:)`, the same glyphs read in place
/// up to where its body stops, refusing what `coverageGlyphs` refuses.
@Suite struct CoverageGlyphsTests {
    /// The glyphs and indexes `coverageGlyphs` reads from the table of u16s `words`.
    func glyphs(_ words: [UInt16]) throws -> [[Int]] {
        let bytes = words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return try bytes.withUnsafeBytes { raw in
            try Bytes(base: raw.baseAddress!, count: raw.count).coverageGlyphs(0).map { [Int($0.glyph), $0.index] }
        }
    }

    @Test func formatOneListsEachGlyphAtItsPlace() throws {
        #expect(try glyphs([1, 3, 5, 9, 40]) == [[5, 0], [9, 1], [40, 2]])
    }

    /// Ranges 10–12 from index 0, 12–13 from 3 (touching the first at 12: listed again), 20
    /// alone at 5: each glyph of each range, its index the range's start index plus its
    /// place in the range.
    @Test func formatTwoListsEveryGlyphOfEachRange() throws {
        let table: [UInt16] = [2, 3, 10, 12, 0, 12, 13, 3, 20, 20, 5]
        #expect(try glyphs(table) == [[10, 0], [11, 1], [12, 2], [12, 3], [13, 4], [20, 5]])
    }

    @Test func formatTwoOfOneWideRange() throws {
        let table: [UInt16] = [2, 1, 100, 1099, 7]
        let read = try glyphs(table)
        #expect(read.count == 1000)
        #expect(read.first == [100, 7] && read.last == [1099, 1006])
    }

    @Test func formatTwoOfNoRangeIsEmpty() throws {
        #expect(try glyphs([2, 0]).isEmpty)
    }

    /// A range that ends before it starts, or ranges out of order, or a table cut short:
    /// refused, not read.
    @Test func malformedRangesAreRefused() {
        #expect(throws: LayoutLookups.Unsupported.self) { try glyphs([2, 1, 12, 10, 0]) }
        #expect(throws: LayoutLookups.Unsupported.self) { try glyphs([2, 2, 20, 21, 0, 10, 11, 2]) }
        #expect(throws: LayoutLookups.Unsupported.self) { try glyphs([2, 2, 10, 11, 0]) }
    }

    /// The glyphs `coveredGlyphs` hands its body from the table of u16s `words` until the
    /// body meets `stop`, and whether it read to the end.
    func covered(_ words: [UInt16], stoppingAt stop: Int? = nil) throws -> (glyphs: [Int], whole: Bool) {
        let bytes = words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        var read: [Int] = []
        let whole = try bytes.withUnsafeBytes { raw in
            try Bytes(base: raw.baseAddress!, count: raw.count).coveredGlyphs(0) { glyph in
                read.append(Int(glyph))
                return Int(glyph) != stop
            }
        }
        return (read, whole)
    }

    /// The same glyphs in the same order as `coverageGlyphs` (a glyph of touching ranges
    /// twice), in both formats; a body that stops at a glyph ends the reading there, in the
    /// middle of a range or of a list, and the call says so.
    @Test func coveredGlyphsReadsInPlaceUntilStopped() throws {
        let ranges: [UInt16] = [2, 3, 10, 12, 0, 12, 13, 3, 20, 20, 5]
        #expect(try covered(ranges) == ([10, 11, 12, 12, 13, 20], true))
        #expect(try covered(ranges, stoppingAt: 11) == ([10, 11], false))
        #expect(try covered(ranges, stoppingAt: 13) == ([10, 11, 12, 12, 13], false))
        #expect(try covered([1, 3, 5, 9, 40]) == ([5, 9, 40], true))
        #expect(try covered([1, 3, 5, 9, 40], stoppingAt: 9) == ([5, 9], false))
        #expect(try covered([2, 0]) == ([], true))
    }

    /// A malformed table is refused even when the body would have stopped before the fault:
    /// a later range out of order, a range that ends before it starts, a list cut short.
    @Test func coveredGlyphsRefusesWhatCoverageGlyphsRefuses() {
        #expect(throws: LayoutLookups.Unsupported.self) { try covered([2, 2, 20, 21, 0, 10, 11, 2], stoppingAt: 20) }
        #expect(throws: LayoutLookups.Unsupported.self) { try covered([2, 2, 5, 6, 0, 12, 10, 2], stoppingAt: 5) }
        #expect(throws: LayoutLookups.Unsupported.self) { try covered([1, 3, 5, 9], stoppingAt: 5) }
        #expect(throws: LayoutLookups.Unsupported.self) { try glyphs([1, 3, 5, 9]) }
    }
}
