import CellLayout
import Foundation
import Testing

/// The iOS recipes as golden fixtures (Fixtures/Cells/*.json): each holds a table, the
/// widths it is laid out at in turn, the expected values at each width, and the hand
/// derivation of those values from the metrics table, the UIKit formulas and Pango's
/// line counts.
@Suite struct CellRecipeTests {
    static let fixtures: [String] = {
        let folder = TestFonts.fixture("Cells")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func everyRecipeHasAFixture() {
        #expect(Self.fixtures.count >= 5)
    }

    @Test(arguments: fixtures)
    func recipe(_ name: String) throws {
        let text = try String(contentsOf: TestFonts.fixture("Cells/\(name)"), encoding: .utf8)
        let fixture = try JSONParser.parse(text)
        let widths = fixture["widths"]!.array!.map { $0.number! }
        let table = try Tables.layout(fixture["table"]!, width: widths[0])
        for (i, expectation) in fixture["expect"]!.array!.enumerated() {
            let width = expectation["width"]!.number!
            #expect(width == widths[i])
            if i > 0 { try table.setWidth(width) }
            let output = try Tables.output(table)
            guard case .object(let values) = expectation["values"]! else { continue }
            for (path, expected) in values {
                let actual = Tables.value(output, at: path)
                #expect(actual == expected, "\(name) at \(width): \(path)")
            }
        }
    }
}
