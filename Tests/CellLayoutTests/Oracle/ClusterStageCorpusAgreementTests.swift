import CellLayoutPrepare
import Foundation
import Testing

extension OracleTier {
    /// The clusters stage's answers without ICU against ICU's on every corpus paragraph they
    /// take: line breaks (`SimpleLineBreaks`), grapheme clusters (`GraphemeBreaks.simpleEnds`)
    /// and bidi levels (`BidiLevels.uniformLevel`), on
    /// the committed slices (5,023 rows, a clone has them) and, beside a clone, all of
    /// ../shared/corpus.
    @Suite struct ClusterStageCorpusAgreementTests {
        /// One shortcut against ICU: nil when the shortcut leaves the paragraph to ICU, else
        /// whether the two agree.
        typealias Agreement = @Sendable (UnsafeBufferPointer<UInt16>) -> Bool?

        static let lineBreaks: Agreement = { buffer in
            SimpleLineBreaks.opportunities(buffer.baseAddress!, buffer.count)
                .map { $0 == LineBreaks.icuOpportunities(buffer.baseAddress!, buffer.count) }
        }

        static let graphemes: Agreement = { buffer in
            GraphemeBreaks.simpleEnds(buffer.baseAddress!, buffer.count).map { simple in
                var ends = [Int32](repeating: 0, count: buffer.count + 1)
                let count = GraphemeBreaks.icuEnds(buffer.baseAddress!, buffer.count, into: &ends)
                return simple == Array(ends[0..<count])
            }
        }

        static let bidiLevels: Agreement = { buffer in
            BidiLevels.uniformLevel(buffer.baseAddress!, buffer.count).map {
                BidiLevels.icuLevels(buffer.baseAddress!, buffer.count) == [UInt8](repeating: $0, count: buffer.count)
            }
        }

        /// The paragraphs of `texts` (split at every hard-break code unit; empty ones
        /// dropped), how many the shortcut took, and the first where it differs from ICU.
        static func compare(_ texts: [String], _ agreement: Agreement) -> (paragraphs: Int, taken: Int, differing: [String]) {
            var paragraphs = 0, taken = 0
            var differing: [String] = []
            for text in texts {
                let units = Array(text.utf16)
                for part in units.split(whereSeparator: { (0x0A...0x0D).contains($0) || $0 == 0x85 || $0 == 0x2028 || $0 == 0x2029 }) {
                    paragraphs += 1
                    let paragraph = Array(part)
                    guard let agrees = paragraph.withUnsafeBufferPointer(agreement) else { continue }
                    taken += 1
                    if !agrees, differing.count < 10 {
                        differing.append(String(decoding: paragraph, as: UTF16.self).debugDescription)
                    }
                }
            }
            return (paragraphs, taken, differing)
        }

        @Test func everySimpleParagraphOfTheSlicesBreaksAsICU() {
            let latin = Self.compare(TestFonts.latinSlice.map(\.text), Self.lineBreaks)
            let intl = Self.compare(TestFonts.intlSlice.map(\.text), Self.lineBreaks)
            #expect(latin.differing.isEmpty && intl.differing.isEmpty, "\(latin.differing + intl.differing)")
            // The path is taken: most Latin paragraphs, about half the international ones.
            #expect(latin.taken * 10 > latin.paragraphs * 8, "\(latin.taken) of \(latin.paragraphs)")
            #expect(intl.taken * 10 > intl.paragraphs * 4, "\(intl.taken) of \(intl.paragraphs)")
        }

        @Test func everyUniformParagraphOfTheSlicesHasICUsLevels() {
            let latin = Self.compare(TestFonts.latinSlice.map(\.text), Self.bidiLevels)
            let intl = Self.compare(TestFonts.intlSlice.map(\.text), Self.bidiLevels)
            #expect(latin.differing.isEmpty && intl.differing.isEmpty, "\(latin.differing + intl.differing)")
            // Every Latin paragraph; all but the right-to-left ones with numbers or Latin words.
            #expect(latin.taken == latin.paragraphs, "\(latin.taken) of \(latin.paragraphs)")
            #expect(intl.taken * 100 > intl.paragraphs * 95, "\(intl.taken) of \(intl.paragraphs)")
        }

        @Test func everySimpleParagraphOfTheSlicesHasICUsClusters() {
            let latin = Self.compare(TestFonts.latinSlice.map(\.text), Self.graphemes)
            let intl = Self.compare(TestFonts.intlSlice.map(\.text), Self.graphemes)
            #expect(latin.differing.isEmpty && intl.differing.isEmpty, "\(latin.differing + intl.differing)")
            // All but the paragraphs with Prepend, jamo or lone surrogates (emoji sequences included).
            #expect(latin.taken * 10 > latin.paragraphs * 8, "\(latin.taken) of \(latin.paragraphs)")
            #expect(intl.taken * 10 > intl.paragraphs * 8, "\(intl.taken) of \(intl.paragraphs)")
        }

        @Test("Every simple paragraph of ../shared/corpus has ICU's breaks, clusters and levels (skipped without ../shared)",
              .enabled(if: TestFonts.hasCorpus, "needs ../shared/corpus beside the clone"),
              arguments: ["public-10k.jsonl", "public-intl-10k.jsonl"])
        func everySimpleParagraphOfTheCorpusAgreesWithICU(_ file: String) throws {
            let texts = try TestFonts.jsonLines(TestFonts.corpus(file)).map { $0["text"]!.string! }
            for agreement in [Self.lineBreaks, Self.graphemes, Self.bidiLevels] {
                let result = Self.compare(texts, agreement)
                #expect(result.differing.isEmpty, "\(result.differing)")
                #expect(result.taken > 0)
            }
        }
    }
}
