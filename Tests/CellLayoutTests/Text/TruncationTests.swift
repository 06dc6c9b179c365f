import CellLayout
import Testing

/// Truncation worked out by hand from Inter Regular 17 advances that `hb-shape` gives at a
/// scale of 17 × 1024 (`hb-shape --font-size=17408 fonts/Inter/Inter-Regular.otf TEXT`,
/// advances summed and divided by 1024):
///
///     "H" 12.5811   "He" 22.4814   "Hel" 26.5137   "Hello" 40.6875   "Hello " 45.4688
///     "Hello w" 59.2813   "Hello wor" 75.4365   "Hello worl" 79.4688   "Hello world" 90.0215
///     "world" 44.5527   "rld" 20.9121   "orld" 31.0537   "d" 10.5527   "ld" 14.5850
///     "…" 13.9570
@Suite struct TruncationTests {
    let engine = TestFonts.engine
    let font = TestFonts.inter17

    func fit(_ text: String, width: Double, lines: Int, mode: LineBreakMode) -> TextLayout {
        engine.prepare(text, font: font).fit(width: width, options: FitOptions(maxLines: lines, lineBreakMode: mode))
    }

    @Test func tailKeepsTheLongestStartThatFitsBesideTheEllipsis() {
        // Budget 60 − 13.957 = 46.043: "Hello " (45.469) fits, "Hello w" (59.281) does not;
        // the space before "…" is not kept: "Hello…" = 40.6875 + 13.957.
        let layout = fit("Hello world", width: 60, lines: 1, mode: .byTruncatingTail)
        #expect(layout.lineCount == 1)
        #expect(layout.lines[0].isTruncated)
        #expect(abs(layout.usedWidth - (40.6875 + 13.957)) < 0.001)
        #expect(layout.glyphRuns(ofLine: 0).flatMap(\.utf16Offsets) == [0, 1, 2, 3, 4, -1])
    }

    @Test func headKeepsTheLongestEnd() {
        // Budget 46.043: "world" (44.553) fits, " world" would add a space; "…world".
        let layout = fit("Hello world", width: 60, lines: 1, mode: .byTruncatingHead)
        #expect(abs(layout.usedWidth - (13.957 + 44.5527)) < 0.001)
        #expect(layout.glyphRuns(ofLine: 0).flatMap(\.utf16Offsets) == [-1, 6, 7, 8, 9, 10])
    }

    @Test func middleKeepsBothEndsBalanced() {
        // Budget 46.043, taking from the narrower side first: H, d, l(d), e(He), r(rld) →
        // "He" 22.481 + "rld" 20.912 = 43.394; adding "o" (orld 31.054) or "l" (Hel 26.514)
        // would pass the budget. "He…rld".
        let layout = fit("Hello world", width: 60, lines: 1, mode: .byTruncatingMiddle)
        #expect(abs(layout.usedWidth - (22.4814 + 13.957 + 20.9121)) < 0.002)
        #expect(layout.glyphRuns(ofLine: 0).flatMap(\.utf16Offsets) == [0, 1, -1, 8, 9, 10])
    }

    @Test func lastOfSeveralLinesIsTruncatedAtTheTail() {
        // Width 95: line 1 "Hello world " (90.02 fits; + "Hello" would not). The rest,
        // "Hello world Hello", is too wide for line 2 of 2: budget 95 − 13.957 = 81.043
        // keeps "Hello worl" (79.469); "Hello world" (90.02) does not fit.
        let layout = fit("Hello world Hello world Hello", width: 95, lines: 2, mode: .byTruncatingTail)
        #expect(layout.lineCount == 2)
        #expect(layout.breakOffsets == [12])
        #expect(abs(layout.lines[1].width - (79.46875 + 13.957)) < 0.001)
        #expect(abs(layout.lines[0].width - 90.0215) < 0.001)
    }

    @Test func textThatFitsIsNotTruncated() {
        let layout = fit("Hello world", width: 100, lines: 1, mode: .byTruncatingTail)
        #expect(!layout.lines[0].isTruncated)
        #expect(abs(layout.usedWidth - 90.0215) < 0.001)
    }

    @Test func hiddenParagraphsAreMarkedAtTheEnd() {
        // "Hello" fits, but the second paragraph is hidden: "Hello…" = 40.6875 + 13.957.
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
            let layout = fit("Hello\nworld", width: 100, lines: 1, mode: mode)
            #expect(layout.lineCount == 1)
            #expect(abs(layout.usedWidth - 54.6445) < 0.001, "\(mode)")
        }
    }

    @Test func whiteSpaceBeforeAHiddenParagraphIsNotKept() {
        // The paragraph's trailing spaces are dropped before "…": "Hello…" as above.
        let layout = fit("Hello   \nworld", width: 100, lines: 1, mode: .byTruncatingTail)
        #expect(abs(layout.usedWidth - 54.6445) < 0.001)
    }

    @Test func wrappingModesJustStopAtTheLimit() {
        for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
            let layout = fit("Hello world Hello world Hello", width: 95, lines: 2, mode: mode)
            #expect(layout.lineCount == 2)
            #expect(!layout.lines[1].isTruncated)
        }
    }

    @Test func clippingKeepsTheRestCutAtTheEdge() {
        let layout = fit("Hello world Hello world Hello", width: 95, lines: 2, mode: .byClipping)
        #expect(layout.lineCount == 2)
        #expect(layout.lines[1].width == 95)
        #expect(layout.lines[1].utf16Range == 12..<29)
    }

    @Test func anEllipsisWiderThanTheLineStandsAlone() {
        let layout = fit("Hello world", width: 5, lines: 1, mode: .byTruncatingTail)
        #expect(abs(layout.usedWidth - 13.957) < 0.001)
    }
}
