@testable import CellLayout
import Testing

/// `"system"` has San Francisco's vertical metrics by default: 1950 + 494 over 2048 units,
/// no gap, so a line is 1.193359375 × the size (`UIFont.systemFont(ofSize: 17).lineHeight`
/// = 20.287109375), and a one-line label is that rounded up to the pixel grid:
///
/// | size | line | @2x: ceil(2h)/2 | @3x: ceil(3h)/3 |
/// |---|---|---|---|
/// | 14 | 16.70703125 | 33.41 → 34 → 17 | 50.12 → 51 → 17 |
/// | 15 | 17.900390625 | 35.80 → 36 → 18 | 53.70 → 54 → 18 |
/// | 16 | 19.09375 | 38.19 → 39 → 19.5 | 57.28 → 58 → 19.333 |
/// | 17 | 20.287109375 | 40.57 → 41 → 20.5 | 60.86 → 61 → 20.333 |
@Suite struct SystemFontMetricsTests {
    static let goldens: [(size: Double, at2x: Double, at3x: Double)] = [
        (14, 17, 17), (15, 18, 18), (16, 19.5, 58.0 / 3), (17, 20.5, 61.0 / 3),
    ]

    @Test(arguments: goldens.indices) func oneLineOfSystemTextIsAsTallAsOnAnIPhone(_ index: Int) throws {
        let golden = Self.goldens[index]
        let font = try TestFonts.library.font(family: "system", size: golden.size)
        #expect(abs(font.lineHeight - golden.size * 2444 / 2048) < 1e-12)
        let size = TestFonts.engine.prepare("Wi-Fi", font: font).size(width: 343)
        #expect(abs(size.height(scale: 2) - golden.at2x) < 1e-9)
        #expect(abs(size.height(scale: 3) - golden.at3x) < 1e-9)
    }

    /// Inter by name keeps its own metrics (2728 + 680 over 2816: 17 pt → 20.574 pt), and so
    /// does "system" when the library is asked for the stand-in's own.
    @Test func theBundledFontsOwnMetricsRemainAvailable() throws {
        let inter = try TestFonts.library.font(family: "Inter", size: 17)
        #expect(abs(inter.lineHeight - 17.0 * 3408 / 2816) < 1e-12)
        let own = try FontLibrary(useSystemFonts: false, systemFontMetrics: .font)
        #expect(abs(try own.font(family: "system", size: 17).lineHeight - 17.0 * 3408 / 2816) < 1e-12)
        // Same face, so the same widths.
        let system = try TestFonts.library.font(family: "system", size: 17)
        #expect(system.face === inter.face)
    }
}
