import CellLayout
import Foundation
import Testing

/// Line counts and break positions against Pango 1.50 (Tests/Oracles/pango_lines.c) on the
/// same font file (Inter Regular 17 px), hinting off, positions unrounded, WORD_CHAR wrap.
@Suite struct PangoAgreementTests {
    static let widths = [200.0, 343.0, 600.0]

    /// Sample rows where Pango and UIKit-style wrapping are known to part, each explained in
    /// Tests/Oracles/DISAGREEMENTS.md; every other row must agree exactly.
    static let knownDifferences: Set<String> = []

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

    @Test(arguments: sample)
    func sampleRowBreaksWhereLikePango(_ row: SampleRow) {
        let prepared = TestFonts.engine.prepare(row.text, font: TestFonts.inter17)
        for (i, width) in Self.widths.enumerated() where !Self.knownDifferences.contains("\(row.id)@\(Int(width))") {
            let layout = prepared.fit(width: width)
            #expect(layout.lineCount == row.lines[i], "width \(width)")
            #expect(layout.breakOffsets == row.breaks[i], "width \(width)")
            #expect(abs(layout.usedWidth - row.widths[i]) < 0.002, "width \(width)")
        }
    }

    /// The bar: line counts agree with Pango's on at least 99.8 % of the corpus rows
    /// whose characters Inter covers, at every width.
    @Test(.enabled(if: TestFonts.hasCorpus, "needs ../shared/corpus beside the clone"))
    func corpusLineCountsAgreeWithPango() throws {
        let texts = try TestFonts.jsonLines(TestFonts.corpus("public-10k.jsonl")).map { $0["text"]!.string! }
        let golden = try TestFonts.jsonLines(TestFonts.fixture("pango-inter17-corpus.jsonl"))
        try #require(texts.count == golden.count)
        var agree = [0, 0, 0], covered = 0
        for (text, row) in zip(texts, golden) where row["covered"]!.bool! {
            covered += 1
            let prepared = TestFonts.engine.prepare(text, font: TestFonts.inter17)
            let lines = row["lines"]!.array!.map { Int($0.number!) }
            for (i, width) in Self.widths.enumerated() where prepared.fit(width: width).lineCount == lines[i] {
                agree[i] += 1
            }
        }
        #expect(covered == 9069)
        for i in Self.widths.indices {
            let share = Double(agree[i]) / Double(covered)
            #expect(share >= 0.998, "width \(Self.widths[i]): \(agree[i]) of \(covered)")
        }
    }
}
