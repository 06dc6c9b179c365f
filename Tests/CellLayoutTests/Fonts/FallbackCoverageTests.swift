@testable import CellLayout
@testable import CellLayoutFontLibrary
import Testing

/// A cluster's fallback font draws every visible character of it whenever an upright face
/// of the library does: invisible characters (joiners, variation selectors, tags) need no
/// glyph and never send a cluster away from a face that draws the rest.
@Suite struct FallbackCoverageTests {
    /// Visible characters of scripts the bundled faces cover and lack: Latin, Greek,
    /// Cyrillic, Hebrew with a point, Arabic, Devanagari, Thai, Han, kana, symbols, emoji.
    static let visible: [Unicode.Scalar] = [
        "a", "\u{E9}", "\u{3B1}", "\u{436}", "\u{5D0}", "\u{5B7}", "\u{628}", "\u{915}", "\u{93F}", "\u{E01}",
        "\u{E34}", "\u{76F4}", "\u{3042}", "\u{2603}", "\u{231A}", "\u{1F600}", "\u{1F44D}", "\u{1F3FD}",
    ]
    /// Characters that draw nothing (`FontLibrary.isInvisible`), most of which no font maps.
    static let invisible: [Unicode.Scalar] = [
        "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{FE0E}", "\u{FE00}", "\u{2060}", "\u{180B}", "\u{E0001}", "\u{E0067}",
        "\u{AD}", "\u{1D173}",
    ]

    @Test(arguments: [false, true]) func theFallbackDrawsEveryVisibleCharacter(systemFonts: Bool) throws {
        let library = try FontLibrary(useSystemFonts: systemFonts, language: "en")
        let inter = try library.font(family: "Inter", size: 17)
        var random = TextPropertyTests.SeededRandom(state: systemFonts ? 7 : 5)
        var checked = 0
        for _ in 0..<3000 {
            var cluster = [Self.visible.randomElement(using: &random)!]
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let pool = Bool.random(using: &random) ? Self.invisible : Self.visible
                cluster.append(pool.randomElement(using: &random)!)
            }
            let shown = cluster.filter { !FontLibrary.isInvisible($0) }
            let drawable = library.faces.contains { face in !face.isItalic && shown.allSatisfy { face.covers($0) } }
            let font = library.font(for: cluster, fallingBackFrom: inter, language: library.defaultLanguage)
            let draws = shown.allSatisfy { font.face.covers($0) }
            if drawable {
                checked += 1
                #expect(draws, "\(cluster.map { String($0.value, radix: 16) }) in \(font.face.family)")
            } else if font !== inter {
                #expect(draws, "a fallback that does not draw \(cluster.map { String($0.value, radix: 16) })")
            }
        }
        #expect(checked > 300)
    }
}
