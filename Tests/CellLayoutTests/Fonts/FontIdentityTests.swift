@testable import CellLayout
import Testing

/// The library makes one font object per face, size, slant, line metrics and axis values
/// (`FontLibrary.font(face:size:…)`'s memo key and its hash), and another when any differs.
@Suite struct FontIdentityTests {
    /// Roboto Flex (subset) has `wght`, `wdth`, `opsz` and more axes.
    static let variable = TestFonts.fixture("Fonts/RobotoFlex-Subset.ttf").path

    @Test func oneFontPerFaceSizeSlantMetricsAndAxisValues() throws {
        let library = try FontLibrary(useSystemFonts: false, systemFontFile: nil)
        let inter = try library.font(family: "Inter", size: 17)
        #expect(try library.font(family: "Inter", size: 17) === inter)
        #expect(try library.font(family: "Inter", size: 17.5) !== inter)
        #expect(try library.font(family: "Inter", size: 17.5) === library.font(family: "Inter", size: 17.5))
        // Inter has italic faces: an italic request is another face; a slant is another font.
        #expect(try library.font(face: inter.face, size: 17, slanted: true) !== inter)
        #expect(try library.font(face: inter.face, size: 17, slanted: true)
                === library.font(face: inter.face, size: 17, slanted: true))
        // "system" is Inter's face with San Francisco's line metrics: another font.
        let system = try library.font(family: "system", size: 17)
        #expect(system.face === inter.face)
        #expect(system !== inter)
        #expect(try library.font(family: "system", size: 17) === system)
        // A variable face: one font per set of axis values, another for another value.
        let regular = try library.font(file: Self.variable, size: 17, weight: .regular, variations: [:])
        #expect(try library.font(file: Self.variable, size: 17, weight: .regular, variations: [:]) === regular)
        let bold = try library.font(file: Self.variable, size: 17, weight: .bold, variations: [:])
        #expect(bold !== regular)
        #expect(try library.font(file: Self.variable, size: 17, weight: .bold, variations: [:]) === bold)
        let wide = try library.font(file: Self.variable, size: 17, weight: .regular, variations: ["wdth": 120])
        #expect(wide !== regular)
        #expect(try library.font(file: Self.variable, size: 17, weight: .regular, variations: ["wdth": 120]) === wide)
        #expect(try library.font(file: Self.variable, size: 17, weight: .regular, variations: ["wdth": 110]) !== wide)
    }
}
