import CellLayoutPrepare
import Testing

/// Grapheme clusters without ICU (`GraphemeBreaks`): a paragraph of code units that are
/// each a cluster of their own gets a cluster per unit, and ICU agrees for every such
/// character of the BMP.
@Suite struct GraphemeBreakTests {
    static func isOneClusterPerUnit(_ text: [UInt16]) -> Bool {
        text.withUnsafeBufferPointer { GraphemeBreaks.isOneClusterPerUnit($0.baseAddress!, $0.count) }
    }

    static func icuEnds(_ text: [UInt16]) -> [Int32] {
        var ends = [Int32](repeating: 0, count: text.count + 1)
        let count = text.withUnsafeBufferPointer { GraphemeBreaks.icuEnds($0.baseAddress!, $0.count, into: &ends) }
        return Array(ends[0..<count])
    }

    @Test func theSetFollowsTheGraphemeClusterBreakClasses() {
        // From UAX #29's table of Grapheme_Cluster_Break values (GraphemeBreakProperty.txt):
        // Other (letters of every script, spaces, punctuation, ideographs), Control (U+00AD
        // SOFT HYPHEN is Cf, so Control), LV (U+AC00 가) and LVT (U+AC01 각) are in the set;
        // Extend (U+0301, U+0E34 Thai SARA I, U+FE0F), ZWJ (U+200D), SpacingMark (U+0E33 Thai
        // SARA AM, U+093E Devanagari AA), Prepend (U+0600), the L, V and T jamo (U+1100,
        // U+1161, U+11A8) and surrogates are not.
        for unit: UInt16 in [0x61, 0xE9, 0x416, 0x5D0, 0x627, 0x4E2D, 0x3042, 0xAD, 0x2022, 0xAC00, 0xAC01, 0x2600, 0x01] {
            #expect(Self.isOneClusterPerUnit([unit]), "U+\(String(unit, radix: 16))")
        }
        for unit: UInt16 in [0x301, 0xE34, 0xFE0F, 0x200D, 0xE33, 0x93E, 0x600, 0x1100, 0x1161, 0x11A8, 0xD83D, 0xDE00, 0x0D, 0x0A] {
            #expect(!Self.isOneClusterPerUnit([unit]), "U+\(String(unit, radix: 16))")
        }
        // One unit outside the set makes the whole paragraph ICU's.
        #expect(Self.isOneClusterPerUnit(Array("Привет, 世界 가각".utf16)))
        #expect(!Self.isOneClusterPerUnit(Array("cafe\u{301}".utf16)))
    }

    @Test func icuGivesEveryCharacterOfTheSetAClusterOfItsOwn() {
        // Each code point of the set beside itself and beside one character of each class in
        // the set (Other, an Extended_Pictographic Other, Control, LV, LVT), on both sides:
        // UAX #29 joins none of these pairs (GB6–GB8 need L, V or T; GB9–GB9b Extend, ZWJ,
        // SpacingMark or Prepend; GB11 a ZWJ; GB12–GB13 regional indicators), so ICU must
        // break at every code unit.
        var members = 0
        var joined: [String] = []
        for value in 0..<0x10000 where !(0xD800...0xDFFF).contains(value) {
            let c = UInt16(value)
            guard Self.isOneClusterPerUnit([c]) else { continue }
            members += 1
            let text: [UInt16] = [c, 0x61, c, 0x2600, c, 0x01, c, 0xAC00, c, 0xAC01, c, 0xAD, c, c]
            if Self.icuEnds(text) != (1...text.count).map(Int32.init), joined.count < 10 {
                joined.append("U+\(String(c, radix: 16))")
            }
        }
        #expect(joined.isEmpty, "\(joined)")
        // ICU 72's data: 61,802 such code points, all of the BMP's 63,488 but the marks,
        // joiners, jamo, CR, LF and the like (1,686).
        #expect(members > 60_000, "\(members)")
    }
}
