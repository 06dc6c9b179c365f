@testable import CellLayout
import Testing

extension OracleTier {
    /// A layout depends on its text, font and width, never on what the engine and its font
    /// library met before. Every cache the answers pass through — the library's fonts and
    /// fallbacks, the shape memo and its front, the pair memo, the font tables — is bounded
    /// and may drop and make again what it held, and what one drops may live on elsewhere:
    /// two font objects for one font (one kept by the fallback front, one made again after the
    /// fonts memo dropped it) cut words into pieces shaped apart, and only the order the
    /// concurrent oracle suites ran in showed it (stop 30's flaky ShapeMemoEquivalenceTests).
    @Suite struct HistoryIndependenceTests {
        /// The property texts (`TextPropertyTests.texts`) laid out by a fresh engine and by one
        /// whose library keeps 16 fonts and whose memo keeps 2,000 pieces, each text after a
        /// stretch of history: six texts of the slices in other sizes and weights, and an
        /// attributed row (runs of mixed weights, sizes and kern) — so the fonts memo drops
        /// fonts all the time, fallbacks outlive them, and the memos evict.
        @Test func layoutsDoNotDependOnWhatTheEngineMetBefore() throws {
            let fresh = TextEngine(fonts: try FontLibrary(useSystemFonts: false))
            let freshFont = try fresh.fonts.font(family: "Inter", size: 17)
            let library = try FontLibrary(useSystemFonts: false, fontsKept: 16)
            let used = TextEngine(fonts: library, shapeMemoEntries: 2_000)
            let usedFont = try library.font(family: "Inter", size: 17)
            let history = TestFonts.sliceTexts, attributed = try PangoAttributedTests.texts(in: library)
            var differing: [Int] = []
            for (i, text) in TextPropertyTests.texts.enumerated() {
                for k in 0..<6 {
                    let n = 6 * i + k
                    let font = try library.font(family: "Inter", weight: n % 3 == 0 ? .bold : .regular,
                                                size: 11 + Double(n % 24) / 2)
                    _ = used.prepare(history[(7 * n) % history.count], font: font).fit(width: 343)
                }
                _ = used.prepare(attributed[i % attributed.count], font: usedFont).fit(width: 343)
                let a = fresh.prepare(text, font: freshFont), b = used.prepare(text, font: usedFont)
                let same = [200.0, 343].allSatisfy { width in
                    let x = a.fit(width: width), y = b.fit(width: width)
                    return x.lines == y.lines && (0..<x.lineCount).allSatisfy { line in
                        Self.same(x.glyphRuns(ofLine: line), y.glyphRuns(ofLine: line))
                    }
                }
                if !same { differing.append(i) }
            }
            #expect(differing.isEmpty, "texts \(differing.prefix(20)) of \(TextPropertyTests.texts.count)")
        }

        /// Glyph runs alike but for their fonts' objects (the engines have libraries of their
        /// own): the same face, size and slant, glyphs and positions.
        static func same(_ a: [GlyphRun], _ b: [GlyphRun]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { x, y in
                x.font.face.path == y.font.face.path && x.font.face.index == y.font.face.index
                    && x.font.size == y.font.size && x.font.isSlanted == y.font.isSlanted && x.glyphs == y.glyphs
                    && x.positions == y.positions && x.utf16Offsets == y.utf16Offsets && x.x == y.x
                    && x.width == y.width && x.isRightToLeft == y.isRightToLeft
            }
        }
    }
}
