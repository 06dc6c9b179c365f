import CellLayoutPrepare
import Testing

/// Grapheme clusters without ICU (`GraphemeBreaks.simpleEnds`): bases and controls each
/// start a cluster, marks join the cluster before them, and so does a consonant after a
/// consonant and a virama in the scripts of ICU 72's conjunct rule; every other character
/// leaves the paragraph to ICU, and ICU agrees wherever the simple path answers.
@Suite struct GraphemeBreakTests {
    static func simpleEnds(_ text: [UInt16]) -> [Int]? {
        text.withUnsafeBufferPointer { GraphemeBreaks.simpleEnds($0.baseAddress!, $0.count) }?.map(Int.init)
    }

    static func icuEnds(_ text: [UInt16]) -> [Int] {
        var ends = [Int32](repeating: 0, count: text.count + 1)
        let count = text.withUnsafeBufferPointer { GraphemeBreaks.icuEnds($0.baseAddress!, $0.count, into: &ends) }
        return ends[0..<count].map(Int.init)
    }

    /// `text` has the cluster ends `expected` on both paths.
    func check(_ text: String, _ expected: [Int], _ why: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let units = Array(text.utf16)
        #expect(Self.simpleEnds(units) == expected, "simple path: \(why)", sourceLocation: sourceLocation)
        #expect(Self.icuEnds(units) == expected, "ICU: \(why)", sourceLocation: sourceLocation)
    }

    @Test func basesControlsAndMarksByHand() {
        // Classes from UAX #29's Grapheme_Cluster_Break (GraphemeBreakProperty.txt).
        check("Привет, 世界 가각", Array(1...13), "Other and LV/LVT only: GB999 ÷ everywhere")
        check("cafe\u{301}", [1, 2, 3, 5], "U+0301 is Extend: GB9 × Extend")
        check("\u{301}a", [1, 2], "a mark at the start is a cluster of its own; GB999 before a")
        check("\u{1}\u{301}", [1, 2], "GB4: a control ends its cluster, before a mark too")
        check("a\u{AD}b", [1, 2, 3], "U+00AD SOFT HYPHEN is Control (Cf): GB4, GB5")
        check("กำ", [2], "U+0E33 THAI SARA AM is SpacingMark: GB9a")
        check("ที่", [3], "U+0E35 and U+0E48 are Extend: GB9 twice")
        check("שָׁלוֹם", [3, 4, 6, 7], "Hebrew points are Extend: GB9")
        check("가\u{301}", [2], "GB9 after an LV syllable too")
    }

    @Test func indicConjunctsByHand() {
        // ICU 72's tailoring (char.txt, CLDR's aksaras; Unicode 15.1's GB9c later):
        // LinkingConsonant ExtCccZwj* Virama ExtCccZwj* × LinkingConsonant, in Devanagari,
        // Bengali, Gujarati, Oriya, Telugu and Malayalam; classes from IndicSyllabicCategory.txt.
        check("क्ष", [3], "क and ष are Consonant, ् is Virama: the conjunct rule joins ष")
        check("क्षि", [4], "the vowel sign ि is SpacingMark: GB9a")
        check("स्त्र", [5], "a chain: स ् त ् र, each consonant after a virama joins")
        check("क़्ष", [4], "the nukta ़ is Extend with combining class 7: ExtCcc between consonant and virama")
        check("क्\u{301}ष", [4], "U+0301 (ccc 230) is ExtCcc after the virama too")
        check("कि्ष", [3, 4], "ि (SpacingMark) between consonant and virama ends the rule: GB999 before ष")
        check("अ्ष", [2, 3], "अ is a Vowel_Independent, not a linking consonant: GB999 before ष")
        check("क्a", [2, 3], "a is no linking consonant: GB999")
        check("ক্ষ", [3], "Bengali: the same rule")
        check("க்ஷ", [2, 3], "Tamil is not among the rule's scripts: its virama is a plain Extend (GB9), GB999 before ஷ")
        check("ਕ੍ਸ", [2, 3], "nor is Gurmukhi")
    }

    @Test func otherCharactersAreLeftToICU() {
        // Prepend (GB9b), the L and V jamo (GB6), CR LF (GB3), and a lone surrogate: each
        // makes the whole paragraph ICU's. (Emoji, ZWJ and regional indicators are the simple
        // path's: `EmojiClusterTests`.)
        for text in ["\u{600}1", "\u{1100}\u{1161}", "a\r\nb"] {
            #expect(Self.simpleEnds(Array(text.utf16)) == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for units: [UInt16] in [[0x61, 0xD83D], [0xDE00, 0x61], [0xD83D, 0x61]] {
            #expect(Self.simpleEnds(units) == nil, "\(units)")
        }
        #expect(Self.simpleEnds([]) == [])
    }

    @Test func icuAgreesOnEveryCharacterOfTheSetInEveryContext() {
        // Each BMP code point the simple path takes, beside itself and beside one character of
        // each kind it takes (a base, an Extended_Pictographic base, a control, LV, LVT, a soft
        // hyphen, an Extend and a SpacingMark), on both sides, in a Devanagari and a Bengali
        // conjunct (after a consonant and a virama, between a consonant and a virama), after
        // an emoji and a ZWJ (GB11: whether it is Extended_Pictographic), before a ZWJ and
        // an emoji, and between regional indicators.
        var members = 0
        var differing: [String] = []
        for value in 0..<0x10000 where !(0xD800...0xDFFF).contains(value) {
            let c = UInt16(value)
            guard Self.simpleEnds([c]) != nil else { continue }
            members += 1
            let text: [UInt16] = [c, 0x61, c, 0x2600, c, 0x01, c, 0xAC00, c, 0xAC01, c, 0xAD, c, c, 0x301, c, 0xE33, 0x01, c,
                                  0x915, 0x94D, c, 0x937, c, 0x94D, 0x937, 0x995, c, 0x9CD, 0x995, 0x9CD, c,
                                  0xD83D, 0xDE00, 0x200D, c, 0x200D, 0xD83D, 0xDE00, 0xD83C, 0xDDEF, c, 0xD83C, 0xDDF5]
            if Self.simpleEnds(text) != Self.icuEnds(text), differing.count < 10 {
                differing.append("U+\(String(c, radix: 16))")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        // ICU 72's data: all but about 400 of the BMP's 63,488 code points (the jamo, Prepend,
        // CR and LF).
        #expect(members > 62_000, "\(members)")
    }

    @Test func icuAgreesOnRandomStringsOfOneBlock() {
        // Strings of up to 8 characters drawn from one 128-code-point block that has marks
        // (Devanagari, Thai, Hebrew…), where the marks meet their own script's bases: seeded.
        var random = TextPropertyTests.SeededRandom(state: 29)
        let blocks: [[UInt16]] = stride(from: 0x300, to: 0x10000, by: 0x80).compactMap { start in
            let pool = (start..<start + 0x80).filter { !(0xD800...0xDFFF).contains($0) }.map { UInt16($0) }
                .filter { Self.simpleEnds([$0]) != nil }
            let hasMarks = pool.contains { Self.simpleEnds([0x61, $0]) == [2] }
            return hasMarks ? pool : nil
        }
        var differing: [String] = []
        for _ in 0..<40_000 {
            let pool = blocks.randomElement(using: &random)!
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in pool.randomElement(using: &random)! }
            if Self.simpleEnds(text) != Self.icuEnds(text), differing.count < 10 {
                differing.append(text.map { String($0, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(blocks.count > 40, "\(blocks.count) blocks")
        #expect(differing.isEmpty, "\(differing)")
    }
}
