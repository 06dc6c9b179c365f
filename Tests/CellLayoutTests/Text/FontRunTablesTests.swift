import CHarfBuzz
@testable import CellLayoutPrepare
import CellLayoutFontLibrary
import Testing

/// The per-cluster tests of the font-runs stage read from tables and short cuts; each is
/// held here to the rule it stands for, over every code point it can be asked.
@Suite struct FontRunTablesTests {
    /// `ScalarTable` gives HarfBuzz's script (`hb_unicode_script`, Latin and Common for
    /// ASCII as `Shaper.script(of:)` spells them) for every scalar of the BMP and a sample
    /// past it, blocks filled in any order: a fresh table, asked from the top down.
    @Test func scriptTableIsHarfBuzzsScript() {
        let table = ScalarTable()
        let unicode = hb_unicode_funcs_get_default()
        var differing: [UInt32] = []
        let values = Array((UInt32(0)..<0x10000).reversed()) + [0x10000, 0x1F600, 0x20000, 0xE0001, 0x10FFFF]
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let expected: hb_script_t
            if value < 0x80 {
                let letter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                expected = letter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
            } else {
                expected = hb_unicode_script(unicode, value)
            }
            if table.script(of: scalar) != expected { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
        // Spot values, from the Unicode Character Database's Scripts.txt.
        #expect(table.script(of: "\u{0E01}") == HB_SCRIPT_THAI)
        #expect(table.script(of: "\u{0E3F}") == HB_SCRIPT_COMMON)  // THAI CURRENCY SYMBOL BAHT: Zyyy
        #expect(table.script(of: "\u{05D0}") == HB_SCRIPT_HEBREW)
        #expect(table.script(of: "\u{0301}") == HB_SCRIPT_INHERITED)
        #expect(table.script(of: "\u{30FC}") == HB_SCRIPT_COMMON)  // KATAKANA-HIRAGANA PROLONGED SOUND MARK: Zyyy
        #expect(table.script(of: "\u{9FFF}") == HB_SCRIPT_HAN)
    }

    /// Threads filling the same blocks at once all read the same answers.
    @Test func scriptTableFilledFromManyThreads() async {
        let table = ScalarTable()
        let firsts: [UInt32] = [0x0E00, 0x0900, 0x4E00, 0xAC00, 0x0500, 0x0600]
        let results = await withTaskGroup(of: [UInt32].self) { group in
            for t in 0..<4 {
                group.addTask {
                    var out: [UInt32] = []
                    for first in t % 2 == 0 ? firsts : firsts.reversed() {
                        for value in first..<first + 0x100 { out.append(table.script(of: Unicode.Scalar(value)!).rawValue) }
                    }
                    return t % 2 == 0 ? out : Self.reorder(out, blocks: firsts.count)
                }
            }
            var all: [[UInt32]] = []
            for await result in group { all.append(result) }
            return all
        }
        let expected = firsts.flatMap { first in
            (first..<first + 0x100).map { Shaper.script(of: Unicode.Scalar($0)!).rawValue }
        }
        #expect(results.count == 4 && results.allSatisfy { $0 == expected })
    }

    /// Blocks of 256 read in reverse order, put back in order.
    static func reorder(_ values: [UInt32], blocks: Int) -> [UInt32] {
        (0..<blocks).reversed().flatMap { Array(values[$0 * 256..<($0 + 1) * 256]) }
    }

    /// `isHangingSpace` is Unicode's White_Space (Swift's `isWhitespace`, PropList.txt) but
    /// the no-break spaces U+00A0, U+2007 and U+202F, for every scalar.
    @Test func hangingSpaceIsWhiteSpaceButNoBreakSpaces() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.isWhitespace && ![0xA0, 0x2007, 0x202F].contains(value)
            if ParagraphBuilder.isHangingSpace(scalar) != expected { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
    }

    /// The general path's test, `isHangingSpace(_:neutral:)` with the scalar table's
    /// neutrality, is `isHangingSpace` for every BMP scalar (the clusters it serves are one
    /// code unit).
    @Test func hangingSpaceByNeutralityIsHangingSpace() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let neutral = ScalarTable.isNeutral(ScalarTable.shared.entry(value))
            if ParagraphBuilder.isHangingSpace(scalar, neutral: neutral) != ParagraphBuilder.isHangingSpace(scalar) {
                differing.append(value)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
    }

    /// Whether a cluster is shown as emoji (`FontLibrary.prefersEmoji`), by UTS #51's rules as
    /// the function's documentation states them: Emoji_Presentation of the first character
    /// (emoji-data.txt: U+231A WATCH and U+1F44D THUMBS UP have it, U+263A WHITE SMILING FACE
    /// and U+0031 DIGIT ONE do not), made emoji by VS16, a keycap, a skin tone or a tag after
    /// it, made text by VS15 anywhere after it.
    @Test func emojiPresentationOfClusters() {
        let cases: [([UInt32], Bool)] = [
            ([0x263A], false), ([0x263A, 0xFE0F], true), ([0x263A, 0xFE0F, 0xFE0E], false),
            ([0x231A], true), ([0x231A, 0xFE0E], false), ([0x31, 0xFE0F, 0x20E3], true), ([0x31, 0x20E3], true),
            ([0x1F44D], true), ([0x1F44D, 0x1F3FD], true), ([0x61, 0x301], false), ([0x61, 0x301, 0xFE0F], true),
            ([0x1F3F4, 0xE0067, 0xE0062, 0xE0065, 0xE006E, 0xE0067, 0xE007F], true), ([0x1F44D, 0x301, 0xFE0E], false),
            ([0x2764, 0x200D, 0x1F525], false), ([0x2764, 0xFE0F, 0x200D, 0x1F525], true), ([], false),
        ]
        for (values, expected) in cases {
            let cluster = values.map { Unicode.Scalar($0)! }
            #expect(FontLibrary.prefersEmoji(cluster) == expected, "\(values.map { String($0, radix: 16) })")
        }
    }

    /// `fontRuns` on clusters of several code units (decoded in place, one pass for the
    /// neutral, hanging and script tests, the known font read without the memo) against the
    /// rules asked of each cluster's scalars apart: random paragraphs of Latin, Thai,
    /// Devanagari, Bengali, Hebrew, Arabic, Hangul, Han, spaces and emoji, each followed by
    /// up to three of marks, joiners, variation selectors, a keycap and a skin tone, now and
    /// then a lone surrogate, in the bundled fonts and with the system's. A cluster hangs
    /// when every scalar is white space or invisible, is neutral when every one is neutral
    /// by its general category, emoji by `prefersEmoji`, and a cluster that is not neutral
    /// keeps (resolving the items moves neutrals only) the font the memo gives it. It fails
    /// if any cluster differs.
    @Test func clustersOfSeveralCharactersFollowTheRules() throws {
        let bases: [String] = ["a", "\u{E9}", " ", "\u{0E01}", "\u{0915}", "\u{0995}", "\u{05D0}", "\u{0627}",
                               "\u{AC00}", "\u{4E00}", "\u{231A}", "\u{263A}", "\u{1F600}", "1", "\u{3000}"]
        let marks: [String] = ["\u{093F}", "\u{05B7}", "\u{0E34}", "\u{0301}", "\u{200D}", "\u{FE0F}", "\u{FE0E}",
                               "\u{1F3FB}", "\u{09BF}", "\u{0E48}", "\u{0651}", "\u{20E3}", "\u{4E01}", "\u{200B}"]
        var generator = SystemRandomNumberGenerator()
        var differing: [String] = []
        var several = 0
        for useSystemFonts in [false, true] {
            let library = try FontLibrary(useSystemFonts: useSystemFonts)
            let engine = TextEngine(fonts: library)
            let font = try library.font(family: "Inter", size: 17)
            for _ in 0..<300 {
                let text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                    bases.randomElement(using: &generator)!
                        + (0..<Int.random(in: 0...3, using: &generator)).map { _ in marks.randomElement(using: &generator)! }
                            .joined()
                }.joined()
                var units = Array(text.utf16)
                // Now and then a lone surrogate (decoded as U+FFFD).
                for _ in 0..<Int.random(in: 0...1, using: &generator) {
                    units.insert([0xD800, 0xDBFF, 0xDC00, 0xDFFF].randomElement(using: &generator)!,
                                 at: Int.random(in: 0...units.count, using: &generator))
                }
                units.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    var region = ScratchRegion()
                    defer { region.free() }
                    let clusters = ParagraphClusters(base, length: units.count, offset: 0, in: &region)
                    let builder = ParagraphBuilder(engine: engine, font: font, plain: nil, text: buffer,
                                                   language: library.defaultLanguage)
                    let runs = builder.fontRuns(of: clusters, base, 0..<units.count, in: &region)
                    for c in 0..<clusters.count {
                        let range = clusters.units(of: c, offset: 0)
                        // (A cluster of one code unit takes the other path.)
                        guard range.count > 1 else { continue }
                        several += 1
                        let scalars = Array(String(decoding: units[range], as: UTF16.self).unicodeScalars)
                        let hangs = scalars.allSatisfy { ParagraphBuilder.isHangingSpace($0) || FontLibrary.isInvisible($0) }
                        let neutral = scalars.allSatisfy(Itemizer.isNeutralByCategory)
                        let emoji = !neutral && FontLibrary.prefersEmoji(scalars)
                        let kind = runs.items.kinds[c]
                        var wrong = (runs.flags[c] & ClusterFlags.whitespace != 0) != hangs
                            || (kind & Itemizer.neutral != 0) != neutral || (kind & Itemizer.emoji != 0) != emoji
                        if !neutral {
                            let memo = library.font(for: scalars, fallingBackFrom: font, language: library.defaultLanguage)
                            wrong = wrong || runs.items.fonts[c].takeUnretainedValue() !== memo
                        }
                        if wrong { differing.append(scalars.map { String($0.value, radix: 16) }.joined(separator: " ")) }
                    }
                }
            }
        }
        #expect(several > 2000)
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }
}
