@testable import CellLayout
import Testing

/// Attributed text and paragraph styles, against values derived by hand from Inter's
/// OS/2 typo metrics (USE_TYPO_METRICS set; upem 2816, ascender 2728, descender −680, line
/// gap 0 — read with `ttx -t OS/2 Inter-Regular.otf`; every weight has the same), so
/// a line of Inter at s points is s × 3408 / 2816 tall, its baseline s × 2728 / 2816 below
/// its top and its descent s × 680 / 2816.
@Suite struct AttributedTextTests {
    let engine = TestFonts.engine
    let regular = TestFonts.inter17
    let bold = try! TestFonts.library.font(family: "Inter", weight: .bold, size: 17)
    let big = try! TestFonts.library.font(family: "Inter", size: 34)

    static func ascent(_ size: Double) -> Double { size * 2728 / 2816 }
    static func descent(_ size: Double) -> Double { size * 680 / 2816 }
    static func height(_ size: Double) -> Double { size * 3408 / 2816 }

    func layout(_ runs: [TextRun], style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                options: FitOptions = FitOptions()) -> TextLayout {
        engine.prepare(AttributedText(runs, paragraphStyle: style), font: regular).fit(width: width, options: options)
    }

    // MARK: Line metrics of mixed fonts

    @Test func aLineIsAsTallAsItsTallestRun() {
        // "Big" at 34 and "small" at 17 on one line: 34 × 3408 / 2816 = 41.1477.
        let one = layout([TextRun("Big ", font: big), TextRun("small")])
        #expect(one.lineCount == 1)
        #expect(abs(one.size.unroundedHeight - Self.height(34)) < 1e-9)
        #expect(abs(one.lines[0].baseline - Self.ascent(34)) < 1e-9)
        #expect(one.height() == 42)
    }

    @Test func eachLineTakesOnlyTheFontsOnIt() {
        // Paragraph 1 in 34 pt, paragraph 2 in 17 pt: 41.1477 + 20.5739 = 61.7216.
        let two = layout([TextRun("Big\n", font: big), TextRun("small")])
        #expect(two.lineCount == 2)
        #expect(abs(two.lines[1].y - Self.height(34)) < 1e-9)
        #expect(abs(two.lines[1].height - Self.height(17)) < 1e-9)
        #expect(abs(two.size.unroundedHeight - (Self.height(34) + Self.height(17))) < 1e-9)
        // The same figures from size(width:), which takes the general path for mixed lines.
        let prepared = engine.prepare(AttributedText([TextRun("Big\n", font: big), TextRun("small")]), font: regular)
        #expect(prepared.size(width: 300) == prepared.fit(width: 300).size)
    }

    @Test func aRaisedRunAddsAscentALoweredRunDescent() {
        // Raised 10: ascent 16.4688 + 10, descent 4.1051 → 30.5739.
        let raised = layout([TextRun("x"), TextRun("2", baselineOffset: 10)])
        #expect(abs(raised.size.unroundedHeight - (Self.ascent(17) + 10 + Self.descent(17))) < 1e-9)
        #expect(abs(raised.lines[0].baseline - (Self.ascent(17) + 10)) < 1e-9)
        let runs = raised.glyphRuns(ofLine: 0)
        #expect(runs.count == 2)
        #expect(runs[1].positions.allSatisfy { abs($0.y - 10) < 1e-9 })
        // Lowered 6: descent 4.1051 + 6 → 26.5739.
        let lowered = layout([TextRun("x"), TextRun("2", baselineOffset: -6)])
        #expect(abs(lowered.size.unroundedHeight - (Self.ascent(17) + Self.descent(17) + 6)) < 1e-9)
    }

    // MARK: Paragraph style keys

    @Test func lineHeightMultipleScalesTheLineAndPutsTheExtraAbove() {
        let style = ParagraphStyle(lineHeightMultiple: 1.5)
        let l = layout([TextRun("a\nb")], style: style)
        // 1.5 × 20.5739 = 30.8608 per line; baseline 30.8608 − 4.1051 below the top.
        #expect(abs(l.size.unroundedHeight - 2 * 1.5 * Self.height(17)) < 1e-9)
        #expect(abs(l.lines[0].baseline - (1.5 * Self.height(17) - Self.descent(17))) < 1e-9)
        #expect(abs(l.lines[1].y - 1.5 * Self.height(17)) < 1e-9)
    }

    @Test func minimumAndMaximumLineHeightClampTheLine() {
        let tall = layout([TextRun("a\nb")], style: ParagraphStyle(minimumLineHeight: 30))
        #expect(abs(tall.size.unroundedHeight - 60) < 1e-9)
        #expect(abs(tall.lines[0].baseline - (30 - Self.descent(17))) < 1e-9)
        let short = layout([TextRun("a\nb")], style: ParagraphStyle(maximumLineHeight: 15))
        #expect(abs(short.size.unroundedHeight - 30) < 1e-9)
        // The multiple applies first, then the clamp: 1.5 × 20.57 = 30.86 → 25.
        let both = layout([TextRun("a")], style: ParagraphStyle(lineHeightMultiple: 1.5, maximumLineHeight: 25))
        #expect(abs(both.size.unroundedHeight - 25) < 1e-9)
        // A minimum below the natural height changes nothing.
        let natural = layout([TextRun("a")], style: ParagraphStyle(minimumLineHeight: 10))
        #expect(abs(natural.size.unroundedHeight - Self.height(17)) < 1e-9)
    }

    @Test func lineSpacingGoesBelowEveryLine() {
        let l = layout([TextRun("a\nb")], style: ParagraphStyle(lineSpacing: 4))
        #expect(abs(l.lines[1].y - (Self.height(17) + 4)) < 1e-9)
        #expect(abs(l.size.unroundedHeight - 2 * (Self.height(17) + 4)) < 1e-9)
    }

    @Test func paragraphSpacingGoesBetweenParagraphs() {
        let style = ParagraphStyle(paragraphSpacing: 10, paragraphSpacingBefore: 6)
        let l = layout([TextRun("a\nb\nc")], style: style)
        #expect(abs(l.lines[1].y - (Self.height(17) + 16)) < 1e-9)
        #expect(abs(l.size.unroundedHeight - (3 * Self.height(17) + 2 * 16)) < 1e-9)
        // Lines of one paragraph get none.
        let wrapped = engine.prepare("one two", font: regular, paragraphStyle: style).fit(width: 50)
        #expect(wrapped.lineCount == 2)
        #expect(abs(wrapped.size.unroundedHeight - 2 * Self.height(17)) < 1e-9)
        #expect(engine.prepare("a\nb\nc", font: regular, paragraphStyle: style).size(width: 300).unroundedHeight
                == l.size.unroundedHeight)
    }

    // MARK: Indents and alignment

    /// Ten copies of one word: each line holds as many as fit its width, which the
    /// indents set — the word's width measured alone is the only engine figure used.
    @Test func indentsNarrowTheLines() {
        let word = engine.prepare("mmmm", font: regular).fit(width: .infinity).usedWidth
        let space = engine.prepare("mmmm mmmm", font: regular).fit(width: .infinity).usedWidth - 2 * word
        let text = Array(repeating: "mmmm", count: 12).joined(separator: " ")
        let width = 6 * word + 5 * space + 1   // six words a line without indents
        func perLine(_ room: Double) -> Int { Int(((room + space) / (word + space)).rounded(.down)) }
        let style = ParagraphStyle(firstLineHeadIndent: word + space, headIndent: 0.5 * word, tailIndent: -(word + space))
        let l = engine.prepare(text, font: regular, paragraphStyle: style).fit(width: width)
        let first = perLine(width - 2 * (word + space)), rest = perLine(width - 0.5 * word - (word + space))
        #expect(first == 4 && rest == 4)
        #expect(l.lineCount == 3)
        #expect(abs(l.lines[0].x - (word + space)) < 1e-9)
        #expect(abs(l.lines[1].x - 0.5 * word) < 1e-9)
        // A positive tail indent is measured from the leading edge: lines end 3 words in.
        let fromLeading = engine.prepare(text, font: regular, paragraphStyle: ParagraphStyle(tailIndent: 3 * word + 2 * space + 1))
            .fit(width: width)
        #expect(fromLeading.lineCount == 4)
        #expect(engine.prepare(text, font: regular, paragraphStyle: style).size(width: width).lines == 3)
    }

    @Test func alignmentPlacesTheLines() {
        func line(_ alignment: TextAlignment) -> TextLine {
            engine.prepare("Hello", font: regular, paragraphStyle: ParagraphStyle(alignment: alignment))
                .fit(width: 200).lines[0]
        }
        let w = line(.left).width
        #expect(line(.left).x == 0)
        #expect(line(.natural).x == 0)
        #expect(abs(line(.right).x - (200 - w)) < 0.001)
        #expect(abs(line(.center).x - (200 - w) / 2) < 0.001)
        // A right-to-left paragraph's natural alignment is the right.
        let hebrew = engine.prepare("שלום", font: regular).fit(width: 200)
        #expect(abs(hebrew.lines[0].x - (200 - hebrew.lines[0].width)) < 0.001)
        #expect(hebrew.glyphRuns(ofLine: 0).first!.x >= hebrew.lines[0].x - 0.001)
    }

    @Test func justifiedLinesReachBothEdgesButTheParagraphsLast() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running"
        let l = engine.prepare(text, font: regular, paragraphStyle: ParagraphStyle(alignment: .justified)).fit(width: 150)
        #expect(l.lineCount >= 3)
        for i in 0..<l.lineCount {
            let runs = l.glyphRuns(ofLine: i)
            let right = runs.last!.x + runs.last!.width
            if i < l.lineCount - 1 {
                #expect(abs(right - 150) < 0.05, "line \(i) ends at \(right)")
            } else {
                #expect(abs(right - l.lines[i].width) < 0.001)
            }
        }
    }

    // MARK: Kerning

    @Test func kernAddsAfterEveryCharacter() {
        let plain = engine.prepare("Tab", font: regular).fit(width: .infinity).usedWidth
        let kerned = layout([TextRun("Tab", kern: 1.5)])
        // 3 characters × 1.5 (the last one's too, as NSKern adds after every character).
        #expect(abs(kerned.usedWidth - (plain + 4.5)) < 0.002)
        let runs = kerned.glyphRuns(ofLine: 0)
        #expect(abs(runs[0].width - kerned.usedWidth) < 0.002)
    }

    @Test func fontKerningCrossesRunsOfOneFontOnly() {
        let together = engine.prepare("AV", font: regular).fit(width: .infinity).usedWidth
        let a = engine.prepare("A", font: regular).fit(width: .infinity).usedWidth
        let v = engine.prepare("V", font: regular).fit(width: .infinity).usedWidth
        let vBold = engine.prepare("V", font: bold).fit(width: .infinity).usedWidth
        #expect(together < a + v - 0.1)   // Inter kerns A–V
        #expect(abs(layout([TextRun("A"), TextRun("V", color: TextColor(red: 255, green: 0, blue: 0))]).usedWidth - together) < 0.002)
        #expect(abs(layout([TextRun("A"), TextRun("V", font: bold)]).usedWidth - (a + vBold)) < 0.002)
    }

    // MARK: Truncation and drawing

    @Test func theEllipsisTakesTheAttributesBesideIt() {
        let red = TextColor(red: 255, green: 0, blue: 0)
        let runs = [TextRun("Short "), TextRun("and a long bold tail that cannot fit", font: bold, color: red)]
        let l = layout(runs, width: 150, options: FitOptions(maxLines: 1, lineBreakMode: .byTruncatingTail))
        #expect(l.lines[0].isTruncated)
        let drawn = l.glyphRuns(ofLine: 0)
        let ellipsis = drawn.first { $0.utf16Offsets == [-1] }!
        #expect(ellipsis.font === bold)
        #expect(ellipsis.color == red)
        #expect(l.lines[0].width <= 150)
    }

    @Test func runsAreDrawnEachInItsFontAndColour() {
        let grey = TextColor(hex: "#8e8e93")!
        let l = layout([TextRun("Anna ", font: bold), TextRun("replied", color: grey)])
        let runs = l.glyphRuns(ofLine: 0)
        #expect(runs.map(\.font) == [bold, regular])
        #expect(runs.map(\.color) == [nil, grey])
        #expect(abs(runs[1].x - runs[0].width) < 1e-9)
    }

    /// Runs of characters of several UTF-8 lengths (é 2 bytes, € 3, 😀 4 and two UTF-16 units)
    /// and an empty run between them: each run starts where the units of the one before end
    /// (3 + 0 + 5 units), so each cluster is drawn in its own run's colour.
    @Test func runsOfMultiByteCharactersStartWhereTheUnitsBeforeEnd() {
        let red = TextColor(red: 255, green: 0, blue: 0), grey = TextColor(hex: "#8e8e93")!
        let l = layout([TextRun("é€a", color: red), TextRun(""), TextRun("😀b€éc", color: grey), TextRun("dé")])
        let runs = l.glyphRuns(ofLine: 0)
        let byOffset = Dictionary(runs.flatMap { run in run.utf16Offsets.map { ($0, run.color) } },
                                  uniquingKeysWith: { first, _ in first })
        for offset in 0..<3 { #expect(byOffset[offset] == red, "unit \(offset)") }
        for offset in [3, 5, 6, 7, 8] { #expect(byOffset[offset] == grey, "unit \(offset)") }
        for offset in [9, 10] { #expect(byOffset[offset] == .some(nil), "unit \(offset)") }
        #expect(l.lines[0].utf16Range == 0..<11)
    }

    @Test func hexColours() {
        #expect(TextColor(hex: "#8e8e93") == TextColor(red: 0x8e, green: 0x8e, blue: 0x93))
        #expect(TextColor(hex: "#FF000080") == TextColor(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(TextColor(hex: "8e8e93") == nil)
        #expect(TextColor(hex: "#8e8e9") == nil)
        #expect(TextColor(hex: "#gg0000") == nil)
    }

    /// An attributed text of one run measures as the plain text does.
    @Test func oneRunIsThePlainText() {
        for text in TextPropertyTests.texts.prefix(300) {
            let plain = engine.prepare(text, font: regular)
            let attributed = engine.prepare(AttributedText([TextRun(text)]), font: regular)
            for width in [120.0, 343] {
                #expect(plain.fit(width: width).breakOffsets == attributed.fit(width: width).breakOffsets)
                #expect(plain.size(width: width) == attributed.size(width: width))
            }
        }
    }
}
