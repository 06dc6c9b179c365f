@testable import CellLayout
import Testing

/// Line heights and pixel rounding have one home (`LineMetrics`, `PixelGrid`): measuring,
/// cells and drawing agree on them.
@Suite struct LineMetricsTests {
    /// Inter: upem 2816, OS/2 USE_TYPO_METRICS, typo ascender 2728, descender −680, gap 0.
    @Test func aFontsLineMetricsComeFromItsTypoMetrics() {
        let metrics = LineMetrics(font: TestFonts.inter17)
        #expect(abs(metrics.ascent - 17.0 * 2728 / 2816) < 1e-9)
        #expect(abs(metrics.descent - 17.0 * 680 / 2816) < 1e-9)
        #expect(metrics.gap == 0)
        #expect(abs(metrics.height - 17.0 * 3408 / 2816) < 1e-9)
    }

    /// San Francisco: ascender 1950, descender 494 over 2048 units.
    @Test func sanFranciscoMetricsScaleWithTheSize() {
        let metrics = LineMetrics(font: TestFonts.inter17, vertical: .sanFrancisco)
        #expect(abs(metrics.height - 17 * 1.193359375) < 1e-12)
        #expect(abs(metrics.ascent - 17.0 * 1950 / 2048) < 1e-12)
    }

    @Test func aLineOfTwoFontsTakesTheLargestOfEach() {
        let a = LineMetrics(ascent: 10, descent: 2, gap: 1), b = LineMetrics(ascent: 8, descent: 4, gap: 0)
        #expect(a.union(b) == LineMetrics(ascent: 10, descent: 4, gap: 1))
    }

    @Test func thePixelGridRoundsUpHeightsAndRoundsOrigins() {
        #expect(PixelGrid(scale: 2).ceil(20.26) == 20.5)
        #expect(PixelGrid(scale: 3).ceil(20.0000000001) == 20)
        #expect(PixelGrid(scale: 1).round(2.5) == 3)
        #expect(PixelGrid(scale: 2).round(2.24) == 2)
        #expect(PixelGrid(scale: 0).scale == 1)
    }

    /// With `sfVerticalMetrics` the drawn lines are spaced by SF's line height too, not
    /// only the measured heights (render used to space them by Inter's).
    @Test func drawnLinesFollowTheSameMetricsAsTheMeasuredHeight() throws {
        var metrics = TableMetrics()
        metrics.sfVerticalMetrics = true
        metrics.scale = 2
        let measurer = LabelMeasurer(engine: TestFonts.engine, metrics: metrics)
        let measured = measurer.measure(
            "Line one of two and the rest of the text goes on for a while", font: TestFonts.inter17,
            width: 200, numberOfLines: 0, mode: .byWordWrapping)
        let lines = measured.layout.lines
        #expect(lines.count == measured.lines)
        #expect(lines.count >= 2)
        let sf = 17 * 1.193359375
        #expect(abs(lines[1].y - sf) < 1e-9)
        #expect(abs(lines[0].baseline - 17.0 * 1950 / 2048) < 1e-9)
        // 2 or 3 lines × 20.287 pt, rounded up to the half point.
        #expect(measured.height == (Double(lines.count) * sf * 2).rounded(.up) / 2)
        #expect(abs(lines.last!.y + lines.last!.height - Double(lines.count) * sf) < 1e-9)
    }
}
