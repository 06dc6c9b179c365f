import CellLayout
import Testing

/// Texts of many lines, around and past the lines a fit fills on the stack before it
/// goes on in an array (`LineFitter.lines(of:…)`: 1 KB of 40-byte lines, 25), with and
/// without a line limit that truncates the last line.
///
/// Worked out by hand from Inter Regular 17 advances that `hb-shape` gives at a scale of
/// 17 × 1024 (`hb-shape --font-size=17408 fonts/Inter/Inter-Regular.otf TEXT`, advances
/// summed and divided by 1024), as in `TruncationTests`:
///
///     "Hello world" 90.0215   "Hello world Hello" > 95   "Hello worl" 79.4688   "…" 13.9570
///
/// So at width 95, "Hello world " repeated n times fills n lines, line i the units
/// 12 i ..< 12 (i + 1) (its space hangs), each 90.0215 wide; with a limit of k < n lines, the
/// last keeps "Hello worl…" (budget 95 − 13.957 = 81.043: "Hello worl" fits, "Hello world"
/// does not).
@Suite struct ManyLinesTests {
    let engine = TestFonts.engine
    let font = TestFonts.inter17

    func fit(repeats: Int, maxLines: Int = 0) -> TextLayout {
        engine.prepare(String(repeating: "Hello world ", count: repeats), font: font)
            .fit(width: 95, options: FitOptions(maxLines: maxLines, lineBreakMode: .byTruncatingTail))
    }

    /// Line i of a fit of n repeats: its units, its width, and its top at i line heights.
    func expectLines(_ layout: TextLayout, count: Int, truncatedLast: Bool) {
        #expect(layout.lineCount == count)
        let lines = layout.lines
        #expect(lines.count == count)
        guard let first = lines.first else { return }
        for (i, line) in lines.enumerated() {
            let isLast = i == count - 1
            if isLast && truncatedLast {
                #expect(line.isTruncated)
                #expect(abs(line.width - (79.46875 + 13.957)) < 0.001)
            } else {
                #expect(!line.isTruncated)
                #expect(line.utf16Range == 12 * i ..< 12 * (i + 1))
                #expect(abs(line.width - 90.0215) < 0.001)
            }
            #expect(abs(line.y - Double(i) * first.height) < 1e-9)
        }
        #expect(layout.breakOffsets == (1..<count).map { 12 * $0 })
    }

    @Test(arguments: [1, 2, 24, 25, 26, 27, 49, 50, 51, 60, 200])
    func everyLineIsKept(repeats: Int) {
        expectLines(fit(repeats: repeats), count: repeats, truncatedLast: false)
    }

    @Test(arguments: [1, 10, 24, 25, 26, 40, 59])
    func aLimitTruncatesTheLastLine(maxLines: Int) {
        expectLines(fit(repeats: 60, maxLines: maxLines), count: maxLines, truncatedLast: true)
    }

    @Test(arguments: [24, 25, 26, 60])
    func aLimitOfEveryLineTruncatesNothing(lines: Int) {
        expectLines(fit(repeats: lines, maxLines: lines), count: lines, truncatedLast: false)
    }

    @Test(arguments: [1, 24, 25, 26, 60])
    func theSizeCountsTheSameLines(repeats: Int) {
        let prepared = engine.prepare(String(repeating: "Hello world ", count: repeats), font: font)
        let layout = prepared.fit(width: 95)
        let size = prepared.size(width: 95)
        #expect(size.lines == repeats)
        #expect(size.lines == layout.lineCount)
        #expect(size.unroundedHeight == layout.size.unroundedHeight)
    }
}
