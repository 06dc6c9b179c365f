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
    /// a BMP character whose Grapheme_Cluster_Break is Other, Control, LV or LVT (by the
    /// linked ICU's data; `cicu_one_cluster_per_unit`), which UAX #29 never joins with
    /// another such. Latin text with its accents precomposed, Greek, Cyrillic, Hebrew and
    /// Arabic without points, CJK, kana, Hangul syllables, most punctuation and symbols are.
    package static func isOneClusterPerUnit(_ base: UnsafePointer<UInt16>, _ length: Int) -> Bool {
        cicu_one_cluster_per_unit(base, Int32(length)) != 0
    }

    /// ICU's grapheme cluster ends into `ends` (which holds `length + 1`); returns how
    /// many (none when ICU fails).
    package static func icuEnds(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: inout [Int32]) -> Int {
        max(0, Int(cicu_grapheme_breaks(base, Int32(length), &ends)))
    }
}
