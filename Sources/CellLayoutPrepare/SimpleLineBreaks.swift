/// Line-break opportunities (UAX #14) computed without ICU for a paragraph made only of
/// the characters `LineBreakClass` knows: the rules that touch those classes, in the order
/// and with the tailorings of the ICU the package links (72), so that the answer is ICU's
/// to the offset (`LineBreakAgreementTests` holds it to that on random strings, the oracle
/// tier on every such paragraph of the corpora).
///
/// Rules that cannot apply to these classes (hard breaks, ZW, CM, ZWJ, WJ, NS, CB,
/// ideographs, the Hangul jamo, regional indicators, emoji) are left out. Where ICU 72 departs from
/// Unicode 15.0's UAX #14, ICU's behaviour is the one written here (random strings against
/// ICU tell each of the three from the plain reading of the rules):
/// - IS is not in LB13: a space, then IS, then a digit breaks before the IS (" .5"), any
///   other IS is kept (UAX #14 wrote these as LB15c and LB15d in Unicode 15.1).
/// - LB20a (ICU's "20.09"): a hyphen right after a break (or at the start) keeps the AL
///   after it ("a -b" has no break inside "-b"), where "a-b" breaks after the hyphen; ICU 72
///   does not hold an HL there ("-א" breaks after the hyphen).
/// - LB25 as ICU's regular expression, matched from the character before each candidate
///   break: (PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?, no break inside a match.
package enum SimpleLineBreaks {
    /// The break opportunities after offset 0, the paragraph's end included, or nil when
    /// a code unit is outside `LineBreakClass`'s set (the caller asks ICU).
    package static func opportunities(_ base: UnsafePointer<UInt16>, _ length: Int) -> [Int32]? {
        guard length > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: LineBreakClass.self, capacity: length) { buffer in
            let classes = buffer.baseAddress!
            guard LineBreakClass.classify(base, length, into: classes) else { return nil }
            return opportunities(classes, length)
        }
    }

    /// The breaks of `length` classified characters (at most one per character: written
    /// straight into the array's storage, which is not zeroed first).
    private static func opportunities(_ k: UnsafeMutablePointer<LineBreakClass>, _ length: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: length) { breaks, count in
            var n = 0
            // The offset after the last break (ICU's rules marked ^ start only there).
            var segmentStart = 0
            var i = 1
            while i < length {
                let p = k[i - 1], c = k[i]
                // The most common pair first: letter × letter (LB28; no earlier rule applies to it).
                if p.isLetter && c.isLetter { i += 1; continue }
                // LB7: × SP.
                if c == .space { i += 1; continue }
                // LB25: a number starting at the character before the candidate, kept whole.
                if p.startsNumber {
                    let end = numberEnd(k, length, from: i - 1)
                    if end > i { i = end; continue }
                }
                if !keeps(k, length, i, p, c, segmentStart) {
                    breaks[n] = Int32(i)
                    n += 1
                    segmentStart = i
                }
                i += 1
            }
            breaks[n] = Int32(length)
            count = n + 1
        }
    }

    /// Whether the rules from LB12 on keep the characters before and at `i` together
    /// (the break between them otherwise: LB18 after a space, LB31 everywhere else).
    @inline(__always)
    private static func keeps(_ k: UnsafeMutablePointer<LineBreakClass>, _ length: Int, _ i: Int,
                              _ p: LineBreakClass, _ c: LineBreakClass, _ segmentStart: Int) -> Bool {
        // LB12: GL ×. LB12a: [^SP BA HY] × GL.
        if p == .glue { return true }
        if c == .glue && p != .space && p != .breakAfter && p != .hyphen { return true }
        // LB13: × CL, × CP, × EX, × SY, even after spaces.
        switch c {
        case .close, .closeParenthesis, .exclamation, .symbol: return true
        default: break
        }
        // The class before the spaces that end at i - 1 (the class at i - 1 when it is no space).
        var before = p
        if p == .space {
            var j = i - 1
            while j > 0 && k[j] == .space { j -= 1 }
            before = k[j]
        }
        // LB14: OP SP* ×.
        if before == .open { return true }
        if c == .infixSeparator {
            // LB15c: SP ÷ IS NU. LB15d: × IS.
            return !(p == .space && i + 1 < length && k[i + 1] == .numeric)
        }
        // LB15 (Unicode 15.0): QU SP* × OP. LB17: B2 SP* × B2.
        if c == .open && before == .quotation { return true }
        if c == .breakBoth && before == .breakBoth { return true }
        // LB18: SP ÷.
        if p == .space { return false }
        // LB19: × QU, QU ×.
        if c == .quotation || p == .quotation { return true }
        // LB20a (ICU 20.09): a hyphen right after a break keeps the AL after it (not an HL).
        if c == .alphabetic && p == .hyphen && i - 1 == segmentStart { return true }
        // LB21: × BA, × HY, BB ×.
        if c == .breakAfter || c == .hyphen || p == .breakBefore { return true }
        // LB21a: HL (HY | BA) ×. LB21b: SY × HL.
        if (p == .hyphen || p == .breakAfter) && i >= 2 && k[i - 2] == .hebrewLetter { return true }
        if p == .symbol && c == .hebrewLetter { return true }
        // LB22: × IN.
        if c == .inseparable { return true }
        // LB23: (AL | HL) × NU, NU × (AL | HL). LB24: (PR | PO) × (AL | HL), (AL | HL) × (PR | PO).
        // LB28: (AL | HL) × (AL | HL) (taken first by the caller). LB29: IS × (AL | HL).
        // LB30: (AL | HL | NU) × OP, CP × (AL | HL | NU) (none of these OP or CP is East Asian wide).
        if c.isLetter {
            switch p {
            case .numeric, .prefix, .postfix, .infixSeparator, .closeParenthesis: return true
            default: return p.isLetter
            }
        }
        if p.isLetter {
            switch c {
            case .numeric, .prefix, .postfix, .open: return true
            default: return false
            }
        }
        if c == .open && p == .numeric { return true }
        if c == .numeric && p == .closeParenthesis { return true }
        // LB27: (H2 | H3) × PO, PR × (H2 | H3) (LB26 needs the jamo, which are not in the set).
        if (p.isHangulSyllable && c == .postfix) || (p == .prefix && c.isHangulSyllable) { return true }
        // LB31: break everywhere else (between two Hangul syllables too).
        return false
    }

    /// The end of ICU's LB25 number starting at `start`, or `start` when none starts
    /// there: (PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?, matched greedily.
    @inline(__always)
    private static func numberEnd(_ k: UnsafeMutablePointer<LineBreakClass>, _ length: Int, from start: Int) -> Int {
        var i = start
        // The optional prefix parts, each at most once and in order.
        if i < length, k[i] == .prefix || k[i] == .postfix { i += 1 }
        if i < length, k[i] == .open || k[i] == .hyphen { i += 1 }
        if i < length, k[i] == .infixSeparator { i += 1 }
        guard i < length, k[i] == .numeric else { return start }
        i += 1
        while i < length, k[i] == .numeric || k[i] == .symbol || k[i] == .infixSeparator { i += 1 }
        if i < length, k[i] == .close || k[i] == .closeParenthesis { i += 1 }
        if i < length, k[i] == .prefix || k[i] == .postfix { i += 1 }
        return i
    }
}

extension LineBreakClass {
    /// Whether ICU's LB25 number can start with this class.
    @inline(__always)
    var startsNumber: Bool {
        switch self {
        case .prefix, .postfix, .open, .hyphen, .infixSeparator, .numeric: true
        default: false
        }
    }
}
