import CellLayout
import Foundation
import Testing

/// Line counts and break positions against Pango 1.50 (Tests/Oracles/pango_lines.c) on the
/// same font file (Inter Regular 17 px), hinting off, positions unrounded, WORD_CHAR wrap,
/// compared exactly: every row agrees or is in the ledger, Tests/Oracles/DISAGREEMENTS.md.
@Suite struct PangoAgreementTests {
    static let widths = [200.0, 343.0, 600.0]

    struct SampleRow: CustomTestStringConvertible, Sendable {
        let id: Int, text: String, lines: [Int], breaks: [[Int]], widths: [Double]
        var testDescription: String { "row \(id)" }
    }

    static let sample: [SampleRow] = try! TestFonts.jsonLines(TestFonts.fixture("pango-inter17-sample.jsonl")).map { row in
        let perWidth = widths.map { row["w\(Int($0))"]! }
        return SampleRow(
            id: Int(row["id"]!.number!), text: row["text"]!.string!,
            lines: perWidth.map { Int($0["lines"]!.number!) },
            breaks: perWidth.map { $0["breaks"]!.array!.map { Int($0.number!) } },
            widths: perWidth.map { $0["widthTrimmed"]!.number! })
    }

    /// The 296-row sample (long tokens, URLs, hard newlines): breaks and used widths.
    @Test(arguments: sample)
    func sampleRowBreaksWhereLikePango(_ row: SampleRow) {
        let prepared = TestFonts.engine.prepare(row.text, font: TestFonts.inter17)
        for (i, width) in Self.widths.enumerated() {
            let layout = prepared.fit(width: width)
            let agrees = OracleLedger.shared.check(layout, against: .init(
                id: row.id, width: width, text: row.text, lines: row.lines[i], breaks: row.breaks[i]),
                fixture: "pango-inter17-sample.jsonl")
            if agrees { #expect(abs(layout.usedWidth - row.widths[i]) < 0.002, "width \(width)") }
        }
    }

    /// The committed Latin slice (every 3rd covered row of public-10k, 3,023 rows, with
    /// texts): line counts and break offsets equal Pango's at every width, or are in the ledger.
    @Test func latinSliceBreaksExactlyLikePango() throws {
        let rows = TestFonts.latinSlice
        try #require(rows.count == 3023)
        let (agreeing, listed) = OracleLedger.shared.checkSlice(
            rows, fixture: "pango-inter17-slice.jsonl", widths: Self.widths) {
            TestFonts.engine.prepare($0, font: TestFonts.inter17)
        }
        #expect(agreeing + listed == rows.count * Self.widths.count)
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
            for (i, width) in Self.widths.enumerated() {
                #expect(prepared.fit(width: width).lineCount == lines[i], "row \(row["id"]!.number!) at \(width)")
            }
        }
        #expect(covered == 9069)
    }
}
