@testable import CellLayout
import Testing

/// Caches never hand back a stale layout: a change of text, font or metrics is always
/// seen, whatever was memoized before.
@Suite struct CacheInvalidationTests {
    @Test func aReloadedRowWithNewTextIsLaidOutAgain() throws {
        let table = try TableLayout(spec: TableSpec(width: 320, sections: [SectionSpec(rows: [{
            var cell = CellSpec(); cell.text = "One line"; return cell
        }()])]), engine: TestFonts.engine)
        #expect(table.sections[0].rows[0].height == 44)
        var longer = table.spec.sections[0].rows[0]
        longer.text = String(repeating: "Many words wrap onto more lines ", count: 4)
        try table.reloadRows([longer], at: RowPath(section: 0, row: 0))
        #expect(table.sections[0].rows[0].height > 44)
        #expect(table.contentHeight == table.sections[0].rows[0].height)
    }

    @Test func theSameTextInAnotherFontIsMeasuredAgain() throws {
        let engine = TestFonts.engine
        let text = "Identical text, different fonts"
        let regular = engine.prepare(text, font: TestFonts.inter17).fit(width: .infinity).usedWidth
        let bold = engine.prepare(text, font: try TestFonts.library.font(family: "Inter", weight: .bold, size: 17))
            .fit(width: .infinity).usedWidth
        let larger = engine.prepare(text, font: try TestFonts.library.font(family: "Inter", size: 24))
            .fit(width: .infinity).usedWidth
        #expect(bold > regular)
        #expect(abs(larger - regular * 24 / 17) < 0.05)
    }

    @Test func newMetricsGiveANewLayoutOnTheSameEngine() throws {
        var cell = CellSpec()
        cell.text = "Line one of two and the rest of the text goes on for a while"
        let plain = try TableLayout(spec: TableSpec(width: 320, sections: [SectionSpec(rows: [cell])]), engine: TestFonts.engine)
        var metrics = TableMetrics()
        metrics.sfVerticalMetrics = true
        metrics.verticalMargin = 4
        let sf = try TableLayout(spec: TableSpec(width: 320, metrics: metrics, sections: [SectionSpec(rows: [cell])]),
                                 engine: TestFonts.engine)
        // Two lines either way (label width 288), SF's line height either way (the system
        // font has it by default): 2 × 17 × 1.19336 = 40.57 → 41; the margins differ.
        #expect(plain.sections[0].rows[0].textLabel?.height == 41)
        #expect(sf.sections[0].rows[0].textLabel?.height == 41)
        #expect(plain.sections[0].rows[0].height == 41 + 22 + 1)
        #expect(sf.sections[0].rows[0].height == max(44, 41 + 8 + 1))
    }

    @Test func aSmallMemoStaysWithinItsBoundAndStillAnswersRight() {
        let engine = TextEngine(fonts: TestFonts.library, shapeMemoEntries: 64, shapeMemoBytes: 1 << 20)
        let texts = TextPropertyTests.texts.prefix(300)
        for text in texts {
            let a = engine.prepare(text, font: TestFonts.inter17).fit(width: 300)
            let b = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: 300)
            #expect(a.lines == b.lines)
        }
        #expect(engine.shapeStatistics.misses > 0)
        #expect(engine.shapeMemo.count <= 64)
        #expect(engine.pairMemo.count <= 64)
    }
}
