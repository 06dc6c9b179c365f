import CICU

/// Grapheme cluster boundaries (UAX #29): the clusters a paragraph's code units form.
package enum GraphemeBreaks {
    /// Grapheme cluster ends into `ends` (which holds `length + 1`); returns how many: the
    /// simple clusters (`simpleEnds`) when the paragraph has them, which spares the ICU call,
    /// else ICU's.
    static func ends(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: UnsafeMutablePointer<Int32>) -> Int {
        let count = simpleCount(base, length, into: ends)
        return count >= 0 ? count : icuEnds(base, length, into: ends)
    }

    /// The grapheme cluster ends of a paragraph whose characters are all bases, controls,
    /// marks, joiners or regional indicators (by the linked ICU's data;
    /// `cicu_simple_grapheme_ends`), or nil. Latin, Greek, Cyrillic, Hebrew and Arabic with
    /// or without their marks, CJK, kana, Hangul syllables, Thai, the Indic scripts (with ICU
    /// 72's conjunct rule: a consonant after a consonant and a virama joins their cluster in
    /// Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam), most punctuation and
    /// symbols are, and so are emoji sequences (skin tones, variation selectors, keycaps and
    /// tags by GB9, ZWJ sequences by GB11, flags by GB12 and GB13); Prepend, CR LF, the
    /// Hangul jamo and lone surrogates are left to ICU.
    package static func simpleEnds(_ base: UnsafePointer<UInt16>, _ length: Int) -> [Int32]? {
        var ends = [Int32](repeating: 0, count: length + 1)
        let count = ends.withUnsafeMutableBufferPointer { simpleCount(base, length, into: $0.baseAddress!) }
        return count < 0 ? nil : Array(ends[0..<count])
    }

    /// The simple clusters' ends into `ends` (which holds `length + 1`); how many, or −1
    /// when the paragraph has a character they do not cover.
    private static func simpleCount(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: UnsafeMutablePointer<Int32>) -> Int {
        Int(cicu_simple_grapheme_ends(base, Int32(length), ends))
    }

    /// ICU's grapheme cluster ends into `ends` (which holds `length + 1`); returns how
    /// many (none when ICU fails).
    package static func icuEnds(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: inout [Int32]) -> Int {
        ends.withUnsafeMutableBufferPointer { icuEnds(base, length, into: $0.baseAddress!) }
    }

    /// `icuEnds(_:_:into:)` into memory that holds `length + 1`.
    static func icuEnds(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: UnsafeMutablePointer<Int32>) -> Int {
        max(0, Int(cicu_grapheme_breaks(base, Int32(length), ends)))
    }
}
