import CellLayout
import Testing

/// `CellLayouter.layouts(_:widths:)`: one row at several widths in turn, as
/// `layout --jsonl --widths` lays out each streamed row.
@Suite struct CellWidthsTests {
    /// A layouter that keeps no memo of prepared texts, as the stream's does.
    let layouter = CellLayouter(measurer: LabelMeasurer(engine: TestFonts.engine, metrics: TableMetrics(), preparedTexts: 0))

    @Test func subviewsAreAutoresizedFromEachWidthToTheNext() throws {
        // A switch 5 pt from the right edge of the initial 320-wide content view, flexible
        // left margin: it keeps its 5-pt right margin, and UISwitch is 51 wide, so
        // x = width − 5 − 51: 319 at 375, 611 at 667, and 319 again back at 375.
        let cell = CellSpec(id: "s", text: "Sounds", subviews: [
            ViewSpec(id: "switch", kind: .switch, frame: FrameRule(right: 5, centerY: 0),
                     autoresizing: [.flexibleLeftMargin, .flexibleTopMargin, .flexibleBottomMargin]),
        ])
        let layouts = try layouter.layouts(cell, widths: [375, 667, 375])
        #expect(layouts.map { $0.subviews[0].frame.minX } == [319, 611, 319])
    }

    @Test func eachTextIsPreparedOnceAndFittedAtEveryWidth() throws {
        // 63 characters of Inter 17 (advances 4–16 pt, about 8.5 on average): 400–600 pt of
        // text, so several lines in the 168 pt a 200-wide cell leaves (16-pt margins) and one
        // line in the 736 pt of a 768-wide one.
        let title = "A title long enough to wrap at the narrowest width of the three"
        let cell = CellSpec(id: "r", style: .subtitle, text: title, detailText: "Detail")
        let layouts = try layouter.layouts(cell, widths: [200, 375, 768])
        for id in ["textLabel", "detailTextLabel"] {
            let prepared = layouts.map { row in row.labels.first { $0.id == id }!.measurement.prepared }
            #expect(prepared.allSatisfy { $0 === prepared[0] }, "\(id) prepared again")
        }
        let lines = layouts.map { row in row.labels.first { $0.id == "textLabel" }!.measurement.lines }
        #expect(lines[0] > 1 && lines[2] == 1)
    }
}
