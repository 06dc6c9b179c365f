import CellLayout
import Foundation
import Testing

extension OracleTier {
    /// Attributed rows against Pango 1.50 with the same attributes (`pango_lines --attributed`,
    /// Tests/Oracles/README.md "Attributed rows"): 1,000 generated rows of the public corpus,
    /// each cut into 1–5 runs of random weight, size 11–34, italic, kern and baseline offset,
    /// with random paragraph styles, that Inter covers.
    @Suite struct PangoAttributedTests {
        static let rows = try! TestFonts.jsonLines(TestFonts.fixture("pango-attributed-sample.jsonl"))

        /// The issue's bar: line counts equal to Pango's on at least 99.9 % of the rows at 200,
        /// 343 and 600 (the whole generated corpus: see the oracle's README for the table and
        /// the classes of the few rows that differ).
        @Test func lineCountsAgreeWithPango() throws {
            var compared = 0, agree = 0, breaksAgree = 0
            var disagreements: [String] = []
            for (row, text) in zip(Self.rows, try Self.texts()) {
                let prepared = TestFonts.engine.prepare(text, font: TestFonts.inter17)
                for pango in row["pango"]!.array! {
                    let width = pango["width"]!.number!
                    let layout = prepared.fit(width: width)
                    let lines = Int(pango["lines"]!.number!)
                    compared += 1
                    if layout.lineCount == lines { agree += 1 } else { disagreements.append("\(row["id"]!)@\(width)") }
                    if layout.breakOffsets == pango["breaks"]!.array!.map({ Int($0.number!) }) { breaksAgree += 1 }
                    #expect(prepared.size(width: width) == layout.size)
                }
            }
            #expect(compared == 3000)
            #expect(Double(agree) / Double(compared) >= 0.999, "\(agree) of \(compared); differ: \(disagreements)")
            #expect(Double(breaksAgree) / Double(compared) >= 0.995, "\(breaksAgree) of \(compared)")
        }

        /// The fixture's rows as attributed texts (runs over Inter 17), their fonts from `library`.
        static func texts(in library: FontLibrary = TestFonts.library) throws -> [AttributedText] {
            let decoder = TextDecoder(fonts: library)
            let base = FontSpec(family: "Inter", size: 17)
            return try rows.map { row in
                let (_, runs) = try decoder.text(row["text"]!, path: "text", base: base)
                let style = try decoder.paragraph(row["paragraph"]!, path: "paragraph")
                return AttributedText(try runs!.map { run in
                    TextRun(run.text, font: try run.font.applied(to: base).resolve(in: library), kern: run.kern,
                            baselineOffset: run.baselineOffset, color: run.color)
                }, paragraphStyle: style)
            }
        }
    }
}
