import CellLayoutPrepare
import Testing

extension OracleTier {
    /// `UTF16Units` against the standard library's UTF-16 view on every text of both corpora
    /// (the fast tier has the slices, the scalar class boundaries and random strings).
    @Suite struct UTF16UnitsCorpusTests {
        @Test("Every text of ../shared/corpus has the standard library's UTF-16 (skipped without ../shared)",
              .enabled(if: TestFonts.hasCorpus, "needs ../shared/corpus beside the clone"),
              arguments: ["public-10k.jsonl", "public-intl-10k.jsonl"])
        func everyCorpusText(_ file: String) throws {
            let texts = try TestFonts.jsonLines(TestFonts.corpus(file)).map { $0["text"]!.string! }
            let differing = texts.filter { text in
                UTF16Units.of(text) != Array(text.utf16) || UTF16Units.withUnits(of: text, { Array($0) }) != Array(text.utf16)
            }
            #expect(differing.isEmpty, "\(differing.prefix(5).map(\.debugDescription))")
            #expect(texts.count == 10_000)
        }
    }
}
