import CICU

/// Line-break opportunities (UAX #14): where a paragraph may wrap.
package enum LineBreaks {
    /// The line break opportunities (UAX #14) after offset 0, the paragraph's end
    /// included, in `region` (valid until its `reset()`): computed here for a paragraph of
    /// the simple characters (`SimpleLineBreaks`, ICU's answer without ICU), from ICU for
    /// any other. Room for one per code unit, as many as there can be: ICU is asked once.
    package static func opportunities(_ base: UnsafePointer<UInt16>, _ length: Int,
                                      in region: inout ScratchRegion) -> UnsafeBufferPointer<Int32> {
        let breaks = region.allocate(Int32.self, count: max(1, length))
        let count = SimpleLineBreaks.opportunities(base, length, into: breaks.baseAddress!)
            ?? icuOpportunities(base, length, into: breaks)
        return UnsafeBufferPointer(rebasing: breaks[..<count])
    }

    /// ICU's line break opportunities after offset 0, the paragraph's end included (none
    /// when ICU fails), in an array: what the rule and agreement tests check the simple
    /// breaks against.
    package static func icuOpportunities(_ base: UnsafePointer<UInt16>, _ length: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: max(1, length)) { breaks, count in
            count = icuOpportunities(base, length, into: breaks)
        }
    }

    /// ICU's opportunities into `breaks`, which has room for one per code unit (as many as
    /// there can be, so ICU is asked once): how many (none when ICU fails).
    static func icuOpportunities(_ base: UnsafePointer<UInt16>, _ length: Int,
                                 into breaks: UnsafeMutableBufferPointer<Int32>) -> Int {
        max(0, Int(cicu_line_breaks_after(base, Int32(length), 0, breaks.baseAddress!, Int32(breaks.count))))
    }
}
