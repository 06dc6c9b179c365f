import CellLayoutPrepare
import Foundation
import Testing

extension OracleTier {
    /// `SimpleLineBreaks` against ICU on every corpus paragraph it takes: the committed
    /// slices (5,023 rows, a clone has them) and, beside a clone, all of ../shared/corpus.
    @Suite struct LineBreakCorpusAgreementTests {
        /// The paragraphs of `texts` (split at every hard-break code unit; empty ones
        /// dropped), how many the simple path took, and the first that differ from ICU.
        static func compare(_ texts: [String]) -> (paragraphs: Int, simple: Int, differing: [String]) {
            var paragraphs = 0, simple = 0
            var differing: [String] = []
            for text in texts {
                let units = Array(text.utf16)
                for part in units.split(whereSeparator: { (0x0A...0x0D).contains($0) || $0 == 0x85 || $0 == 0x2028 || $0 == 0x2029 }) {
                    paragraphs += 1
                    let paragraph = Array(part)
                    paragraph.withUnsafeBufferPointer { buffer in
                        guard let fast = SimpleLineBreaks.opportunities(buffer.baseAddress!, buffer.count) else { return }
                        simple += 1
                        if fast != LineBreaks.icuOpportunities(buffer.baseAddress!, buffer.count), differing.count < 10 {
                            differing.append(String(decoding: paragraph, as: UTF16.self).debugDescription)
                        }
                    }
                }
            }
            return (paragraphs, simple, differing)
        }

        @Test func everySimpleParagraphOfTheSlicesBreaksAsICU() {
            let latin = Self.compare(TestFonts.latinSlice.map(\.text))
            let intl = Self.compare(TestFonts.intlSlice.map(\.text))
            #expect(latin.differing.isEmpty && intl.differing.isEmpty, "\(latin.differing + intl.differing)")
            // The path is taken: most Latin paragraphs, about half the international ones.
            #expect(latin.simple * 10 > latin.paragraphs * 8, "\(latin.simple) of \(latin.paragraphs)")
            #expect(intl.simple * 10 > intl.paragraphs * 4, "\(intl.simple) of \(intl.paragraphs)")
        }

        @Test("Every simple paragraph of ../shared/corpus breaks as ICU (skipped without ../shared)",
              .enabled(if: TestFonts.hasCorpus, "needs ../shared/corpus beside the clone"),
              arguments: ["public-10k.jsonl", "public-intl-10k.jsonl"])
        func everySimpleParagraphOfTheCorpusBreaksAsICU(_ file: String) throws {
            let texts = try TestFonts.jsonLines(TestFonts.corpus(file)).map { $0["text"]!.string! }
            let result = Self.compare(texts)
            #expect(result.differing.isEmpty, "\(result.differing)")
            #expect(result.simple > 0)
        }
    }
}
