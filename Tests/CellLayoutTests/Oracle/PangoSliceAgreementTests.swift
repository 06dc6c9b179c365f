import CellLayout
import Foundation
import Testing

extension OracleTier {
    /// Line counts and break positions against Pango 1.50 (Tests/Oracles/pango_lines.c) on
    /// the committed Latin slice and the whole public corpus, Inter Regular 17, the widths of
    /// `PangoAgreementTests` (whose 296-row sample stays with the rules), compared exactly:
    /// every row agrees or is in the ledger, Tests/Oracles/DISAGREEMENTS.md.
    @Suite struct PangoSliceAgreementTests {
        /// The committed Latin slice (every 3rd covered row of public-10k, 3,023 rows, with
        /// texts): line counts and break offsets equal Pango's at every width, or are in the ledger.
        @Test func latinSliceBreaksExactlyLikePango() throws {
            let rows = TestFonts.latinSlice
            try #require(rows.count == 3023)
            let (agreeing, listed) = OracleLedger.shared.checkSlice(
                rows, fixture: "pango-inter17-slice.jsonl", widths: PangoAgreementTests.widths) {
                TestFonts.engine.prepare($0, font: TestFonts.inter17)
            }
            #expect(agreeing + listed == rows.count * PangoAgreementTests.widths.count)
        }

        /// Line counts of all 9,069 rows of ../shared/corpus/public-10k.jsonl that Inter covers
        /// (the committed fixture has Pango's counts, the texts are in ../shared): exactly equal.
        @Test("Every covered row of ../shared/corpus/public-10k has Pango's line count (skipped without ../shared)",
              .enabled(if: TestFonts.hasCorpus, "needs ../shared/corpus beside the clone"))
        func wholeCorpusLineCountsEqualPangos() throws {
            let texts = try TestFonts.jsonLines(TestFonts.corpus("public-10k.jsonl")).map { $0["text"]!.string! }
            let golden = try TestFonts.jsonLines(TestFonts.fixture("pango-inter17-corpus.jsonl"))
            try #require(texts.count == golden.count)
            #expect(OracleLedger.shared.listed(in: "pango-inter17-corpus.jsonl").isEmpty)
            var covered = 0
            for (text, row) in zip(texts, golden) where row["covered"]!.bool! {
                covered += 1
                let prepared = TestFonts.engine.prepare(text, font: TestFonts.inter17)
                let lines = row["lines"]!.array!.map { Int($0.number!) }
                for (i, width) in PangoAgreementTests.widths.enumerated() {
                    #expect(prepared.fit(width: width).lineCount == lines[i], "row \(row["id"]!.number!) at \(width)")
                }
            }
            #expect(covered == 9069)
        }
    }
}
