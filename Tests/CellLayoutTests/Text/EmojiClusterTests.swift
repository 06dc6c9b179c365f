import CellLayoutPrepare
import Testing

/// Emoji and other supplementary characters on the clusters stage's paths without ICU:
/// grapheme clusters (`GraphemeBreaks.simpleEnds`: GB9 for skin tones, variation selectors,
/// keycaps and tags, GB11 for ZWJ sequences, GB12 and GB13 for flags) and line breaks
/// (`SimpleLineBreaks`: LB8a, LB9 with ZWJ, LB30a, LB30b, LB23a with EB and EM). The hand
/// cases are derived from UAX #29 and UAX #14 (Unicode 15.0) and the characters' classes in
/// GraphemeBreakProperty.txt, emoji-data.txt and LineBreak.txt, offsets in UTF-16 (an emoji
/// outside the BMP is two units); ICU 72 must give the same. Then ICU against the paths on
/// every supplementary character in context and on seeded random strings of emoji, joiners,
/// regional indicators, variation selectors, Latin and CJK.
@Suite struct EmojiClusterTests {
    /// `text`'s grapheme cluster ends are `expected` on both paths.
    func clusters(_ text: String, _ expected: [Int], _ why: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let units = Array(text.utf16)
        #expect(GraphemeBreakTests.simpleEnds(units) == expected, "simple path: \(why)", sourceLocation: sourceLocation)
        #expect(GraphemeBreakTests.icuEnds(units) == expected, "ICU: \(why)", sourceLocation: sourceLocation)
    }

    /// `text`'s line break opportunities are `expected` on both paths.
    func breaks(_ text: String, _ expected: [Int], _ why: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let (simple, icu) = LineBreakRuleTests.breaks(text)
        #expect(simple == expected, "simple path: \(why)", sourceLocation: sourceLocation)
        #expect(icu == expected, "ICU: \(why)", sourceLocation: sourceLocation)
    }

    @Test func graphemeClustersByRule() {
        // Regional indicators (GCB Regional_Indicator), each two units.
        clusters("🇯🇵", [4], "GB12: sot RI × RI")
        clusters("🇯🇵🇫🇷", [4, 8], "GB12, then GB999 before the third RI (an even run before it), GB13 × the fourth")
        clusters("🇯🇵🇫", [4, 6], "a lone third RI is a cluster of its own")
        clusters("a🇯🇵b", [1, 5, 6], "GB13: [^RI] RI × RI")
        clusters("🇯\u{301}🇵", [3, 5], "GB9 joins the mark to the first RI; GB13 needs the RIs adjacent: ÷")
        // Emoji modifiers, variation selectors, keycaps and tags are GCB Extend.
        clusters("👍🏽", [4], "U+1F3FD is Extend: GB9")
        clusters("❤️", [2], "U+FE0F is Extend: GB9")
        clusters("1️⃣", [3], "U+FE0F and U+20E3 are Extend: GB9 twice")
        clusters("🏴󠁧󠁢󠁳󠁣󠁴󠁿", [14], "the tags U+E0067… U+E007F are Extend: GB9 six times (2 + 6 × 2 units)")
        // ZWJ sequences: U+200D is GCB ZWJ; the emoji are Extended_Pictographic.
        clusters("👨‍👩‍👧", [8], "GB9 × ZWJ, GB11 ExtPict ZWJ × ExtPict, twice")
        clusters("👩🏽‍🔬", [7], "GB11 with an Extend (the modifier) between ExtPict and ZWJ")
        clusters("👍\u{301}\u{200D}👍", [6], "GB11: ExtPict Extend* ZWJ × ExtPict")
        clusters("👍\u{200D}\u{301}👍", [4, 6], "GB11 needs the ZWJ last: an Extend after it, GB999 before 👍")
        clusters("a\u{200D}👍", [2, 4], "GB9 × ZWJ; a is no ExtPict: GB999")
        clusters("©\u{200D}😀", [4], "© is an Extended_Pictographic of the Latin-1 block: GB11")
        clusters("👍\u{E33}\u{200D}👍", [4, 6], "a SpacingMark (GB9a) is no Extend: GB11 fails")
        clusters("\u{1}\u{200D}", [1, 2], "GB4: a control ends its cluster, before a ZWJ too")
        clusters("😀😀", [2, 4], "two emoji: GB999")
        clusters("क्\u{200D}ष", [4], "the conjunct rule lets a ZWJ between virama and consonant (ExtCccZwj)")
        clusters("𝐀\u{301}𓀀", [3, 5], "other supplementary characters: Other, Extend, Other")
    }

    @Test func lineBreaksByRule() {
        // Classes from LineBreak.txt: the regional indicators RI, 👍 EB, 🏽 EM, 😀 ID,
        // U+200D ZWJ, U+FE0F and the tags CM, 𝐀 AL.
        breaks("🇯🇵🇫🇷", [4, 8], "LB30a: RI × RI in pairs, LB31 between the pairs")
        breaks("🇯🇵🇫", [4, 6], "LB30a: the third RI opens a pair of its own")
        breaks("🇯\u{301}🇵", [5], "LB9 joins the mark to the first RI: LB30a sees RI RI")
        breaks("👍🏽", [4], "LB30b: EB × EM")
        breaks("😀🏽", [2, 4], "😀 is ID, not EB: LB31")
        breaks("\u{1FC00}🏽", [4], "U+1FC00 is unassigned and Extended_Pictographic: ICU 72's LB30b")
        breaks("👨‍👩‍👧", [8], "LB9 joins each ZWJ to the ID before it, LB8a ZWJ ×")
        breaks("a\u{200D}世", [3], "LB8a: ZWJ × ID, where AL ÷ ID")
        breaks("a \u{200D}世", [2, 4], "LB18 SP ÷; the ZWJ after a space is AL (LB10), still LB8a ×")
        breaks("$😀", [3], "LB23a: PR × ID")
        breaks("👍%", [3], "LB23a: EB × PO")
        breaks("$🏽", [3], "LB23a: PR × EM")
        breaks("1️⃣2️⃣", [6], "LB9 joins the CMs to each digit: LB25 NU × NU")
        breaks("😀😀", [2, 4], "LB31: ID ÷ ID")
        breaks("🏴󠁧󠁢󠁳󠁣󠁴󠁿!", [15], "LB9 joins the tags to 🏴 (ID), LB13 × EX")
        breaks("𝐀𝐁 c", [5, 6], "U+1D400 and U+1D401 are AL: LB28; LB7, LB18")
        breaks("❤️ you", [3, 6], "U+2764 ID, U+FE0F CM: LB9; LB18 after the space")
    }

    @Test func aLongRunOfRegionalIndicatorsPairsInLinearTime() {
        // 40,000 flags' worth of regional indicators (🇯🇵 repeated: 160,000 units): a pair every
        // 4 units on both paths (LB30a, GB12/GB13). Scanning back to the run's start at each
        // indicator would take 3.2 billion steps.
        let units = Array(String(repeating: "🇯🇵", count: 40_000).utf16)
        let expected = Array(stride(from: 4, through: units.count, by: 4))
        let breaks = units.withUnsafeBufferPointer { SimpleLineBreaks.opportunities($0.baseAddress!, $0.count) }
        #expect(breaks?.map(Int.init) == expected)
        #expect(GraphemeBreakTests.simpleEnds(units) == expected)
    }

    /// The grapheme and line break answers of both paths for `units`, when a simple path
    /// takes them and differs from ICU: a description, else nil; `taken` counts the strings
    /// each simple path took.
    static func difference(_ units: [UInt16], taken: inout (clusters: Int, breaks: Int)) -> String? {
        var found: [String] = []
        if let simple = GraphemeBreakTests.simpleEnds(units) {
            taken.clusters += 1
            let icu = GraphemeBreakTests.icuEnds(units)
            if simple != icu { found.append("clusters \(simple) ICU \(icu)") }
        }
        let (simple, icu) = units.withUnsafeBufferPointer { buffer in
            (SimpleLineBreaks.opportunities(buffer.baseAddress!, buffer.count),
             LineBreaks.icuOpportunities(buffer.baseAddress!, buffer.count))
        }
        if let simple {
            taken.breaks += 1
            if simple != icu { found.append("breaks \(simple) ICU \(icu)") }
        }
        guard !found.isEmpty else { return nil }
        let scalars = String(decoding: units, as: UTF16.self).unicodeScalars.map { String($0.value, radix: 16) }
        return scalars.joined(separator: " ") + ": " + found.joined(separator: ", ")
    }

    @Test func everySupplementaryCharacterAgreesWithICUInContexts() {
        // Each code point of the Supplementary Multilingual Plane and the tags' plane, and
        // every 61st of the ideographic planes, beside a letter, a space, an emoji base and a
        // modifier, a ZWJ and an Extended_Pictographic, a regional indicator, an ideograph, a
        // digit, a combining mark and itself.
        let planes = Array(0x10000..<0x20000) + Array(stride(from: 0x20000, to: 0x40000, by: 61)) + Array(0xE0000..<0xE1000)
        var taken = (clusters: 0, breaks: 0)
        var differing: [String] = []
        for value in planes {
            let c = Array(String(Character(Unicode.Scalar(value)!)).utf16)
            let contexts: [[UInt16]] = [
                [0x61] + c + [0x62], [0x20] + c + [0x20] + c, Array("👍".utf16) + c + Array("🏽".utf16),
                c + [0x200D] + Array("😀".utf16), Array("😀\u{200D}".utf16) + c + c, Array("🇯".utf16) + c + Array("🇵".utf16),
                Array("🇯".utf16) + c + c + c, [0x4E16] + c + [0x31], c + [0x301] + Array("🏽".utf16), [0x24] + c + [0x25, 0x28] + c,
            ]
            for text in contexts {
                if let d = Self.difference(text, taken: &taken), differing.count < 10 { differing.append(d) }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        // Most of these planes is assigned (ICU 72: Unicode 15.0) or reserved for ideographs
        // (ID): the paths take them.
        #expect(taken.clusters > 100_000 && taken.breaks > 100_000, "\(taken)")
    }

    @Test func randomEmojiStringsAgreeWithICU() {
        // Seeded strings of 1 to 14 pieces: emoji (bases, modifiers, pictographs), ZWJ, VS16,
        // regional indicators, tags, keycaps, Latin, CJK, spaces, punctuation and marks.
        let pieces: [String] = ["👍", "🏽", "🏻", "😀", "👨", "👩", "👧", "🔬", "❤", "©", "☝", "\u{1FC00}", "\u{200D}", "\u{FE0F}",
                                "\u{FE0E}", "🇯", "🇵", "🇫", "\u{E0067}", "\u{E007F}", "🏴", "\u{20E3}", "1", "#", "a", "Z", "é",
                                "世", "か", " ", " ", "!", "(", ")", "-", "$", "%", ",", "\u{301}", "\u{A0}", "\u{3000}", "𝐀", "𓀀",
                                "\u{93E}", "\u{94D}", "क", "\"", "/"]
        var random = TextPropertyTests.SeededRandom(state: 22)
        var taken = (clusters: 0, breaks: 0)
        var differing: [String] = []
        let count = 30_000
        for _ in 0..<count {
            let text = (0..<Int.random(in: 1...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            if let d = Self.difference(Array(text.utf16), taken: &taken), differing.count < 10 { differing.append(d) }
        }
        #expect(differing.isEmpty, "\(differing)")
        // Every such string is the simple paths' (no piece leaves it to ICU).
        #expect(taken.clusters == count && taken.breaks == count, "\(taken)")
    }

    @Test func everyEmojiSequenceOfTheSlicesAgreesWithICU() {
        // The paragraphs of the slices with a character outside the BMP, a ZWJ or a
        // variation selector: the simple paths take them and agree with ICU.
        var taken = (clusters: 0, breaks: 0)
        var paragraphs = 0
        var differing: [String] = []
        for text in (TestFonts.latinSlice + TestFonts.intlSlice).map(\.text) {
            let units = Array(text.utf16)
            for part in units.split(whereSeparator: { (0x0A...0x0D).contains($0) || $0 == 0x85 || $0 == 0x2028 || $0 == 0x2029 }) {
                guard part.contains(where: { UTF16.isLeadSurrogate($0) || $0 == 0x200D || $0 == 0xFE0F }) else { continue }
                paragraphs += 1
                if let d = Self.difference(Array(part), taken: &taken), differing.count < 10 { differing.append(d) }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(paragraphs > 100, "\(paragraphs)")
        // Nearly all: those with a jamo, Thai or a hard break character stay ICU's.
        #expect(taken.clusters * 10 > paragraphs * 9 && taken.breaks * 10 > paragraphs * 8, "\(taken) of \(paragraphs)")
    }
}
