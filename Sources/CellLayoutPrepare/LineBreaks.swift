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
            ?? max(0, Int(cicu_line_breaks_after(base, Int32(length), 0, breaks.baseAddress!, Int32(breaks.count))))
        return UnsafeBufferPointer(rebasing: breaks[..<count])
    }

    /// ICU's line break opportunities after offset 0, the paragraph's end included (none
    /// when ICU fails), gathered a block at a time: memory in proportion to the breaks,
    /// not to the text. A block holds 4,096 breaks, or one more than a short paragraph can
    /// have (a 16 KB block zeroed per row was 3 % of preparing Latin text).
    package static func icuOpportunities(_ base: UnsafePointer<UInt16>, _ length: Int) -> [Int32] {
        let block = Int32(min(4096, length + 1))
        var breaks: [Int32] = []
        var from: Int32 = 0
        while true {
            let old = breaks.count
            breaks.append(contentsOf: repeatElement(0, count: Int(block)))
            let written = breaks.withUnsafeMutableBufferPointer {
                cicu_line_breaks_after(base, Int32(length), from, $0.baseAddress! + old, block)
            }
            breaks.removeLast(Int(block - max(0, written)))
            guard written == block else { return breaks }
            from = breaks[breaks.count - 1]
        }
    }
}
