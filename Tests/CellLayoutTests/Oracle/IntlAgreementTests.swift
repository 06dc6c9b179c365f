import CellLayout
import Foundation
import Testing

extension OracleTier {
    /// Line counts and break offsets against Pango 1.50 on international text, with the same
    /// font chain given to both: Inter Regular and DejaVu Sans (bundled), Noto Color Emoji
    /// (bundled, byte-identical to Debian's), Noto Sans CJK, Noto Sans Devanagari, Noto Sans
    /// Thai. The fixture is every 5th row of public-intl-10k (2,000 rows, with their texts)
    /// from `Tests/Oracles/derive-goldens.sh`; the oracle sees only those files.
    ///
    /// Needs Debian's fonts-noto-core and fonts-noto-cjk, which `scripts/deps.sh` (run by
    /// `scripts/test`) installs; without them the test is skipped and says so.
    @Suite struct IntlAgreementTests {
        static let widths = [200.0, 343.0, 600.0]
        static let noto = "/usr/share/fonts/truetype/noto"
        static let chain = [
            "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
            "\(noto)/NotoSansDevanagari-Regular.ttf",
            "\(noto)/NotoSansThai-Regular.ttf",
        ]
        static var hasFonts: Bool { chain.allSatisfy { FileManager.default.fileExists(atPath: $0) } }

        /// Exactly Pango's line counts and break offsets on every row and width of the slice,
        /// except the rows of the ledger (Tests/Oracles/DISAGREEMENTS.md: Thai, where ICU's
        /// dictionary and libthai's segment differently, and emoji in right-to-left paragraphs,
        /// where Pango's fribidi data is older), which must differ.
        @Test(.enabled(if: hasFonts, "needs fonts-noto-core and fonts-noto-cjk (scripts/deps.sh installs them)"))
        func sliceBreaksExactlyLikePangoOrAsTheLedgerSays() throws {
            // In English, as the oracle lays out: not the locale's language.
            let engine = try TestFonts.withLibrary(adding: Self.chain) { TextEngine(fonts: $0) }
            let font = try engine.fonts.font(family: "Inter", size: 17)
            let rows = TestFonts.intlSlice
            try #require(rows.count == 2000)
            // Every ledger entry names a row and width of the slice (so each was checked).
            let (agreeing, listed) = OracleLedger.shared.checkSlice(
                rows, fixture: "pango-intl-chain-slice.jsonl", widths: Self.widths) { engine.prepare($0, font: font) }
            #expect(agreeing + listed == rows.count * Self.widths.count)
            #expect(listed == 52)
        }
    }
}
