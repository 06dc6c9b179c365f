import CellLayout
import Testing

extension OracleTier {
    /// Runs of ideographs measured from the font's tables as one piece against the engine that
    /// shapes every segment (`IdeographRunTests`, whose small cases stay with the rules), over
    /// the committed oracle slices.
    @Suite struct IdeographRunEquivalenceTests {
        /// Both committed oracle slices (Latin and international, 5,023 rows) at the widths
        /// the agreement tests use: the engine with ideograph runs agrees with the one that
        /// shapes every segment on breaks, widths and glyph runs of every row. (One slice per
        /// case, so the two run side by side: this is the tier's longest test.)
        @Test(.enabled(if: IdeographRunTests.hasFont, "needs fonts-noto-cjk (scripts/deps.sh installs it)"),
              arguments: ["latin", "intl"])
        func slicesAgreeWithShapingEverySegment(_ slice: String) throws {
            let texts = (slice == "latin" ? TestFonts.latinSlice : TestFonts.intlSlice).map(\.text)
            try #require(texts.count == (slice == "latin" ? 3023 : 2000))
            try IdeographRunTests.withEngines { fast, shaped, inter in
                var differing: [Int] = []
                for (i, text) in texts.enumerated() {
                    if !IdeographRunTests.agree(fast.prepare(text, font: inter), shaped.prepare(text, font: inter),
                                                widths: [200, 343, 600]) { differing.append(i) }
                }
                #expect(differing.isEmpty, "\(slice) slice rows \(differing.prefix(20))")
            }
        }
    }
}
