import CellLayoutPrepare
import Testing

/// UAX #14 break opportunities of the simple characters (`SimpleLineBreaks`), each case
/// derived by hand from the rules (Unicode 15.0, with ICU 72's tailorings: LB15c/LB15d for IS,
/// LB20a's hyphen after a break, LB25 as ICU's number expression) and the characters'
/// classes in LineBreak.txt. Offsets are UTF-16, the breaks after offset 0 with the text's
/// end last, as ICU reports them. ICU itself must give the same (an independent check of
/// the derivation); `LineBreakAgreementTests` compares the two on random strings.
@Suite struct LineBreakRuleTests {
    /// The simple path's breaks of `text` (nil when it leaves the text to ICU) and ICU's.
    static func breaks(_ text: String) -> (simple: [Int]?, icu: [Int]) {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            return (SimpleLineBreaks.opportunities(base, units.count)?.map(Int.init),
                    LineBreaks.icuOpportunities(base, units.count).map(Int.init))
        }
    }

    /// `text` breaks at `expected` on both paths.
    func check(_ text: String, _ expected: [Int], _ why: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let (simple, icu) = Self.breaks(text)
        #expect(simple == expected, "simple path: \(why)", sourceLocation: sourceLocation)
        #expect(icu == expected, "ICU: \(why)", sourceLocation: sourceLocation)
    }

    @Test func spacesAndLetters() {
        check("Hello world", [6, 11], "LB28 AL × AL; LB7 × SP; LB18 SP ÷ before w; LB3 the end")
        check("Привет мир", [7, 10], "Cyrillic letters are AL: LB28 inside the words, LB18 after the space")
        check("a\tb", [2, 3], "TAB is BA: LB21 × BA, then LB31 BA ÷ AL")
        check("a\u{A0}b", [3], "NBSP is GL: LB12a AL × GL, LB12 GL × AL")
        check("\u{A0}-b", [2, 3], "LB12 GL × HY; the hyphen follows no break, so LB20a does not hold it: LB31 HY ÷ AL")
    }

    @Test func hyphensAndDashes() {
        check("a-b", [2, 3], "LB21 AL × HY; LB31 HY ÷ AL (the hyphen follows no break)")
        check("a -b", [2, 4], "LB18 SP ÷ HY; LB20a: a hyphen right after a break keeps the letter")
        check("-b", [2], "LB20a at the start of the text")
        check("a -1", [2, 4], "LB18 SP ÷; LB25 HY NU is a number")
        check("a–b", [2, 3], "EN DASH is BA: LB21 × BA; LB31 BA ÷ AL")
        check("–a", [1, 2], "LB20a holds only HY: LB31 BA ÷ AL at the start")
        check("5–6", [2, 3], "LB21 NU × BA; LB31 BA ÷ NU")
        check("a—b", [1, 2, 3], "EM DASH is B2: LB31 AL ÷ B2 and B2 ÷ AL (LB21 does not hold B2)")
        check("a — — b", [2, 6, 7], "LB18 SP ÷ B2; LB17 B2 SP* × B2 holds the second dash; LB18 before b")
        check("a —b", [2, 3, 4], "LB18 SP ÷ B2; LB31 B2 ÷ AL")
        check("x´y", [1, 3], "´ is BB: LB31 AL ÷ BB; LB21 BB × AL")
    }

    @Test func slashesAndURLs() {
        check("a/b", [2, 3], "LB13 × SY; LB31 SY ÷ AL (LB21b holds only HL)")
        check("http://x.com/a", [7, 13, 14],
              "LB15d × IS (:); LB13 × SY twice; LB31 SY ÷ AL after //; LB15d × IS, LB29 IS × AL in x.com; LB13 × SY; LB31 SY ÷ AL")
        check("10/12/2026", [10], "LB25: NU (NU | SY | IS)* is one number")
    }

    @Test func numbers() {
        check("1,5 .5", [4, 6], "LB25 NU IS NU; LB7 × SP; LB15c SP ÷ IS NU; LB25 IS NU")
        check("a .b", [4], "LB15d × IS after a space not before a digit; LB29 IS × AL")
        check("$(12)%", [6], "LB25: PR OP NU NU CP PO is one number")
        check("-5.5%", [5], "LB25: HY NU IS NU PO")
        check("50 %", [3, 4], "LB18 SP ÷ PO")
        check("ab12cd", [6], "LB23 AL × NU and NU × AL")
        check("$abc", [4], "LB24 PR × AL")
        check("a+b", [3], "LB24 AL × PR and PR × AL (+ is PR)")
        check("a +b", [2, 4], "LB18 SP ÷ PR; LB24 PR × AL")
    }

    @Test func punctuation() {
        check("e.g. word", [5, 9], "LB15d × IS, LB29 IS × AL; LB18 after the space")
        check("a; b", [3, 4], "LB15d × IS; LB7 × SP; LB18 SP ÷")
        check("a!b", [2, 3], "LB13 × EX; LB31 EX ÷ AL")
        check("¿Qué?", [5], "¿ is OP: LB14 OP ×; LB13 × EX")
        check("x…y", [2, 3], "LB22 × IN; LB31 IN ÷ AL")
    }

    @Test func bracketsAndQuotes() {
        check("(a) b", [4, 5], "LB14 OP ×; LB13 × CP; LB7 × SP; LB18 SP ÷")
        check("( a", [3], "LB14 OP SP* × holds past the space")
        check("a ( b", [2, 5], "LB18 SP ÷ OP; LB14 OP SP* ×")
        check("a “b” c", [2, 6, 7], "LB18 SP ÷ QU; LB19 QU × and × QU; LB18 after the space")
        check("«a»", [3], "« and » are QU: LB19")
        check("(“a”)", [5], "LB14 OP ×; LB19 around the quotes; LB13 × CP")
        check("“ (a", [4], "LB15 QU SP* × OP (Unicode 15.0's rule, ICU 72's); LB14 OP ×")
        check("x ’s", [2, 4], "LB18 SP ÷ QU; LB19 QU ×")
    }

    @Test func hebrewArabicAndHangul() {
        check("שלום עולם", [5, 9], "Hebrew letters are HL: LB28 HL × HL; LB18 after the space")
        check("א-ב", [3], "LB21 × HY; LB21a HL HY × holds the letter after the hyphen")
        check("א־ב", [3], "maqaf is BA: LB21 × BA; LB21a HL BA ×")
        check("a-א", [2, 3], "LB21 × HY; LB31 HY ÷ HL (LB21a needs an HL before the hyphen)")
        check("-א", [1, 2], "ICU 72's LB20a holds an AL only: LB31 HY ÷ HL at the start")
        check("a/א", [3], "LB13 × SY; LB21b SY × HL")
        check("א/a", [2, 3], "LB13 × SY; LB31 SY ÷ AL")
        check("5א", [2], "LB23 NU × HL")
        check("مرحبا بالعالم", [6, 13], "Arabic letters are AL: LB28; LB18 after the space")
        check("٣٤٥٫٦", [5], "Arabic-Indic digits and decimal separator are NU: LB25")
        check("،ب", [2], "the Arabic comma is IS: LB29 IS × AL")
        check("가나다", [1, 2, 3], "Hangul syllables are H2: no rule holds two of them (LB26 needs the jamo), LB31")
        check("가 나", [2, 3], "LB7 × SP; LB18 SP ÷")
        check("가%", [2], "LB27 H2 × PO")
        check("$각", [2], "각 is H3: LB27 PR × H3")
    }

    @Test func combiningMarks() {
        check("e\u{301}e", [3], "U+0301 is CM: LB9 AL CM* is AL, LB28 AL × AL")
        check("a \u{301}b", [2, 4], "LB10: a mark after a space is AL; LB18 SP ÷; LB28 AL × AL")
        check("\u{301}-", [2], "LB10 at the start: AL; LB21 × HY")
        check("नमस्ते दुनिया", [7, 13], "Devanagari letters AL, vowel signs and virama CM (LB9); LB18 after the space")
        check("हाँ। ठीक", [5, 8], "DEVANAGARI DANDA is BA: LB21 × BA; LB7 × SP; LB18 SP ÷")
        check("१२३ ४", [4, 5], "Devanagari digits are NU: LB25; LB18 SP ÷")
        check("مُحَمَّد", [8], "Arabic vowel marks and shadda are CM: LB9 inside the word")
        check("שָׁלוֹם", [7], "Hebrew points are CM: LB9 HL CM* is HL, LB28")
        check("1\u{301}2", [3], "LB9 NU CM* is NU: LB25 keeps the number")
        check("a -\u{301}b", [2, 5], "LB18 SP ÷ HY; LB9 the mark joins the hyphen; LB20a holds the letter")
        check("(\u{301} a", [4], "LB9 OP CM* is OP: LB14 OP SP* ×")
        check("a\u{1}b", [3], "U+0001 is CM: LB9 joins it to a; LB28")
    }

    @Test func ideographsAndKana() {
        check("世界", [1, 2], "Han ideographs are ID: LB31 ID ÷ ID")
        check("日本語です。", [1, 2, 3, 4, 6], "kana are ID: LB31 between them; 。 is CL: LB13 × CL")
        check("「東京」へ", [2, 4, 5], "「 is a wide OP: LB14 OP ×; 」 is CL: LB13 × CL; LB31 CL ÷ ID")
        check("ちょっと", [3, 4], "ょ and っ are CJ, NS to ICU's strict default: LB21 × NS twice; LB31 NS ÷ ID")
        check("コーヒー", [2, 4], "ー is CJ (NS): LB21 × NS; LB31 NS ÷ ID")
        check("価格：$5", [1, 3, 5], "LB31 ID ÷ ID; ： is NS: LB21 × NS; LB31 NS ÷ PR; LB25 PR NU")
        check("(a)ー", [4], "LB13 × CP; LB16 CP SP* × NS (and LB21)")
        check("」 ・", [3], "LB16 CL SP* × NS holds past the space; LB7 × SP")
        check("$世", [2], "LB23a PR × ID")
        check("世%", [2], "LB23a ID × PO")
        check("a（b）", [1, 4], "（ is a wide OP: LB31 AL ÷ OP (LB30 excludes it); LB14 OP ×; ） is CL: LB13 × CL")
        check("a(b)", [4], "LB30 AL × OP (not wide); LB14; LB13 × CP")
        check("1］a", [2, 3], "］ is a wide CP: LB13 × CP; LB31 CP ÷ AL (LB30 excludes it); LB25 NU CP")
        check("東京　大阪", [1, 3, 4, 5], "IDEOGRAPHIC SPACE is BA: LB21 × BA; LB31 BA ÷ ID")
        check("漢字！", [1, 3], "！ is EX: LB13 × EX")
    }

    @Test func otherCharactersAreLeftToICU() {
        // Hangul jamo (JL, JV: LB26), a line separator, Thai (SA: ICU's dictionary), U+2010
        // HYPHEN (a hyphen to ICU 72's LB20a), a zero width space, a word joiner and a
        // private-use supplementary character (XX): each makes the whole paragraph ICU's.
        // (Emoji, ZWJ and regional indicators are the simple path's: `EmojiClusterTests`.)
        for text in ["\u{1100}\u{1161}", "a\u{2028}b", "สวัสดี", "a \u{2010}b", "a\u{200B}b",
                     "a\u{2060}b", "a\u{F0000}"] {
            #expect(Self.breaks(text).simple == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(Self.breaks("").simple == nil)
        // A lone surrogate, lead or trail.
        for units: [UInt16] in [[0x61, 0xD83D], [0xDE00, 0x61], [0xD83D, 0x61]] {
            #expect(units.withUnsafeBufferPointer { SimpleLineBreaks.opportunities($0.baseAddress!, $0.count) } == nil)
        }
    }
}
