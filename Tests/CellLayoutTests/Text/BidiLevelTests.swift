import CellLayoutPrepare
import Testing

/// Bidi levels without ICU (`BidiLevels.uniformLevel`): a paragraph without right-to-left
/// characters is all 0, a right-to-left one without numbers, left-to-right words or explicit
/// embeddings all 1, and ICU agrees wherever the shortcut answers.
@Suite struct BidiLevelTests {
    static func uniform(_ text: [UInt16]) -> UInt8? {
        text.withUnsafeBufferPointer { BidiLevels.uniformLevel($0.baseAddress!, $0.count) }
    }

    static func icu(_ text: [UInt16]) -> [UInt8]? {
        text.withUnsafeBufferPointer { BidiLevels.icuLevels($0.baseAddress!, $0.count) }
    }

    /// Whether the shortcut, where it answers for `text`, gives ICU's levels (true where
    /// it does not answer).
    static func agrees(_ text: [UInt16]) -> Bool {
        guard let level = uniform(text) else { return true }
        return icu(text) == [UInt8](repeating: level, count: text.count)
    }

    /// `text` has the levels `expected` from ICU, and the shortcut gives `uniform`
    /// (nil: it leaves the paragraph to ICU).
    func check(_ text: String, _ expected: [UInt8], uniform: UInt8?, _ why: Comment,
               sourceLocation: SourceLocation = #_sourceLocation) {
        let units = Array(text.utf16)
        #expect(Self.icu(units) == expected, "ICU: \(why)", sourceLocation: sourceLocation)
        #expect(Self.uniform(units) == uniform, "shortcut: \(why)", sourceLocation: sourceLocation)
    }

    @Test func levelsByHand() {
        // Classes from UAX #9's Bidi_Class (DerivedBidiClass.txt); rule numbers UAX #9's.
        check("Hi, 42!", [0, 0, 0, 0, 0, 0, 0], uniform: 0,
              "no strong R: P3 level 0; W7 EN after sos L is L; N1/N2 neutrals L; I1 L at 0 stays 0")
        check("世界!", [0, 0, 0], uniform: 0, "ideographs are L")
        check("?!", [0, 0], uniform: 0, "no strong character: P3 default 0 (ICU's default LTR)")
        check("a\u{1C}b", [0, 0, 0], uniform: 0, "B splits ICU's paragraphs; both halves level 0")
        check("a😀", [0, 0, 0], uniform: 0, "an emoji is ON (both of its surrogates)")
        check("שלום, עולם!", [UInt8](repeating: 1, count: 11), uniform: 1,
              "P2 first strong R: level 1; W6 CS → ON; N1 neutrals between R (and eos R) → R; I1 R at 1 stays 1")
        check("مرحبا بالعالم", [UInt8](repeating: 1, count: 13), uniform: 1, "W3 AL → R")
        check("!שָׁ", [1, 1, 1, 1], uniform: 1, "N1: sos R before the first R; W1 NSM takes R")
        check("א\tב ", [1, 1, 1, 1], uniform: 1, "L1: the tab and the trailing space at the paragraph level, 1")
        check("\u{10900}", [1, 1], uniform: 1, "U+10900 PHOENICIAN LETTER ALF is R (a surrogate pair)")
        check("אב 12", [1, 1, 1, 2, 2], uniform: nil, "W2 EN stays EN after R; N1 space R; I2 EN at odd level → 2")
        check("ab אב", [0, 0, 0, 1, 1], uniform: nil, "P2 first strong L: 0; N2 the space between L and R → 0; I1 R → 1")
        check("א\u{1C}!", [1, 1, 0], uniform: nil, "B: ICU's second paragraph has no strong character, level 0")
        check("a ١", [0, 0, 2], uniform: nil, "U+0661 is AN: N2 the space between L and AN (as R) → 0; I1 AN at 0 → 2")
        check("a\u{202B}b", [0, 2, 2], uniform: nil,
              "X2 RLE: b at the next odd level, 1; I2 L at an odd level → 2; ICU gives the RLE (X9) the level after it")
    }

    @Test func icuAgreesOnEveryCharacterInContexts() {
        // Each BMP code point alone, and between and beside a left-to-right letter, a
        // right-to-left one, a space, a digit and a mark.
        var answered = 0
        var differing: [String] = []
        for value in 0..<0x10000 {
            let c = UInt16(value)
            for text: [UInt16] in [[c], [0x61, c, 0x62], [0x5D0, c, 0x5D1], [c, 0x20, 0x5D0], [0x627, c],
                                   [c, 0x31], [c, 0x5B8, 0x20], [0x20, c, 0x2E]] {
                if Self.uniform(text) != nil { answered += 1 }
                if !Self.agrees(text), differing.count < 10 {
                    differing.append(text.map { String($0, radix: 16) }.joined(separator: " "))
                }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(answered > 300_000, "\(answered)")
    }

    @Test func icuAgreesOnRandomStringsOfEveryClass() {
        // Up to 12 characters, one or two of every bidi class: L, R, AL, EN, ES, ET, AN, CS,
        // NSM, BN, B, S, WS, ON, the explicit ones, a right-to-left and an emoji surrogate pair.
        let pool: [[UInt16]] = [
            [0x61], [0x4E16], [0x5D0], [0x5EA], [0x627], [0x6CC], [0x31], [0x6F1], [0x2B], [0x24], [0x25], [0x661],
            [0x2C], [0x3A], [0x301], [0x5B8], [0x64E], [0x200B], [0xAD], [0x200D], [0x1C], [0x9], [0x20], [0x3000],
            [0x21], [0x28], [0x29], [0x202A], [0x202B], [0x202C], [0x202D], [0x202E], [0x2066], [0x2067], [0x2068],
            [0x2069], [0x200E], [0x200F], [0x61C], [0xD802, 0xDD00], [0xD83D, 0xDE00], [0xD800],
        ]
        var random = TextPropertyTests.SeededRandom(state: 9)
        var answered = [0, 0]
        var differing: [String] = []
        for round in 0..<60_000 {
            // Half the strings without L, EN, B, AN or explicit characters, so that the
            // right-to-left shortcut is tried often.
            let choices = round % 2 == 0 ? pool : pool.filter { Self.uniform([0x5D0] + $0) == 1 }
            let text = (0..<Int.random(in: 1...12, using: &random)).flatMap { _ in choices.randomElement(using: &random)! }
            if let level = Self.uniform(text) { answered[Int(level)] += 1 }
            if !Self.agrees(text), differing.count < 10 {
                differing.append(text.map { String($0, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(differing.isEmpty, "\(differing)")
        #expect(answered[0] > 3_000 && answered[1] > 10_000, "\(answered)")
    }
}
