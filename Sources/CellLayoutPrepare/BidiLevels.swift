import CICU

/// Bidi embedding levels (UAX #9): the level of each code unit of a paragraph.
package enum BidiLevels {
    /// The levels of the paragraph's `length` code units, or nil when they are all 0 (left
    /// to right): one level for the whole paragraph where its characters' bidi classes
    /// decide it (`uniformLevel`), which spares the ICU call for every paragraph without a
    /// right-to-left character and for right-to-left text without numbers or left-to-right
    /// words; ICU's levels for any other.
    package static func levels(_ base: UnsafePointer<UInt16>, _ length: Int) -> [UInt8]? {
        switch uniformLevel(base, length) {
        case 0: nil
        case 1: [UInt8](repeating: 1, count: length)
        default: icuLevels(base, length)
        }
    }

    /// The one level every code unit has, when the bidi classes alone decide it: 0 without
    /// any R, AL, AN or explicit embedding, override or isolate; 1 with an R or AL and no
    /// L, EN, B, AN or explicit one (`cicu_bidi_uniform_level`). Nil for any other paragraph.
    package static func uniformLevel(_ base: UnsafePointer<UInt16>, _ length: Int) -> UInt8? {
        let level = cicu_bidi_uniform_level(base, Int32(length))
        return level < 0 ? nil : UInt8(level)
    }

    /// ICU's levels (the paragraph level from the first strong character, left to right
    /// without one), or nil when ICU fails.
    package static func icuLevels(_ base: UnsafePointer<UInt16>, _ length: Int) -> [UInt8]? {
        var levels = [UInt8](repeating: 0, count: length)
        return cicu_bidi_levels(base, Int32(length), &levels) < 0 ? nil : levels
    }
}
