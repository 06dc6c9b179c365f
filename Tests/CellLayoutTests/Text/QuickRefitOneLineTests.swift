@testable import CellLayout
import Testing

/// The re-fit of a text whose every paragraph fits on one line reads no segment: it takes
/// `PreparedText.oneLineReach`, `oneLineWidth` and `paragraphCount`. At the widths where
/// that starts and stops holding, the figures must be the full fit's to the last bit.
@Suite struct QuickRefitOneLineTests {
    /// Every 7th row of the committed corpus slices and crafted texts: empty paragraphs, a
    /// paragraph of white space, kerned pairs (AV, To: a negative kerning hangs after its
    /// cluster), trailing white space, combining marks.
    static let texts = stride(from: 0, to: TestFonts.sliceTexts.count, by: 7).map { TestFonts.sliceTexts[$0] }
        + ["", "\n", "a\n\nb", "   ", "AV AV To\nTo  ", "x ", "e\u{301}e\u{301} \u{0E2A}\u{0E27}\u{0E31}", "\n\nlast"]

    static let big = try! TestFonts.library.font(family: "Inter", weight: .bold, size: 30)
    static let small = try! TestFonts.library.font(family: "Inter", size: 12)

    /// Plain, attributed (runs of different line metrics), and with indents and spacing (first lines narrower than the others, a tail
    /// indent), each at its one-line reach and one layout unit either side: the quick
    /// size, `size(width:)` and `sizes(of:width:)` equal `fit(width:).size`, and the text
    /// fills one line per paragraph from that reach on (below it, a line breaks for most).
    @Test func oneLineShortcutEqualsTheFullFitAtItsEdge() {
        let indented = ParagraphStyle(lineSpacing: 2, paragraphSpacing: 5, firstLineHeadIndent: 9, headIndent: 30,
                                      tailIndent: -2)
        let prepared = Self.texts.map { TestFonts.engine.prepare($0, font: TestFonts.inter17) }
            + Self.texts.map {
                TestFonts.engine.prepare(AttributedText([TextRun($0)], paragraphStyle: indented), font: TestFonts.inter17)
            }
            + Self.texts.enumerated().map { i, text in
                // Two or three runs of different metrics (cut inside a word), the line
                // heights then per paragraph (`PreparedText.oneLineHeight`).
                let characters = Array(text), a = characters.count / 3, b = 2 * characters.count / 3
                return TestFonts.engine.prepare(AttributedText([
                    TextRun(String(characters[..<a]), font: Self.big),
                    TextRun(String(characters[a..<b])),
                    TextRun(String(characters[b...]), font: Self.small, baselineOffset: i % 2 == 0 ? 0 : 3),
                ], paragraphStyle: i % 3 == 0 ? indented : ParagraphStyle()), font: TestFonts.inter17)
            }
        var edges = 0
        for (i, text) in prepared.enumerated() where text.oneLineReach != .max {
            let far: Int64 = 1 << 40
            let offset = far - text.paragraphStyle.lineWidth(far, first: true)
            var sizes: [TextSize] = []
            for d: Int64 in [-1, 0, 1] {
                let units = max(0, text.oneLineReach) + offset + d
                let width = LayoutUnits.points(units)
                let fit = text.fit(width: width).size
                #expect(text.size(width: width) == fit, "text \(i) at \(d) from its one-line reach")
                let widths = text.lineWidths(LayoutUnits.roundedDown(width))
                if let quick = LineFitter.quickSize(of: text, widths: widths) {
                    #expect(TextSize(lines: quick.lines, usedWidth: LayoutUnits.points(quick.widest), height: quick.height)
                            == fit, "text \(i) at \(d) from its one-line reach, quick")
                }
                #expect(PreparedText.sizes(of: [text], width: width) == [fit])
                sizes.append(fit)
            }
            #expect(sizes[1].lines == text.paragraphs.count && sizes[2].lines == text.paragraphs.count, "text \(i)")
            // (one unit narrower, a line breaks, unless the widest reach is a lone cluster's)
            if sizes[0].lines > text.paragraphs.count { edges += 1 }
        }
        #expect(prepared.filter { $0.oneLineReach != .max && !$0.hasUniformLineMetrics }.count > 100)
        #expect(edges > 250, "only \(edges) texts broke a line just below their one-line reach")
    }
}
