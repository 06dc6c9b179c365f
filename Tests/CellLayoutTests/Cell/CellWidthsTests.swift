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

    /// A row laid out at several widths looks its labels' prepared texts up by what each
    /// label asks for (text, runs, paragraph style, language, font, category) instead of
    /// preparing or keying them again. Every label at every width must be what a layouter
    /// without that memo gives — a fresh one per width, its subviews autoresized from the
    /// same previous state — on seeded rows where labels share a text but not a font, runs,
    /// alignment or language, with text styles at a row's own category and custom labels.
    /// The row's warnings too: the settings UIKit ignores are found once for all widths.
    @Test func preparedTextsReusedAcrossWidthsAreTheOnesEachWidthAsksFor() throws {
        var random = TextPropertyTests.SeededRandom(state: 29)
        let base = CellPropertyTests.rows(count: 120, seed: 17)
        let shared = ["Shared words that wrap at the narrow widths", "مرحبا بالعالم مرة أخرى", "漢字と仮名の混ざった文"]
        let fonts: [FontSpec?] = [nil, .system(17), .system(13, .bold), FontSpec(textStyle: .body), FontSpec(textStyle: .caption1)]
        let runs: [LabelText?] = [
            nil, LabelText(runs: [TextRunSpec("Shared words ", font: FontOverride(size: 30)), TextRunSpec("that wrap at the narrow widths")]),
            LabelText(paragraph: ParagraphStyle(alignment: .center, lineSpacing: 4)), LabelText(language: TextLanguage("ja")),
            LabelText(language: TextLanguage("zh-Hans")),
        ]
        let categories: [ContentSizeCategory?] = [nil, .extraSmall, .accessibilityLarge]
        let widths = [320.0, 768, 375, 200]
        for (i, var cell) in base.enumerated() {
            if i % 2 == 0 {
                // The same text in both labels, set apart only by font, attributes or alignment.
                let text = shared.randomElement(using: &random)!
                cell.text = text
                cell.detailText = text
            }
            cell.font = fonts.randomElement(using: &random)!
            cell.detailFont = fonts.randomElement(using: &random)!
            cell.textAttributes = runs.randomElement(using: &random)!
            cell.detailTextAttributes = runs.randomElement(using: &random)!
            cell.contentSizeCategory = categories.randomElement(using: &random)!
            if i % 3 == 0 {
                var label = ViewSpec(id: "custom", kind: .label)
                label.text = cell.text
                label.frame = FrameRule(left: 10, right: 10, top: 2)
                label.autoresizing = [.flexibleWidth]
                cell.subviews = [label]
            }
            if i % 5 == 0 {
                // A switch asked to stretch: a setting UIKit ignores, warned at every width.
                var toggle = ViewSpec(id: "toggle", kind: .switch)
                toggle.frame = FrameRule(right: 8, centerY: 0)
                toggle.autoresizing = [.flexibleLeftMargin, .flexibleWidth]
                cell.subviews.append(toggle)
            }
            let rotated = try layouter.layouts(cell, widths: widths)
            var previous: SubviewState?
            for (width, row) in zip(widths, rotated) {
                let metrics = TableMetrics().atWidth(width)
                let fresh = try CellLayouter(measurer: LabelMeasurer(engine: TestFonts.engine, metrics: metrics,
                                                                     preparedTexts: 0), metrics: metrics)
                    .layout(cell, width: width, previous: previous)
                previous = fresh.subviewState
                #expect(row.labels.count == fresh.labels.count, "row \(i) at \(width)")
                for (a, b) in zip(row.labels, fresh.labels) {
                    let (p, q) = (a.measurement.prepared, b.measurement.prepared)
                    #expect(a.id == b.id && a.frame == b.frame && a.measurement.lines == b.measurement.lines
                            && a.measurement.usedWidth == b.measurement.usedWidth, "row \(i) \(a.id) at \(width)")
                    #expect(p.font.id == q.font.id && p.paragraphStyle == q.paragraphStyle && p.utf16Count == q.utf16Count
                            && p.lineMetrics == q.lineMetrics, "row \(i) \(a.id) at \(width): another text's preparation")
                }
                #expect(row.height == fresh.height, "row \(i) at \(width)")
                #expect(row.warnings.map(\.description) == fresh.warnings.map(\.description), "row \(i) at \(width)")
            }
        }
    }
}
