import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// `render` draws a variable font at the instance it was measured at: FreeType is set to
/// the font's axis values before each run, so a heavy instance puts far more ink on the
/// page than a thin one of the same text (and the same instance drawn twice, the same ink).
@Suite struct RenderVariableFontTests {
    static func ink(wght: Double) throws -> Int {
        let path = TestFonts.fixture("Fonts/RobotoFlex-Subset.ttf").path
        let json = """
            {"width": 320, "rows": [{"text": [{"text": "Hamburgefonstiv",
              "font": {"file": "\(path)", "variations": {"wght": \(wght)}}}]}]}
            """
        let (table, canvas) = try RenderTables.render(json)
        let row = RenderTables.row(table, 0, 0)
        let label = try #require(row.layout.textLabel)
        let frame = label.offsetBy(dx: row.content.x, dy: row.content.y)
        return canvas.count(in: frame) { $0.r < 128 }
    }

    @Test func theInstanceMeasuredIsTheInstanceDrawn() throws {
        let thin = try Self.ink(wght: 100), black = try Self.ink(wght: 1000)
        #expect(thin > 0)
        // Roboto Flex's stems at wght 1000 are several times those at 100: much more ink.
        #expect(Double(black) > 2 * Double(thin), "thin \(thin), black \(black)")
        #expect(try Self.ink(wght: 100) == thin)
    }
}
