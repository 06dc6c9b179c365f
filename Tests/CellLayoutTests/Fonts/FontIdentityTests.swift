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

    /// One font object per key as long as any is alive — not only while the library's
    /// bounded memo keeps it: a fallback held elsewhere (the fallback front keeps its fonts
    /// for the library's life) and one made again after the memo dropped it were two objects
    /// of one face and size, and a word whose clusters got one and the other was cut into
    /// pieces shaped apart (Arabic letters in their isolated forms: "مكّن" 5.58 pt wider at 17 pt).
    @Test func oneFontPerKeyWhileAnyIsAlive() throws {
        let library = try FontLibrary(useSystemFonts: false, fontsKept: 16)
        let inter = try library.font(family: "Inter", size: 17)
        let language = library.defaultLanguage
        // Meem's fallback, DejaVu Sans at 17, is kept by the fallback front.
        let meem = library.font(for: "\u{645}", fallingBackFrom: inter, language: language)
        #expect(meem.face.family == "DejaVu Sans")
        // Enough other fonts that the memo drops DejaVu Sans at 17.
        for i in 0..<400 { _ = try library.font(family: "Inter", size: 8 + Double(i) / 64) }
        #expect(try library.font(face: meem.face, size: 17) === meem)
        // Kaf with shadda, a cluster of two: its fallback found by the search, not the front.
        let kafShadda = library.font(for: ["\u{643}", "\u{651}"], fallingBackFrom: inter, language: language)
        #expect(kafShadda === meem)
    }

    /// The same, measured: a word whose first and last letters' fallback was known before the
    /// library dropped the font measures as in a fresh library (whole-word shaping: joined forms).
    @Test func aWordMeasuresTheSameAfterTheLibraryDroppedItsFallback() throws {
        func width(_ text: String, churn: Bool) throws -> Double {
            let library = try FontLibrary(useSystemFonts: false, fontsKept: 16)
            let engine = TextEngine(fonts: library)
            let inter = try library.font(family: "Inter", size: 17)
            _ = engine.prepare("\u{645} \u{646}", font: inter)
            if churn { for i in 0..<400 { _ = try library.font(family: "Inter", size: 8 + Double(i) / 64) } }
            return engine.prepare(text, font: inter).fit(width: 1000).usedWidth
        }
        let word = "\u{645}\u{643}\u{651}\u{646}"
        let afterChurn = try width(word, churn: true), fresh = try width(word, churn: false)
        #expect(afterChurn == fresh)
    }
}
