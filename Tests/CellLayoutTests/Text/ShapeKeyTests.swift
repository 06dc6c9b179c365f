import CellLayoutCore
import CellLayoutPrepare
import Testing

/// The shape memo's key: equality is the equality of its fields and of its code units,
/// both the up to 16 kept inline and the rest kept in an array (`ShapeKey.==` compares
/// that array only for keys longer than 16 units), and equal keys hash alike.
@Suite struct ShapeKeyTests {
    /// Seeded random unit arrays of 0 to 40 units, each against a copy of itself, a copy
    /// with one unit changed (anywhere, so inline or in the overflow) and a copy one unit
    /// longer or shorter, and against a copy with one other field changed.
    @Test(arguments: [1, 2, 3])
    func equalKeysAreKeysOfEqualFieldsAndUnits(seed: UInt64) {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func key(_ units: [UInt16], font: Int = 7, script: UInt32 = 0x4C61_746E, rtl: Bool = false,
                 language: UInt8 = 0) -> ShapeKey {
            units.withUnsafeBufferPointer {
                ShapeKey(fontID: font, script: script, isRightToLeft: rtl, language: language, units: $0)
            }
        }
        for _ in 0..<2_000 {
            let units = (0..<next(41)).map { _ in UInt16(next(4)) }
            let a = key(units)
            #expect(a == key(units))
            #expect(a.memoHash == key(units).memoHash)
            var other = units
            if !other.isEmpty {
                let i = next(other.count)
                other[i] = other[i] &+ 1 + UInt16(next(3))
                #expect(a != key(other), "unit \(i) of \(units.count) changed")
            }
            #expect(a != key(units + [UInt16(next(4))]))
            if !units.isEmpty { #expect(a != key(Array(units.dropLast()))) }
            #expect(a != key(units, font: 8))
            #expect(a != key(units, script: 0x4172_6162))
            #expect(a != key(units, rtl: true))
            #expect(a != key(units, language: 2))
        }
    }

    /// Keys that differ only past their 16th unit are two entries of the memo.
    @Test func longPiecesThatDifferOnlyInTheirTailAreTwoEntries() {
        let memo = BoundedMemo<ShapeKey, Int>(maxEntries: 1_000, maxBytes: .max) { _, _ in 0 }
        let head = [UInt16](repeating: 0x61, count: 16)
        for tail in 0..<50 {
            let units = head + [UInt16(0x61 + tail % 26), UInt16(0x61 + tail / 26)]
            let key = units.withUnsafeBufferPointer { ShapeKey(fontID: 1, script: 0, isRightToLeft: false, units: $0) }
            #expect(memo.value(for: key) { tail } == tail)
        }
        #expect(memo.statistics.misses == 50)
    }
}
