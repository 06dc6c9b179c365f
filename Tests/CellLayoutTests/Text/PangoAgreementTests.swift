import CellLayout
import Foundation
import Testing

/// Line counts and break positions against Pango 1.50 (Tests/Oracles/pango_lines.c) on the
/// same font file (Inter Regular 17 px), hinting off, positions unrounded, WORD_CHAR wrap,
/// compared exactly: every row agrees or is in the ledger, Tests/Oracles/DISAGREEMENTS.md.
/// The committed slices and the whole corpus: `OracleTier.PangoSliceAgreementTests`.
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
}
