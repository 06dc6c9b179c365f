@testable import CellLayout
import Testing

extension OracleTier {
    /// Plain shaping (widths from the font's tables) against HarfBuzz for every piece, over the
    /// committed corpus slices and the attributed Pango fixture (`PlainShapingTests` checks the
    /// tables themselves).
    @Suite struct PlainShapingEquivalenceTests {
        /// The engine with plain shaping on and off gives the same layouts — line breaks,
        /// widths and every glyph run — for every other row of the committed corpus slices
        /// (Latin, international) at three widths.
        @Test(arguments: ["latin", "intl"])
        func engineAgreesWithPlainShapingOff(_ slice: String) throws {
            let harfBuzzOnly = TextEngine(
                fonts: TestFonts.library, shapeMemoEntries: 200_000, shapeMemoBytes: 64 << 20, usesPlainShaping: false)
            let texts = (slice == "latin" ? TestFonts.latinSlice : TestFonts.intlSlice).map(\.text)
            var differing: [Int] = []
            for (i, text) in texts.enumerated() where i % 2 == 0 {
                let plain = TestFonts.engine.prepare(text, font: TestFonts.inter17)
                let shaped = harfBuzzOnly.prepare(text, font: TestFonts.inter17)
                let same = [200.0, 343, 600].allSatisfy { width in
                    let a = plain.fit(width: width), b = shaped.fit(width: width)
                    return a.breakOffsets == b.breakOffsets && a.usedWidth == b.usedWidth
                        && (0..<a.lineCount).allSatisfy { PlainShapingTests.same(a.glyphRuns(ofLine: $0), b.glyphRuns(ofLine: $0)) }
                }
                if !same { differing.append(i) }
            }
            #expect(differing.isEmpty, "rows \(differing.prefix(20))")
        }

        /// The same for attributed rows (the Pango fixture's 1,000: 1–5 runs of mixed weights,
        /// sizes, kern and baseline offsets): paragraphs that cross runs take the plain path
        /// run by run, kerned across a run boundary only in one font, as the general path.
        @Test func attributedRowsAgreeWithPlainShapingOff() throws {
            let harfBuzzOnly = TextEngine(
                fonts: TestFonts.library, shapeMemoEntries: 200_000, shapeMemoBytes: 64 << 20, usesPlainShaping: false)
            var differing: [Int] = [], crossing = 0
            for (i, text) in try PangoAttributedTests.texts().enumerated() {
                let plain = TestFonts.engine.prepare(text, font: TestFonts.inter17)
                let shaped = harfBuzzOnly.prepare(text, font: TestFonts.inter17)
                crossing += plain.paragraphs.contains { p in p.pieces.allSatisfy { $0.shaped == nil } && Set(p.clusterRuns).count > 1 } ? 1 : 0
                let same = [200.0, 343, 600].allSatisfy { width in
                    let a = plain.fit(width: width), b = shaped.fit(width: width)
                    return a.breakOffsets == b.breakOffsets && a.usedWidth == b.usedWidth && a.size == b.size
                        && (0..<a.lineCount).allSatisfy { PlainShapingTests.same(a.glyphRuns(ofLine: $0), b.glyphRuns(ofLine: $0)) }
                }
                if !same { differing.append(i) }
            }
            #expect(differing.isEmpty, "rows \(differing.prefix(20))")
            // The plain path across runs is taken (most rows are Latin cut into several runs).
            #expect(crossing > 300, "\(crossing) rows with a plain paragraph across runs")
        }
    }
}
