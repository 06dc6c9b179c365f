import CICU

/// Bidi embedding levels (UAX #9): the level of each code unit of a paragraph.
package enum BidiLevels {
    /// The levels of the paragraph's `length` code units, in `region` (valid until its
    /// `reset()`), or nil when they are all 0 (left to right): one level for the whole
    /// paragraph where its characters' bidi classes decide it (`uniformLevel`), which spares
    /// the ICU call for every paragraph without a right-to-left character and for
    /// right-to-left text without numbers or left-to-right words; ICU's levels for any other.
    package static func levels(_ base: UnsafePointer<UInt16>, _ length: Int,
                               in region: inout ScratchRegion) -> UnsafeBufferPointer<UInt8>? {
        let uniform = uniformLevel(base, length)
        if uniform == 0 { return nil }
        let levels = region.allocate(UInt8.self, count: length)
        levels.initialize(repeating: uniform ?? 0)
        guard uniform == nil else { return UnsafeBufferPointer(levels) }
        return icuLevels(base, length, into: levels.baseAddress!) ? UnsafeBufferPointer(levels) : nil
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
        let done = levels.withUnsafeMutableBufferPointer { icuLevels(base, length, into: $0.baseAddress!) }
        return done ? levels : nil
    }

    /// ICU's levels into `levels` (which holds `length`), or false when ICU fails.
    static func icuLevels(_ base: UnsafePointer<UInt16>, _ length: Int, into levels: UnsafeMutablePointer<UInt8>) -> Bool {
        cicu_bidi_levels(base, Int32(length), levels) >= 0
    }
}
