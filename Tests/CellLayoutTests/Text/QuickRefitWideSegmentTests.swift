@testable import CellLayout
import Testing

/// The quick re-fit (`LineFitter.quickSize`) of texts with a segment wider than the line:
/// it breaks that segment between clusters itself (reading only its clusters) and must give
/// the full fit's figures to the last bit.
@Suite struct QuickRefitWideSegmentTests {
    /// Words wider than narrow lines: a URL, long words after short ones and before white
    /// space, kerned pairs (AV, To) inside a long word, a paragraph starting with its long
    /// word, an unbreakable Thai run, combining marks, and hard line breaks between them.
    static let texts = [
        "Hi wonderful", "Hello world", "https://example.com/a/very/long/path?query=value&other=thing",
        "AVAVAVAVAVAVAVAVAV ToToToToToTo", "antidisestablishmentarianism\nshort words then supercalifragilistic",
        "\u{0E2A}\u{0E27}\u{0E31}\u{0E2A}\u{0E14}\u{0E35}\u{0E04}\u{0E23}\u{0E31}\u{0E1A}\u{0E1C}\u{0E21}",
        "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}  next", "a\n\nWWWWWWWWWWWWWWWWWWWW   \nb",
    ]

    /// Every text, plain and with indents (the first line of a paragraph narrower than the
    /// others), at widths from below one cluster to a few words: the quick path gives the
    /// sizes and it gives `fit`'s.
    @Test func quickSizeBreaksWideSegmentsAsTheFullFit() {
        let indented = ParagraphStyle(lineSpacing: 2, paragraphSpacing: 5, firstLineHeadIndent: 9, headIndent: 3,
                                      tailIndent: -2)
        let prepared = Self.texts.map { TestFonts.engine.prepare($0, font: TestFonts.inter17) }
            + Self.texts.map {
                TestFonts.engine.prepare(AttributedText([TextRun($0)], paragraphStyle: indented), font: TestFonts.inter17)
            }
        var wide = 0
        for width in [0.0, 1, 7, 10, 20, 33.3, 40, 57, 90, 150] {
            for (i, text) in prepared.enumerated() {
                let widths = text.lineWidths(LayoutUnits.roundedDown(width))
                let fit = text.fit(width: width).size
                guard let quick = LineFitter.quickSize(of: text, widths: widths) else {
                    Issue.record("text \(i) at \(width) left the quick path")
                    continue
                }
                #expect(TextSize(lines: quick.lines, usedWidth: LayoutUnits.points(quick.widest), height: quick.height)
                        == fit, "text \(i) at \(width)")
                #expect(text.size(width: width) == fit, "text \(i) at \(width)")
                if fit.lines > Self.texts[i % Self.texts.count].split(separator: " ").count { wide += 1 }
            }
        }
        #expect(wide > 60, "only \(wide) sizes had more lines than words")
        #expect(PreparedText.sizes(of: prepared, width: 40) == prepared.map { $0.fit(width: 40).size })
    }
}
