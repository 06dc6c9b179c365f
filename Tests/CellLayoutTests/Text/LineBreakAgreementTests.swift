import CellLayoutPrepare
import Testing

/// `SimpleLineBreaks` against ICU (the library the package links) on seeded random strings
/// of its characters, weighted toward punctuation, digits, marks and spaces, where the rules
/// meet, and on every BMP character it takes in a set of contexts (`LineBreakRuleTests` holds
/// the rules by hand; the oracle tier holds every such corpus paragraph).
@Suite struct LineBreakAgreementTests {
    /// Every character the simple path handles, by class.
    static let letters = Array("aZéßżŁжЯ•ÿאשבעک가각कनমத世界日本かカ")
    static let others = Array("0123456789 \t!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u{A0}¡¢£¤¥§«\u{AD}°±´»¿×–—‘’“”…€\u{5BE}\u{5C3}\u{5C6}،؛؟٪٣٫٬۵۔"
                              + "\u{301}\u{5B8}\u{64E}\u{651}\u{93F}\u{94D}\u{902}\u{1}।॥१、。「」（）［］！？：，・ーぁっ々\u{3000}％＄")

    /// The first differences in `count` strings of 1 to `maxLength` characters, each
    /// character a non-letter with probability `punctuation`.
    static func differences(seed: UInt64, count: Int, maxLength: Int, punctuation: Double) -> [String] {
        var random = TextPropertyTests.SeededRandom(state: seed)
        var found: [String] = []
        for _ in 0..<count {
            let length = Int.random(in: 1...maxLength, using: &random)
            var text = ""
            for _ in 0..<length {
                text.append(Double.random(in: 0..<1, using: &random) < punctuation
                            ? others.randomElement(using: &random)! : letters.randomElement(using: &random)!)
            }
            let (simple, icu) = LineBreakRuleTests.breaks(text)
            if simple != icu {
                found.append("\(text.debugDescription): simple \(simple.map(String.init(describing:)) ?? "nil"), ICU \(icu)")
                if found.count == 10 { break }
            }
        }
        return found
    }

    @Test func shortPunctuationRunsAgreeWithICU() {
        let found = Self.differences(seed: 14, count: 20_000, maxLength: 12, punctuation: 0.7)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func longerMixedStringsAgreeWithICU() {
        let found = Self.differences(seed: 25, count: 5_000, maxLength: 40, punctuation: 0.35)
        #expect(found.isEmpty, "\(found)")
    }

    @Test func everyPairAndTripleOfClassesAgreesWithICU() {
        // One character of each class: every string of two and three of them.
        let representatives = Array("aא가각0 \t\u{2014}\u{B4}\u{2026}-/,!\"(])}$%\u{A0}\u{301}世ー「」［］")
        var found: [String] = []
        for x in representatives {
            for y in representatives {
                for z in [nil] + representatives.map(Optional.some) {
                    let text = String(x) + String(y) + (z.map { String($0) } ?? "")
                    let (simple, icu) = LineBreakRuleTests.breaks(text)
                    if simple != icu { found.append(text.debugDescription) }
                }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    @Test func everyCharacterOfTheSetAgreesWithICUInContexts() {
        // Each BMP code point the simple path takes, alone and beside a letter, a space, a
        // digit, a hyphen, brackets, a quotation mark, an ideograph, a mark and a slash, on
        // either side.
        var members = 0
        var found: [String] = []
        for value in 0..<0x10000 where !(0xD800...0xDFFF).contains(value) {
            let c = UInt16(value)
            guard let alone = [c].withUnsafeBufferPointer({ SimpleLineBreaks.opportunities($0.baseAddress!, 1) }) else { continue }
            members += 1
            #expect(alone == [1])
            let contexts: [[UInt16]] = [
                [0x61, c, 0x62], [0x20, c, 0x61], [c, 0x20, c], [0x31, c, 0x31], [0x2D, c, 0x61], [0x61, 0x20, 0x2D, c],
                [0x28, c, 0x29], [0x22, c, 0x28], [0x4E16, c, 0x4E16], [c, 0x301, 0x61], [0x2F, c, 0x5D0], [0x24, c, 0x25],
                [0xFF08, c, 0xFF3D, 0x61], [0x29, 0x20, c], [c, 0x2E, 0x31], [0x5D0, c, 0x5D0],
            ]
            for text in contexts {
                let (simple, icu) = text.withUnsafeBufferPointer { buffer in
                    (SimpleLineBreaks.opportunities(buffer.baseAddress!, buffer.count),
                     LineBreaks.icuOpportunities(buffer.baseAddress!, buffer.count))
                }
                if simple != icu, found.count < 10 { found.append(text.map { String($0, radix: 16) }.joined(separator: " ")) }
            }
        }
        #expect(found.isEmpty, "\(found)")
        // ICU 72's data: every BMP character but the SA scripts, the jamo, surrogates,
        // unassigned code points (XX) and a few format characters.
        #expect(members > 50_000, "\(members)")
    }
}
