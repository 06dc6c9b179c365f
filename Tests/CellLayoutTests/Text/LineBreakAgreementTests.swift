import CellLayoutPrepare
import Testing

/// `SimpleLineBreaks` against ICU (the library the package links) on seeded random strings
/// of its characters, weighted toward punctuation, digits and spaces, where the rules meet
/// (`LineBreakRuleTests` holds the rules by hand; the oracle tier holds every such corpus
/// paragraph).
@Suite struct LineBreakAgreementTests {
    /// Every character the simple path handles, by class.
    static let letters = Array("aZéßżŁжЯ•ÿאשבעک가각")
    static let others = Array("0123456789 \t!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u{A0}¡¢£¤¥§«\u{AD}°±´»¿×–—‘’“”…€\u{5BE}\u{5C3}\u{5C6}،؛؟٪٣٫٬۵۔")

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
        let representatives = Array("aא가각0 \t\u{2014}\u{B4}\u{2026}-/,!\"(])}$%\u{A0}")
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
}
