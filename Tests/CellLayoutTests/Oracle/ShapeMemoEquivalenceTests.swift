import CellLayout
import Testing

extension OracleTier {
    /// The shape memo against no memo on the property texts (`TextPropertyTests.texts`, every 6th
    /// row of the committed slices).
    @Suite struct ShapeMemoEquivalenceTests {
        @Test func theShapeMemoChangesNothingButSpeed() {
            let unmemoized = TextEngine(fonts: TestFonts.library, shapeMemoEntries: 0)
            for (i, text) in TextPropertyTests.texts.enumerated() {
                for width in [200.0, 343] {
                    let a = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: width)
                    let b = unmemoized.prepare(text, font: TestFonts.inter17).fit(width: width)
                    #expect(a.lines == b.lines, "text \(i) at \(width)")
                    #expect(a.glyphRuns(ofLine: 0).map(\.glyphs) == b.glyphRuns(ofLine: 0).map(\.glyphs))
                }
            }
        }
    }
}
