@testable import CellLayout
import Testing

/// The quick re-fit's loop has no mark test: a mark fails the greedy rule by itself
/// (`PackedSegment.joinableWidths`), which holds only while a line's reach is not negative
/// and the line is narrower than 2 million points. What packs (`PackedSegment(width:trailing:)`)
/// and where the quick size gives way to the general filling are what keep it so; the
/// figures must be the full fit's to the last bit on either side.
@Suite struct QuickRefitMarkTests {
    /// Widths at the packed form's edges: a width packs from 0 to three below the marks',
    /// an advance from 0 to `Int32.max`; each packed segment gives back its widths, and is
    /// not a mark.
    @Test func segmentsPackWithinTheMarksAndNeverWithANegativeAdvance() {
        let top = Int64(Int32.max)
        for (width, trailing, packs) in [
            (top - 3, 0, true), (top - 2, 0, false), (top - 3, 3, true), (top - 3, 4, false), (0, top, true),
            (0, top + 1, false), (-5, 5, false), (-1, 4, false), (10, -10, true), (10, -11, false),
            (Int64(Int32.min), top + 1, false), (1024, 300, true), (0, 0, true),
        ] as [(Int64, Int64, Bool)] {
            let packed = PackedSegment(width: width, trailing: trailing)
            #expect((packed != nil) == packs, "width \(width), trailing \(trailing)")
            if let packed {
                #expect(packed.width == width && packed.trailing == trailing && packed.advance == width + trailing)
                #expect(!packed.isMark)
                #expect(GreedyRule.joins(packed.width, reach: 0, within: PackedSegment.joinableWidths - 1)
                        == (width < PackedSegment.joinableWidths))
            }
        }
        for mark in [PackedSegment.paragraphEnd, .wide, .metrics(0), .metrics(15)] {
            #expect(mark.isMark && mark.width >= PackedSegment.joinableWidths)
            #expect(!GreedyRule.joins(mark.width, reach: 0, within: PackedSegment.joinableWidths - 1))
        }
    }

    static let texts = ["AV To wonderful world", "iiii WWWW iiii", "a\n\nb c d e", "Hello world, over and over again",
                        "https://example.com/a/very/long/path?query", "e\u{301}e\u{301} tt \u{0E2A}\u{0E27}\u{0E31}"]

    /// Texts whose runs add a negative kerning after every character (some segments' advances
    /// then negative: they do not pack, and take the general filling; in others, a word
    /// broken between its clusters may leave a line's reach below 0), and runs of different
    /// metrics: at widths from nothing to a few words, `size`, `sizes` and the quick size
    /// (when it answers) equal `fit`.
    @Test func negativeAdvancesGiveTheFullFitsFigures() {
        let big = try! TestFonts.library.font(family: "Inter", weight: .bold, size: 30)
        var prepared: [PreparedText] = []
        for (i, text) in Self.texts.enumerated() {
            let characters = Array(text), half = characters.count / 2
            for kern in [-30.0, -12, -6, -2] {
                prepared.append(TestFonts.engine.prepare(AttributedText([TextRun(text, kern: kern)]), font: TestFonts.inter17))
                prepared.append(TestFonts.engine.prepare(AttributedText([
                    TextRun(String(characters[..<half]), font: i % 2 == 0 ? big : nil),
                    TextRun(String(characters[half...]), kern: kern),
                ]), font: TestFonts.inter17))
            }
        }
        // A word whose first 23 characters add 100,000 pt each and the next 22 take as much
        // away (its advance is not negative: it packs): broken between clusters, its last
        // line's reach is about -2.2 million points, where a paragraph's end would join.
        let pulled = AttributedText([TextRun("x " + String(repeating: "a", count: 23), kern: 100_000),
                                     TextRun(String(repeating: "b", count: 22), kern: -100_000), TextRun(" c d")])
        prepared.append(TestFonts.engine.prepare(pulled, font: TestFonts.inter17))
        var unpacked = 0, quick = 0
        for text in prepared where text.hasWideSegments { unpacked += 1 }
        for width in [0.0, 1, 5, 9, 14, 20, 33.3, 47, 60, 90, 150, 400] {
            for (i, text) in prepared.enumerated() {
                let fit = text.fit(width: width).size
                #expect(text.size(width: width) == fit, "text \(i) at \(width)")
                if let size = LineFitter.quickSize(of: text, widths: text.lineWidths(LayoutUnits.roundedDown(width))) {
                    quick += 1
                    #expect(TextSize(lines: size.lines, usedWidth: LayoutUnits.points(size.widest), height: size.height)
                            == fit, "text \(i) at \(width), quick")
                }
            }
            #expect(PreparedText.sizes(of: prepared, width: width) == prepared.map { $0.fit(width: width).size })
        }
        #expect(unpacked > 10 && unpacked < prepared.count - 10, "\(unpacked) of \(prepared.count) texts unpacked")
        #expect(quick > prepared.count * 4, "only \(quick) quick sizes")
    }

    /// Words about a million points wide (a kerning of 100,000 pt after each character), and
    /// a paragraph of two short words whose end comes at a reach of 200,000 pt: at lines of
    /// 2 million points or more, where its end would join the line, the quick size gives way
    /// to the general filling (nil), and `size` stays `fit`'s; just below, it answers with
    /// `fit`'s figures.
    @Test func linesOfTwoMillionPointsTakeTheGeneralFilling() {
        let words = AttributedText([TextRun("abcdefghij abcdefghij abcdefghij abcdefghij\na b\nabcdefghij",
                                            kern: 100_000)])
        let text = TestFonts.engine.prepare(words, font: TestFonts.inter17)
        #expect(!text.hasWideSegments)
        let edge = LayoutUnits.points(PackedSegment.joinableWidths)
        for width in [edge - 1, edge, edge + 1, 2_500_000, 3_100_000] {
            let fit = text.fit(width: width).size
            #expect(fit.lines > 2, "at \(width): \(fit.lines) lines")
            #expect(text.size(width: width) == fit, "at \(width)")
            #expect(PreparedText.sizes(of: [text], width: width) == [fit], "at \(width)")
            let quick = LineFitter.quickSize(of: text, widths: text.lineWidths(LayoutUnits.roundedDown(width)))
            #expect((quick == nil) == (width >= edge), "at \(width)")
            if let quick {
                #expect(TextSize(lines: quick.lines, usedWidth: LayoutUnits.points(quick.widest), height: quick.height)
                        == fit, "at \(width), quick")
            }
        }
    }
    /// A segment that ends exactly at the line's end joins it, and one a unit further does
    /// not, inside the loop that counts the room left (from a line's third segment on): at
    /// the width where each of the first segments of a text's first paragraph ends (its
    /// reach from the packed widths, plus its width), and a unit below, the quick size and
    /// `size` equal `fit`.
    @Test func aSegmentEndingAtTheLinesEndJoinsIt() {
        var checked = 0
        for text in stride(from: 0, to: TestFonts.sliceTexts.count, by: 5).map({ TestFonts.sliceTexts[$0] }) {
            let prepared = TestFonts.engine.prepare(text, font: TestFonts.inter17)
            var reach: Int64 = 0
            for (j, entry) in prepared.packedSegments.prefix(14).enumerated() {
                guard !entry.isMark else { break }
                let end = reach + entry.width
                reach += entry.advance
                guard j >= 2 else { continue }
                for units in [end, end - 1] {
                    let width = LayoutUnits.points(units)
                    let fit = prepared.fit(width: width).size
                    let widths = prepared.lineWidths(LayoutUnits.roundedDown(width))
                    if let quick = LineFitter.quickSize(of: prepared, widths: widths) {
                        #expect(TextSize(lines: quick.lines, usedWidth: LayoutUnits.points(quick.widest),
                                         height: quick.height) == fit, "\(text) at \(units) units")
                        checked += 1
                    }
                    #expect(prepared.size(width: width) == fit, "\(text) at \(units) units")
                }
            }
        }
        #expect(checked > 500, "only \(checked) widths checked")
    }
}
