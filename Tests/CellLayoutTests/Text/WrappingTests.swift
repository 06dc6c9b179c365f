import CellLayout
import Testing

/// Wrapping rules written out by hand (advances as in TruncationTests).
@Suite struct WrappingTests {
    let engine = TestFonts.engine
    let font = TestFonts.inter17

    func fit(_ text: String, _ width: Double, _ mode: LineBreakMode = .byWordWrapping) -> TextLayout {
        engine.prepare(text, font: font).fit(width: width, options: FitOptions(lineBreakMode: mode))
    }

    @Test func emptyTextHasNoLines() {
        let layout = fit("", 100)
        #expect(layout.lineCount == 0 && layout.height() == 0 && layout.usedWidth == 0)
    }

    @Test func aFinalHardBreakAddsNoLine() {
        #expect(fit("a\n", 100).lineCount == 1)
        #expect(fit("a\n\n", 100).lineCount == 2)
        #expect(fit("\n\nX", 100).breakOffsets == [1, 2])
        #expect(fit("a\r\nb", 100).breakOffsets == [3])
        #expect(fit("a\u{2028}b\u{2029}c", 100).breakOffsets == [2, 4])
    }

    @Test func trailingSpaceHangs() {
        // "Hello " is 45.469 wide, "Hello" 40.6875: at width 42 the space hangs past the edge.
        let layout = fit("Hello ", 42)
        #expect(layout.lineCount == 1)
        #expect(abs(layout.usedWidth - 40.6875) < 0.001)
    }

    @Test func aWordThatDoesNotFitMovesToTheNextLineFirst() {
        // "Hello world" at 60: "Hello " then "world" (44.553) on a line of its own.
        #expect(fit("Hello world", 60).breakOffsets == [6])
    }

    @Test func aWordWiderThanTheLineBreaksBetweenClusters() {
        // Pango gives the same: "Hi " / "won" / "derf" / "ul" and "Hell" / "o " / "wor" / "ld".
        #expect(fit("Hi wonderful", 40).breakOffsets == [3, 6, 10])
        #expect(fit("Hello world", 40).breakOffsets == [4, 6, 10])
    }

    @Test func graphemeClustersAreNeverSplit() {
        // "e" + combining acute, and a flag (two regional indicators), stay whole even when
        // each is wider than the line.
        let layout = fit("e\u{301}e\u{301}🇩🇪", 1)
        #expect(layout.breakOffsets == [2, 4])
    }

    @Test func charWrapBreaksAnywhere() {
        // "Hello w" is 59.28 wide: char wrap fills "Hello w" then "orld"; word wrap moves "world".
        #expect(fit("Hello world", 60, .byCharWrapping).breakOffsets == [7])
    }

    @Test func zeroAndNaNWidthsPutEachClusterOnItsOwnLine() {
        #expect(fit("abc", 0).lineCount == 3)
        #expect(fit("abc", .nan).lineCount == 3)
        #expect(fit("abc def", .infinity).lineCount == 1)
    }

    @Test func uncoveredCharactersMeasureAsNotdefNotNothing() throws {
        // U+0378 is unassigned: no font has it, so the primary font's .notdef measures it.
        let layout = fit("\u{378}", .infinity)
        #expect(layout.lineCount == 1)
        #expect(layout.usedWidth > 5)
        let run = try #require(layout.glyphRuns(ofLine: 0).first)
        #expect(run.glyphs == [0])
        #expect(run.font === font)
    }

    @Test func fallbackFontsDrawWhatInterLacks() throws {
        // Inter has no U+2603 SNOWMAN; the bundled DejaVu Sans does.
        let layout = fit("a\u{2603}", .infinity)
        let runs = layout.glyphRuns(ofLine: 0)
        #expect(runs.count == 2)
        #expect(runs[1].font.face.family == "DejaVu Sans")
        #expect(runs[1].glyphs != [0])
    }

    @Test func rightToLeftRunsComeInVisualOrder() {
        // Hebrew "שלום" after Latin: the Hebrew run is drawn right-to-left, after "ab ".
        let layout = fit("ab \u{5E9}\u{5DC}\u{5D5}\u{5DD}", .infinity)
        let runs = layout.glyphRuns(ofLine: 0)
        let hebrew = runs.first { $0.isRightToLeft }
        #expect(hebrew != nil)
        #expect(hebrew?.utf16Offsets == [6, 5, 4, 3])
    }
}
