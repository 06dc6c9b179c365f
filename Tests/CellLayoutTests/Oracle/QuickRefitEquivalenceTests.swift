@testable import CellLayout
import Testing

extension OracleTier {
    /// The quick re-fit against the full fit on the attributed Pango fixture's rows (the fonts
    /// of `AttributedTextTests`).
    @Suite struct QuickRefitEquivalenceTests {
        /// The engine and fonts of `AttributedTextTests`.
        let base = AttributedTextTests()

        /// The quick re-fit (`size(width:)`, `sizes(of:width:)`) of texts whose lines differ in
        /// metrics gives the full fit's figures to the last bit, and it is the quick path that
        /// gives them: the Pango fixture's 1,000 generated rows (1–5 runs, every paragraph-style
        /// key) and empty paragraphs between runs, at nine widths, in every break mode.
        @Test func quickRefitOfMixedLinesEqualsTheFullFit() throws {
            let spaced = ParagraphStyle(lineSpacing: 3, lineHeightMultiple: 1.3, paragraphSpacing: 7,
                                        paragraphSpacingBefore: 2, firstLineHeadIndent: 12, headIndent: 4)
            let crafted = [
                AttributedText([TextRun("Big\n\n", font: base.big), TextRun("small\n"), TextRun("x", baselineOffset: 9)]),
                AttributedText([TextRun("one two\n"), TextRun("\nthree four five", font: base.big)], paragraphStyle: spaced),
                AttributedText([TextRun("\n"), TextRun("tall words here", font: base.big), TextRun(" and low", font: base.bold)],
                               paragraphStyle: ParagraphStyle(minimumLineHeight: 30, maximumLineHeight: 35)),
            ]
            let prepared = (try PangoAttributedTests.texts() + crafted).map { base.engine.prepare($0, font: base.regular) }
            var mixed = 0, quick = 0
            for (w, width) in [0.0, 40, 120, 200, 343, 375, 600, 1200, .infinity].enumerated() {
                let options = FitOptions(lineBreakMode: LineBreakMode.allCases[w % LineBreakMode.allCases.count])
                let sizes = PreparedText.sizes(of: prepared, width: width, options: options)
                for (i, (text, size)) in zip(prepared, sizes).enumerated() {
                    #expect(size == text.fit(width: width, options: options).size, "text \(i) at \(width)")
                    guard !text.hasUniformLineMetrics else { continue }
                    mixed += 1
                    if LineFitter.quickSize(of: text, widths: text.lineWidths(LayoutUnits.roundedDown(width))) != nil {
                        quick += 1
                    }
                }
            }
            #expect(mixed > 3000 && quick > mixed / 2, "\(quick) of \(mixed) mixed texts took the quick path")
        }

        /// The quick re-fit of plain texts gives the full fit's figures to the last bit, and it
        /// is the quick path that gives them: both committed corpus slices (5,023 Latin and
        /// international rows, with their hard line breaks; CJK text has a segment per
        /// character, Thai one per word) and paragraphs of one word or none, at widths from a
        /// few characters a line to one line a paragraph, in both word-filling break modes;
        /// every 5th row also set in one run with indents and spacing (lines of one metrics
        /// whose first lines differ from the others, and a pitch with a multiple).
        @Test func quickRefitOfCorpusRowsEqualsTheFullFit() {
            let texts = TestFonts.sliceTexts + ["", "\n", "a\n\nb", "\n\nword\n", "x"]
            let spaced = ParagraphStyle(lineSpacing: 3, lineHeightMultiple: 1.3, paragraphSpacing: 7,
                                        paragraphSpacingBefore: 2, firstLineHeadIndent: 12, headIndent: 4)
            let prepared = texts.map { TestFonts.engine.prepare($0, font: TestFonts.inter17) }
                + stride(from: 0, to: texts.count, by: 5).map {
                    TestFonts.engine.prepare(AttributedText([TextRun(texts[$0])], paragraphStyle: spaced),
                                             font: TestFonts.inter17)
                }
            var random = TextPropertyTests.SeededRandom(state: 22)
            let widths = [0.0, 20, 57, 120, 200, 343, 375, 600, 1200, .infinity]
                + (0..<6).map { _ in Double.random(in: 10...900, using: &random) }
            var checked = 0, quick = 0
            for (w, width) in widths.enumerated() {
                let options = FitOptions(lineBreakMode: w % 2 == 0 ? .byWordWrapping : .byTruncatingTail)
                let sizes = PreparedText.sizes(of: prepared, width: width, options: options)
                for (i, (text, size)) in zip(prepared, sizes).enumerated() {
                    #expect(size == text.fit(width: width, options: options).size, "text \(i) at \(width)")
                    checked += 1
                    if LineFitter.quickSize(of: text, widths: text.lineWidths(LayoutUnits.roundedDown(width))) != nil {
                        quick += 1
                    }
                }
            }
            #expect(quick > checked * 3 / 4, "\(quick) of \(checked) sizes took the quick path")
        }
    }
}
