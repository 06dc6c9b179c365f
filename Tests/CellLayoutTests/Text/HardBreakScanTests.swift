@testable import CellLayoutPrepare
import Testing

/// `ParagraphBuilder.hardBreak(in:from:)`, four code units at a time, against the scan of
/// one unit at a time with `isHardBreak` (LF, VT, FF, CR, NEL, U+2028, U+2029).
@Suite struct HardBreakScanTests {
    /// The first hard break at or after `from`, one unit at a time.
    static func expected(_ units: [UInt16], from: Int) -> Int? {
        units.indices.first { $0 >= from && ParagraphBuilder.isHardBreak(units[$0]) }
    }

    static func scan(_ units: [UInt16], from: Int) -> Int? {
        units.withUnsafeBufferPointer { ParagraphBuilder.hardBreak(in: $0, from: from) }
    }

    /// Every code unit value, alone among seventeen letters at a place that moves with the
    /// value (each lane of the four words, and the unit past them): found exactly where it is a
    /// hard break.
    @Test func everyUnitValueInEveryLane() {
        var differing: [String] = []
        for value in 0...0xFFFF {
            var units = [UInt16](repeating: 0x61, count: 17)
            let at = value % 17
            units[at] = UInt16(value)
            let want = ParagraphBuilder.isHardBreak(UInt16(value)) ? at : nil
            if Self.scan(units, from: 0) != want, differing.count < 10 { differing.append(String(value, radix: 16)) }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    /// Random texts of breaks and near misses, scanned from every offset.
    @Test func randomTextsFromEveryOffset() {
        let pool: [UInt16] = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029, 0x09, 0x0E, 0x84, 0x86, 0x2027, 0x202A,
                              0xA028, 0xA029, 0x2128, 0x3028, 0x4E00, 0x61, 0x20, 0xFFFF, 0]
        var random = TextPropertyTests.SeededRandom(state: 22)
        var differing: [String] = []
        var found = 0
        for _ in 0..<3_000 {
            let units = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                // Mostly letters, so that whole words of four hold no break.
                Int.random(in: 0..<4, using: &random) == 0 ? pool.randomElement(using: &random)! : 0x61
            }
            for from in 0...units.count {
                let want = Self.expected(units, from: from)
                if want != nil { found += 1 }
                if Self.scan(units, from: from) != want, differing.count < 10 {
                    differing.append("\(units.map { String($0, radix: 16) }) from \(from)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(found > 10_000, "\(found)")
    }
}
