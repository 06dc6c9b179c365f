@testable import CellLayout
import Testing

/// The quick re-fit (`LineFitter.quickSize`) of attributed texts whose lines differ in
/// metrics must give the full fit's figures to the last bit: line count, widest line and
/// the height summed line by line (`LineStack`), paragraph spacing included.
@Suite struct QuickRefitMixedMetricsTests {
    /// Inter at four sizes and two weights, and baseline offsets: up to 7 distinct line
    /// metrics in a text (the union pitch table takes 4, `MixedHeights` the others).
    static let fonts: [Font] = [
        try! TestFonts.library.font(family: "Inter", size: 13),
        try! TestFonts.library.font(family: "Inter", weight: .semibold, size: 17),
        try! TestFonts.library.font(family: "Inter", size: 22),
        try! TestFonts.library.font(family: "Inter", weight: .bold, size: 34),
    ]

    /// Paragraph styles: none, spacing and a multiple, indents, clamped heights.
    static let styles = [
        ParagraphStyle(),
        ParagraphStyle(lineSpacing: 3, lineHeightMultiple: 1.3, paragraphSpacing: 7, paragraphSpacingBefore: 2),
        ParagraphStyle(lineSpacing: 1.5, paragraphSpacing: 4, firstLineHeadIndent: 12, headIndent: 4, tailIndent: -6),
        ParagraphStyle(minimumLineHeight: 24, maximumLineHeight: 30),
    ]

    /// A seeded random attributed text: words of the committed corpus slices (Latin, Thai,
    /// CJK, Arabic…), long words and hard line breaks (empty paragraphs too), cut into 1–9
    /// runs at random characters (a run may change inside a word), each run in one of the
    /// fonts or the text's, some raised or lowered, some kerned; with `metricsKinds` 5, a
    /// random one of the first 5 (at most 4 metrics), with 8, 5–9 runs taking the kinds in
    /// turn (more than 4 metrics unless the runs are empty).
    static func text(_ random: inout TextPropertyTests.SeededRandom, style: ParagraphStyle,
                     metricsKinds: Int) -> AttributedText {
        let words = TestFonts.sliceTexts.randomElement(using: &random)!.split(separator: " ").map(String.init)
            + ["antidisestablishmentarianism", "https://example.com/a/very/long/path?q=1", "\n", "\n\n", "x"]
        var characters: [Character] = []
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            characters += words.randomElement(using: &random)!
            characters += Bool.random(using: &random) ? " " : (Int.random(in: 0..<6, using: &random) == 0 ? "\n" : " ")
        }
        let kinds: [(Font?, Double)] = [(nil, 0), (fonts[0], 0), (fonts[1], 0), (fonts[2], 0), (fonts[3], 0),
                                        (nil, 9), (fonts[0], -5), (fonts[2], 4)]
        var runs: [TextRun] = []
        var start = 0
        let count = Int.random(in: metricsKinds > 5 ? 5...9 : 1...8, using: &random)
        for r in 0..<count {
            let end = r == count - 1 ? characters.count
                : min(characters.count, start + Int.random(in: 0...60, using: &random))
            let (font, offset) = kinds[metricsKinds > 5 ? (r + 3 * count) % metricsKinds
                                                        : Int.random(in: 0..<metricsKinds, using: &random)]
            runs.append(TextRun(String(characters[start..<end]), font: font,
                                kern: Int.random(in: 0..<4, using: &random) == 0 ? 0.3 : 0, baselineOffset: offset))
            start = end
        }
                return AttributedText(runs, paragraphStyle: style)
    }

    /// 400 random texts (both kinds of heights, every style) at widths from below a
    /// character to wider than any line: `size(width:)`, `sizes(of:width:)` and the quick
    /// path itself equal `fit(width:).size`; the quick path is taken for most of them (all
    /// but those of more than 4 metrics with a segment wider than the line).
    @Test func quickSizeOfMixedLinesEqualsTheFullFit() {
        var random = TextPropertyTests.SeededRandom(state: 29)
        let prepared = (0..<400).map { i in
            TestFonts.engine.prepare(
                Self.text(&random, style: Self.styles[i % Self.styles.count], metricsKinds: i % 2 == 0 ? 5 : 8),
                font: TestFonts.inter17)
        }
        let mixed = prepared.filter { !$0.hasUniformLineMetrics }
        #expect(mixed.filter(\.hasLinePitches).count > 150 && mixed.filter { !$0.hasLinePitches }.count > 50,
                "texts of few and of many metrics")
        let widths = [0.0, 5, 30, 75, 120, 200, 343, 600, 1200, .infinity]
            + (0..<6).map { _ in Double.random(in: 10...900, using: &random) }
        var checked = 0, quick = 0
        for width in widths {
            let sizes = PreparedText.sizes(of: mixed, width: width)
            for (i, (text, size)) in zip(mixed, sizes).enumerated() {
                let fit = text.fit(width: width).size
                #expect(size == fit, "text \(i) at \(width)")
                checked += 1
                guard let q = LineFitter.quickSize(of: text, widths: text.lineWidths(LayoutUnits.roundedDown(width)))
                else { continue }
                quick += 1
                #expect(TextSize(lines: q.lines, usedWidth: LayoutUnits.points(q.widest), height: q.height) == fit,
                        "text \(i) at \(width), quick")
            }
        }
        #expect(quick > checked * 3 / 4, "\(quick) of \(checked) sizes took the quick path")
    }
}
