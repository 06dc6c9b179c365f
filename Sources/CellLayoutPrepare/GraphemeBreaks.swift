import CICU

/// Grapheme cluster boundaries (UAX #29): the clusters a paragraph's code units form.
package enum GraphemeBreaks {
    /// Grapheme cluster ends into `ends` (which holds `length + 1`); returns how many. A
    /// paragraph of code units that are each a cluster of their own
    /// (`isOneClusterPerUnit`) has a cluster per code unit, which spares the ICU call;
    /// anything else asks ICU.
    static func ends(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: inout [Int32]) -> Int {
        guard isOneClusterPerUnit(base, length) else { return icuEnds(base, length, into: &ends) }
        for i in 0..<length { ends[i] = Int32(i + 1) }
        return length
    }

    /// Whether each of the `length` code units at `base` is a grapheme cluster of its own:
    /// every one is in `singleUnits`. Latin text with its accents precomposed, Greek,
    /// Cyrillic, Hebrew and Arabic without points, CJK, kana, Hangul syllables, most
    /// punctuation and symbols are.
    package static func isOneClusterPerUnit(_ base: UnsafePointer<UInt16>, _ length: Int) -> Bool {
        singleUnits.withUnsafeBufferPointer { bits in
            (0..<length).allSatisfy { i in
                let unit = base[i]
                return bits[Int(unit >> 6)] >> (unit & 63) & 1 != 0
            }
        }
    }

    /// ICU's grapheme cluster ends into `ends` (which holds `length + 1`); returns how
    /// many (none when ICU fails).
    package static func icuEnds(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: inout [Int32]) -> Int {
        max(0, Int(cicu_grapheme_breaks(base, Int32(length), &ends)))
    }

    /// One bit per UTF-16 code unit: set for the BMP characters that UAX #29 never joins
    /// with a neighbour from this same set — Grapheme_Cluster_Break Other, Control (but CR
    /// and LF, joined by GB3), LV and LVT (joined only to the V and T jamo, which are not in
    /// the set) — from the linked ICU's own property data, so the answer is ICU's. Unset for
    /// surrogates, Extend, ZWJ, SpacingMark, Prepend, the L, V and T jamo (and for
    /// everything, so that ICU answers, should ICU fail).
    private static let singleUnits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 1024)
        if cicu_single_unit_graphemes(&bits) < 0 { bits = [UInt64](repeating: 0, count: 1024) }
        return bits
    }()
}
