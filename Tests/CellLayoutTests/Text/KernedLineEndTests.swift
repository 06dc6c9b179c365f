@testable import CellLayout
import Testing

/// Line ends, truncation and glyph runs after kerned clusters, which read each cluster's
/// kerning with the next one from the paragraph (`PreparedParagraph.kern`, `KernCursor`):
/// kept as the kerned clusters alone in a text where few clusters kern, and per cluster in
/// one where most do.
///
/// The figures are worked out by hand from `hb-shape` on the bundled Inter Regular at
/// 11 pt, whose scale is 11 × 1024 layout units to the em of 2,816 font units: exactly 4
/// layout units a font unit, so nothing is rounded. `hb-shape --font-size=11264
/// fonts/Inter/Inter-Regular.otf TEXT` gives, in layout units:
///
///     "HHAVHHHHHHAVHHHH"  H 8336 each; A 6848 before V (7616 with `--features=-kern`:
///                         A kerns −768 with V); V 7616; no other pair kerns
///     "AVAVAVAV"          A 6848, V 6912 (V kerns −704 with A), the last V 7616
///     "AVA" 21376 = 6848 + 6912 + 7616   "VAV" 21376   "AV" 14464   "…" 9248
///
/// A line that ends after a kerned cluster leaves its kerning out: "HHA" is 8336 × 2 +
/// 7616 = 24288 (its A is not followed by V on the line).
///
/// The same pairs with dots below, outside the plain range, are shaped by HarfBuzz:
///
///     "ẠṾẠṾẠṾẠṾ"          Ạ 6848, Ṿ 6912, the last Ṿ 7616 (7616 each with `--features=-kern`)
///     "ẠṾẠ" 21376   "ṾẠṾ" 21376   "ẠṾ" 14464
@Suite struct KernedLineEndTests {
    static let font = try! TestFonts.library.font(family: "Inter", size: 11)

    /// "HHAVHHHHHHAVHHHH" at 25 pt (25,600 layout units), broken inside its one word, by
    /// word wrapping (the word too wide for a line: placed cluster by cluster) and by
    /// character wrapping: "HHA" 24288 (+ V would make 31136) — the line ends after the
    /// kerned A —, "VHH" 24288, "HHH" 25008, "HAV" 8336 + 6848 + 7616 = 22800 (the kerned
    /// pair inside the line; + H: 31136), "HHH" 25008, "H" 8336. Two clusters of 16 kern:
    /// the paragraph keeps them alone. The re-fit of the text's size agrees.
    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func aLongWordBreaksAfterItsKernedClusters(mode: LineBreakMode) {
        let text = TestFonts.engine.prepare("HHAVHHHHHHAVHHHH", font: Self.font)
        let paragraph = text.paragraphs[0]
        #expect(Array(paragraph.kernedClusters) == [2, 10] && Array(paragraph.kernValues) == [-768, -768])
        let layout = text.fit(width: 25, options: FitOptions(lineBreakMode: mode))
        #expect(layout.lines.map(\.utf16Range) == [0..<3, 3..<6, 6..<9, 9..<12, 12..<15, 15..<16])
        #expect(layout.lines.map { $0.width * 1024 } == [24288, 24288, 25008, 22800, 25008, 8336])
        #expect(text.size(width: 25, options: FitOptions(lineBreakMode: mode)) == layout.size)
        #expect(PreparedText.sizes(of: [text], width: 25, options: FitOptions(lineBreakMode: mode)) == [layout.size])
        #expect(layout.size.usedWidth * 1024 == 25008)
    }

    /// "AVAVAVAV" at 25 pt: every cluster but the last kerns, so the paragraph keeps a
    /// kerning per cluster; the lines are "AVA" 21376 (+ V: 28224), "VAV" 21376 and "AV"
    /// 14464, each but the last ending after a kerned cluster.
    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func aWordOfKernedPairsKeepsItsKerningPerCluster(mode: LineBreakMode) {
        let text = TestFonts.engine.prepare("AVAVAVAV", font: Self.font)
        let paragraph = text.paragraphs[0]
        #expect(paragraph.kernedClusters.isEmpty && Array(paragraph.kernValues) == [-768, -704, -768, -704, -768, -704, -768, 0])
        let layout = text.fit(width: 25, options: FitOptions(lineBreakMode: mode))
        #expect(layout.lines.map(\.utf16Range) == [0..<3, 3..<6, 6..<8])
        #expect(layout.lines.map { $0.width * 1024 } == [21376, 21376, 14464])
        #expect(PreparedText.sizes(of: [text], width: 25, options: FitOptions(lineBreakMode: mode)) == [layout.size])
    }

    /// Tail truncation at 35 pt on one line: 35,840 less "…" (9248) leaves 26592, where
    /// "HHA" (24288, its kerning with V left out) fits and "HHAV" (31136) does not: "HHA…",
    /// 24288 + 9248 = 33536 layout units.
    @Test func truncationEndsAfterAKernedCluster() {
        let layout = TestFonts.engine.prepare("HHAVHHHHHHAVHHHH", font: Self.font)
            .fit(width: 35, options: FitOptions(maxLines: 1, lineBreakMode: .byTruncatingTail))
        #expect(layout.lines.count == 1 && layout.lines[0].isTruncated)
        #expect(layout.usedWidth * 1024 == 33536)
        #expect(layout.glyphRuns(ofLine: 0).flatMap(\.utf16Offsets) == [0, 1, 2, -1])
    }

    /// The glyph runs of the broken word at 25 pt: line 4, "HAV", puts V after H and the
    /// kerned A, 8336 + 6848 = 15184 layout units from the line's start, and is 22800 wide;
    /// line 1, "HHA", puts its glyphs 8336 apart.
    @Test func aGlyphRunPlacesGlyphsAfterAKernedPair() {
        let layout = TestFonts.engine.prepare("HHAVHHHHHHAVHHHH", font: Self.font).fit(width: 25)
        let line4 = layout.glyphRuns(ofLine: 3)
        #expect(line4.count == 1)
        #expect(line4[0].utf16Offsets == [9, 10, 11])
        #expect(line4[0].positions.map { ($0.x - line4[0].x) * 1024 } == [0, 8336, 15184])
        #expect(line4[0].width * 1024 == 22800)
        let line1 = layout.glyphRuns(ofLine: 0)
        #expect(line1[0].positions.map { ($0.x - line1[0].x) * 1024 } == [0, 8336, 16672])
    }

    /// The glyph runs of every line of "HHAVHHHHHHAVHHHH" broken at 25 pt (a plain run cut
    /// inside its word) add up to the line's width: line 1, "HHA", is 24288 wide, its A's
    /// advance without its kerning with V, which starts line 2; line 2, "VHH", 7616 +
    /// 8336 × 2 = 24288; line 4, "HAV", 22800.
    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func aPlainRunCutAfterAKernedClusterLeavesItsKerningOut(mode: LineBreakMode) {
        let layout = TestFonts.engine.prepare("HHAVHHHHHHAVHHHH", font: Self.font)
            .fit(width: 25, options: FitOptions(lineBreakMode: mode))
        #expect(layout.prepared.paragraphs[0].pieces.allSatisfy { $0.shaped == nil })
        let widths = (0..<layout.lineCount).map { layout.glyphRuns(ofLine: $0).reduce(0) { $0 + $1.width } * 1024 }
        #expect(widths == [24288, 24288, 25008, 22800, 25008, 8336])
        let line1 = layout.glyphRuns(ofLine: 0)
        #expect(line1.count == 1 && line1[0].width * 1024 == 24288)
    }

    /// "ẠṾẠṾẠṾẠṾ", shaped by HarfBuzz as one piece, broken at 25 pt: its lines are "ẠṾẠ",
    /// "ṾẠṾ" and "ẠṾ" (21376, 21376, 14464), and each line's glyph run is as wide, its
    /// last glyph without its kerning with the next line's first: line 1 puts its glyphs at
    /// 0, 6848 and 13760, line 2 at 0, 6912 and 13760.
    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func aShapedRunCutAfterAKernedClusterLeavesItsKerningOut(mode: LineBreakMode) {
        let text = TestFonts.engine.prepare("ẠṾẠṾẠṾẠṾ", font: Self.font)
        #expect(text.paragraphs[0].pieces.count == 1 && text.paragraphs[0].pieces[0].shaped != nil)
        let layout = text.fit(width: 25, options: FitOptions(lineBreakMode: mode))
        #expect(layout.lines.map(\.utf16Range) == [0..<3, 3..<6, 6..<8])
        #expect(layout.lines.map { $0.width * 1024 } == [21376, 21376, 14464])
        let runs = (0..<3).map { layout.glyphRuns(ofLine: $0) }
        #expect(runs.map { $0.count } == [1, 1, 1])
        #expect(runs.map { $0[0].width * 1024 } == [21376, 21376, 14464])
        #expect(runs[0][0].positions.map { ($0.x - runs[0][0].x) * 1024 } == [0, 6848, 13760])
        #expect(runs[1][0].positions.map { ($0.x - runs[1][0].x) * 1024 } == [0, 6912, 13760])
    }

    /// Truncated to "HHA…" at 35 pt: "…" (9248) goes after "HHA" as the line measures it,
    /// 24288 (A without its kerning with the V cut off), and the runs are 33536 wide, as
    /// the line is. Truncated in the middle at 60 pt, 61,440 less "…" leaves 52192 for
    /// "HHAV" (8336 × 2 + 6848 + 7616 = 31136) and "HHHH" (33344), taken a cluster at a
    /// time from the narrower side: "HHA" 24288 + "HHH" 25008 = 49296 (+ V: 56144, + H:
    /// 57632), so "HHA…HHH", 58544 wide, "…" again at 24288.
    @Test func aRunCutBeforeAnEllipsisLeavesTheKerningOut() {
        let text = TestFonts.engine.prepare("HHAVHHHHHHAVHHHH", font: Self.font)
        let tail = text.fit(width: 35, options: FitOptions(maxLines: 1, lineBreakMode: .byTruncatingTail))
        let tailRuns = tail.glyphRuns(ofLine: 0)
        #expect(tailRuns.flatMap(\.utf16Offsets) == [0, 1, 2, -1])
        #expect(tailRuns.map { ($0.x - tailRuns[0].x) * 1024 } == [0, 24288])
        #expect(tailRuns.reduce(0) { $0 + $1.width } * 1024 == 33536)
        let middle = text.fit(width: 60, options: FitOptions(maxLines: 1, lineBreakMode: .byTruncatingMiddle))
        let middleRuns = middle.glyphRuns(ofLine: 0)
        #expect(middleRuns.flatMap(\.utf16Offsets) == [0, 1, 2, -1, 13, 14, 15])
        #expect(middleRuns.map { ($0.x - middleRuns[0].x) * 1024 } == [0, 24288, 33536])
        #expect(middle.lines[0].width * 1024 == 58544)
        #expect(middleRuns.reduce(0) { $0 + $1.width } * 1024 == 58544)
    }

    /// Right-to-left text keeps its kerning inside a piece in its clusters' advances (only
    /// kerning across pieces is separated out), so a line cut inside a right-to-left piece
    /// measures and draws the advances as shaped. "בדיקהבדיקה" in DejaVu Sans at 11 pt
    /// (`hb-shape --font-size=11264`: ב 6512, ד 6149, י 2519, ק 7992, ה 7359; nothing
    /// kerns) broken at 20 pt (20480): "בדי" 15180 (+ ק: 23172), "קה" 15351 (+ ב: 21863),
    /// "בדי", "קה"; each line's one run is as wide.
    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func aRightToLeftRunCutInsideAWordIsAsWideAsItsLine(mode: LineBreakMode) throws {
        let font = try TestFonts.library.font(family: "DejaVu Sans", size: 11)
        let text = TestFonts.engine.prepare("בדיקהבדיקה", font: font)
        #expect(text.paragraphs[0].pieces.count == 1 && text.paragraphs[0].pieces[0].level == 1)
        let layout = text.fit(width: 20, options: FitOptions(lineBreakMode: mode))
        #expect(layout.lines.map(\.utf16Range) == [0..<3, 3..<5, 5..<8, 8..<10])
        #expect(layout.lines.map { $0.width * 1024 } == [15180, 15351, 15180, 15351])
        let runs = (0..<4).map { layout.glyphRuns(ofLine: $0) }
        #expect(runs.map { $0.map(\.isRightToLeft) } == [[true], [true], [true], [true]])
        #expect(runs.map { $0[0].width * 1024 } == [15180, 15351, 15180, 15351])
    }
}
