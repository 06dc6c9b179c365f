/// Line-break opportunities (UAX #14) computed without ICU for a paragraph made only of
/// the characters `LineBreakClass` knows: the rules that touch those classes, in the order
/// and with the tailorings of the ICU the package links (72), so that the answer is ICU's
/// to the offset (`LineBreakAgreementTests` holds it to that on random strings and on every
/// BMP character in context, the oracle tier on every such paragraph of the corpora).
///
/// Rules that cannot apply to these classes (hard breaks, ZW, WJ, CB, the Hangul jamo) are
/// left out. LB9 and LB10 come first, as a pass of their own: a combining mark or ZWJ after
/// anything but a space joins it and is gone from the classes the other rules see (a trail
/// surrogate always joins its lead); one after a space, or at the start, is AL. LB8a keeps
/// the character after a ZWJ, LB30a pairs regional indicators and LB30b keeps an emoji
/// modifier with an emoji base. Where ICU 72 departs from
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
        var simple = true
        let breaks = [Int32](unsafeUninitializedCapacity: length) { breaks, count in
            if let written = opportunities(base, length, into: breaks.baseAddress!) {
                count = written
            } else {
                simple = false
                count = 0
            }
        }
        return simple ? breaks : nil
    }

    /// `opportunities(_:_:)` into `breaks` (which holds `length`, at most one a code
    /// unit): how many, or nil when a code unit is outside `LineBreakClass`'s set.
    package static func opportunities(_ base: UnsafePointer<UInt16>, _ length: Int,
                                      into breaks: UnsafeMutablePointer<Int32>) -> Int? {
        guard length > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: LineBreakClass.self, capacity: length) { buffer in
            let classes = buffer.baseAddress!
            guard let (joining, joiners) = LineBreakClass.classify(base, length, into: classes) else { return nil }
            guard joining > 0 else { return opportunities(classes, length, afterJoiner: nil, into: breaks) }
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { offsets in
                guard joiners > 0 else {
                    let count = joinMarks(classes, length, offsets: offsets.baseAddress!, afterJoiner: nil)
                    let written = opportunities(classes, count, afterJoiner: nil, into: breaks)
                    return unitBreaks(breaks, written, offsets.baseAddress!, length)
                }
                return withUnsafeTemporaryAllocation(of: Bool.self, capacity: length) { flags in
                    let count = joinMarks(classes, length, offsets: offsets.baseAddress!, afterJoiner: flags.baseAddress!)
                    let written = opportunities(classes, count, afterJoiner: flags.baseAddress!, into: breaks)
                    return unitBreaks(breaks, written, offsets.baseAddress!, length)
                }
            }
        }
    }

    /// The `count` breaks before characters of the joined classes turned, in place, into
    /// code unit offsets (a break before character j is before its first code unit), the
    /// paragraph's end last; returns `count`.
    @inline(__always)
    private static func unitBreaks(_ breaks: UnsafeMutablePointer<Int32>, _ count: Int,
                                   _ offsets: UnsafeMutablePointer<Int32>, _ length: Int) -> Int {
        for b in 0..<count - 1 { breaks[b] = offsets[Int(breaks[b])] }
        breaks[count - 1] = Int32(length)
        return count
    }

    /// LB9 and LB10 in place: each combining mark or ZWJ after a character other than a
    /// space (X CM* is X) is taken out of `k`, one after a space or at the start becomes AL,
    /// and each trail surrogate joins its lead; the code unit offset of each remaining
    /// character into `offsets`, and (when `afterJoiner` is given) whether its last code
    /// unit is a ZWJ, which keeps the character after it (LB8a: ZWJ ×, the CM after a ZWJ
    /// joining by LB9 anyway). Returns how many remain.
    private static func joinMarks(_ k: UnsafeMutablePointer<LineBreakClass>, _ length: Int,
                                  offsets: UnsafeMutablePointer<Int32>,
                                  afterJoiner: UnsafeMutablePointer<Bool>?) -> Int {
        var count = 0
        for i in 0..<length {
            var c = k[i]
            switch c {
            case .trail: continue
            case .combiningMark, .zeroWidthJoiner:
                // LB9: joins the character before it (itself a mark made AL, or any but SP).
                if count > 0 && k[count - 1] != .space {
                    afterJoiner?[count - 1] = c == .zeroWidthJoiner
                    continue
                }
                // LB10: any other mark is AL.
                afterJoiner?[count] = c == .zeroWidthJoiner
                c = .alphabetic
            default:
                afterJoiner?[count] = false
            }
            k[count] = c
            offsets[count] = Int32(i)
            count += 1
        }
        return count
    }

    /// The breaks of `length` classified characters into `breaks` (at most one per
    /// character), returning how many; `afterJoiner` says which end with a ZWJ (nil when
    /// none does).
    private static func opportunities(_ k: UnsafeMutablePointer<LineBreakClass>, _ length: Int,
                                      afterJoiner: UnsafeMutablePointer<Bool>?,
                                      into breaks: UnsafeMutablePointer<Int32>) -> Int {
        var n = 0
        // The offset after the last break (ICU's rules marked ^ start only there).
        var segmentStart = 0
        var regionalRun = RegionalRun()
        var i = 1
        while i < length {
            let p = k[i - 1], c = k[i]
            // The most common pair first: letter × letter (LB28; no earlier rule applies to
            // it), and the rest of the word with it (one test a letter, not the pair's loop).
            if p.isLetter && c.isLetter {
                i += 1
                while i < length && k[i].isLetter { i += 1 }
                continue
            }
            // LB7: × SP.
            if c == .space { i += 1; continue }
            // LB25: a number starting at the character before the candidate, kept whole.
            if p.startsNumber {
                let end = numberEnd(k, length, from: i - 1)
                if end > i { i = end; continue }
            }
            // LB8a: ZWJ ×.
            if let afterJoiner, afterJoiner[i - 1] { i += 1; continue }
            // Two ideographs or Hangul syllables (LB31: no rule before it keeps them).
            if p.breaksBetweenTwo && c.breaksBetweenTwo || !keeps(k, length, i, p, c, segmentStart, &regionalRun) {
                breaks[n] = Int32(i)
                n += 1
                segmentStart = i
            }
            i += 1
        }
        breaks[n] = Int32(length)
        return n + 1
    }

    /// Whether the rules from LB12 on keep the characters before and at `i` together
    /// (the break between them otherwise: LB18 after a space, LB31 everywhere else).
    @inline(__always)
    private static func keeps(_ k: UnsafeMutablePointer<LineBreakClass>, _ length: Int, _ i: Int,
                              _ p: LineBreakClass, _ c: LineBreakClass, _ segmentStart: Int,
                              _ regionalRun: inout RegionalRun) -> Bool {
        // A letter after a space (most words' start): of the rules below only LB14 can keep
        // it (OP SP* ×); LB18 breaks (SP ÷).
        if p == .space && c.isLetter { return classBeforeSpaces(k, i).isOpen }
        // LB12: GL ×. LB12a: [^SP BA HY] × GL.
        if p == .glue { return true }
        if c == .glue && p != .space && p != .breakAfter && p != .hyphen { return true }
        // LB13: × CL, × CP, × EX, × SY, even after spaces.
        if c.isClose { return true }
        switch c {
        case .exclamation, .symbol: return true
        default: break
        }
        let before = p == .space ? classBeforeSpaces(k, i) : p
        // LB14: OP SP* ×.
        if before.isOpen { return true }
        if c == .infixSeparator {
            // LB15c: SP ÷ IS NU. LB15d: × IS.
            return !(p == .space && i + 1 < length && k[i + 1] == .numeric)
        }
        // LB15 (Unicode 15.0): QU SP* × OP. LB16: (CL | CP) SP* × NS. LB17: B2 SP* × B2.
        if c.isOpen && before == .quotation { return true }
        if c == .nonstarter && before.isClose { return true }
        if c == .breakBoth && before == .breakBoth { return true }
        // LB18: SP ÷.
        if p == .space { return false }
        // LB19: × QU, QU ×.
        if c == .quotation || p == .quotation { return true }
        // LB20a (ICU 20.09): a hyphen right after a break keeps the AL after it (not an HL).
        if c == .alphabetic && p == .hyphen && i - 1 == segmentStart { return true }
        // LB21: × BA, × HY, × NS, BB ×.
        if c == .breakAfter || c == .hyphen || c == .nonstarter || p == .breakBefore { return true }
        // LB21a: HL (HY | BA) ×. LB21b: SY × HL.
        if (p == .hyphen || p == .breakAfter) && i >= 2 && k[i - 2] == .hebrewLetter { return true }
        if p == .symbol && c == .hebrewLetter { return true }
        // LB22: × IN.
        if c == .inseparable { return true }
        // LB30a: sot (RI RI)* RI × RI, [^RI] (RI RI)* RI × RI: pairs of regional indicators.
        if c == .regionalIndicator && p == .regionalIndicator { return opensPair(k, i - 1, &regionalRun) }
        // LB30b: EB × EM, and (ICU 72) an unassigned Extended_Pictographic × EM.
        if c == .emojiModifier && (p == .emojiBase || p == .ideographicUnassignedPictographic) { return true }
        // LB23: (AL | HL) × NU, NU × (AL | HL). LB24: (PR | PO) × (AL | HL), (AL | HL) × (PR | PO).
        // LB28: (AL | HL) × (AL | HL) (taken first by the caller). LB29: IS × (AL | HL).
        // LB30: (AL | HL | NU) × OP, CP × (AL | HL | NU), but for an East Asian wide OP or CP.
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
        // LB23a: PR × (ID | EB | EM), (ID | EB | EM) × PO.
        if (p == .prefix && c.isIdeographicOrEmoji) || (p.isIdeographicOrEmoji && c == .postfix) { return true }
        // LB27: (H2 | H3) × PO, PR × (H2 | H3) (LB26 needs the jamo, which are not in the set).
        if (p.isHangulSyllable && c == .postfix) || (p == .prefix && c.isHangulSyllable) { return true }
        // LB31: break everywhere else (between two Hangul syllables or two ideographs too).
        return false
    }

    /// The class before the spaces that end at `i - 1` (a space itself when they start the
    /// paragraph).
    @inline(__always)
    private static func classBeforeSpaces(_ k: UnsafeMutablePointer<LineBreakClass>, _ i: Int) -> LineBreakClass {
        var j = i - 1
        while j > 0 && k[j] == .space { j -= 1 }
        return k[j]
    }

    /// Where the last run of regional indicators `opensPair` looked at starts: a later
    /// question about the same run scans back only to the character it asked about, so that
    /// a paragraph of regional indicators takes linear time.
    private struct RegionalRun {
        /// A regional indicator asked about (−1: none yet), and where its run starts.
        var asked = -1, start = 0
    }

    /// Whether the regional indicator at `j` opens a pair (LB30a): it is the first, third,
    /// fifth… of its run.
    @inline(__always)
    private static func opensPair(_ k: UnsafeMutablePointer<LineBreakClass>, _ j: Int, _ run: inout RegionalRun) -> Bool {
        var start = j
        while start > 0 && k[start - 1] == .regionalIndicator {
            if start - 1 == run.asked { start = run.start; break }
            start -= 1
        }
        run = RegionalRun(asked: j, start: start)
        return (j - start) % 2 == 0
    }

    /// The end of ICU's LB25 number starting at `start`, or `start` when none starts
    /// there: (PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?, matched greedily.
    @inline(__always)
    private static func numberEnd(_ k: UnsafeMutablePointer<LineBreakClass>, _ length: Int, from start: Int) -> Int {
        var i = start
        // The optional prefix parts, each at most once and in order.
        if i < length, k[i] == .prefix || k[i] == .postfix { i += 1 }
        if i < length, k[i].isOpen || k[i] == .hyphen { i += 1 }
        if i < length, k[i] == .infixSeparator { i += 1 }
        guard i < length, k[i] == .numeric else { return start }
        i += 1
        while i < length, k[i] == .numeric || k[i] == .symbol || k[i] == .infixSeparator { i += 1 }
        if i < length, k[i].isClose { i += 1 }
        if i < length, k[i] == .prefix || k[i] == .postfix { i += 1 }
        return i
    }
}

extension LineBreakClass {
    /// Whether ICU's LB25 number can start with this class.
    @inline(__always)
    var startsNumber: Bool {
        switch self {
        case .prefix, .postfix, .open, .openWide, .hyphen, .infixSeparator, .numeric: true
        default: false
        }
    }
}
