@testable import CellLayout
@testable import CellLayoutFontLibrary
import Testing

/// The fallback memo's lock-free front (`FallbackFront`): it answers what the memo answered,
/// per font, language and character, and holds what it names.
@Suite struct FallbackFrontTests {
    /// After the memo's first answer for a character DejaVu Sans draws and Inter lacks
    /// (Hebrew alef, U+05D0; Inter has no Hebrew), the front knows it: the same font object,
    /// for that font and language only. A character Inter covers is Inter, known at once.
    @Test func theFrontAnswersWhatTheMemoAnswered() throws {
        let library = try FontLibrary(useSystemFonts: false)
        let inter = try library.font(family: "Inter", size: 17)
        let other = try library.font(family: "Inter", size: 13)
        let english = library.defaultLanguage
        let alef: Unicode.Scalar = "\u{05D0}"
        #expect(library.knownFont(for: "a", fallingBackFrom: inter, language: english)?.takeUnretainedValue() === inter)
        #expect(library.knownFont(for: alef, fallingBackFrom: inter, language: english) == nil)
        let fallback = library.font(for: alef, fallingBackFrom: inter, language: english)
        #expect(fallback.face.family == "DejaVu Sans")
        #expect(library.knownFont(for: alef, fallingBackFrom: inter, language: english)?.takeUnretainedValue() === fallback)
        #expect(library.font(for: alef, fallingBackFrom: inter, language: english) === fallback)
        // Another font (another size) has its own answers.
        #expect(library.knownFont(for: alef, fallingBackFrom: other, language: english) == nil)
    }

    /// A cluster of several scalars is known from its first one's fallback when that font
    /// draws the rest: alef with patah (U+05D0 U+05B7), both in DejaVu Sans, is what the memo
    /// picks for the whole cluster; an emoji cluster (⌚ with U+FE0F) is left to the memo.
    @Test func aClusterIsKnownFromItsFirstScalar() throws {
        let library = try FontLibrary(useSystemFonts: false)
        let inter = try library.font(family: "Inter", size: 17)
        let english = library.defaultLanguage
        let cluster: [Unicode.Scalar] = ["\u{05D0}", "\u{05B7}"]
        #expect(library.knownFont(for: cluster, fallingBackFrom: inter, language: english) == nil)
        _ = library.font(for: cluster[0], fallingBackFrom: inter, language: english)
        let known = try #require(library.knownFont(for: cluster, fallingBackFrom: inter, language: english))
        #expect(known.takeUnretainedValue() === library.font(for: cluster, fallingBackFrom: inter, language: english))
        let watch: [Unicode.Scalar] = ["\u{231A}", "\u{FE0F}"]
        _ = library.font(for: watch[0], fallingBackFrom: inter, language: english)
        #expect(library.knownFont(for: watch, fallingBackFrom: inter, language: english) == nil)
    }

    /// A cluster whose first scalar no font draws is the text's font, as the memo answers:
    /// Devanagari "कि" (U+0915 U+093F) in the bundled fonts (Inter, DejaVu Sans and Noto
    /// Color Emoji have no Devanagari), once the memo has answered for क alone.
    @Test func aClusterNoFontDrawsIsTheTextsFont() throws {
        let library = try FontLibrary(useSystemFonts: false)
        let inter = try library.font(family: "Inter", size: 17)
        let english = library.defaultLanguage
        let ki: [Unicode.Scalar] = ["\u{0915}", "\u{093F}"]
        #expect(library.knownFont(for: ki, fallingBackFrom: inter, language: english) == nil)
        #expect(library.font(for: ki[0], fallingBackFrom: inter, language: english) === inter)
        let known = try #require(library.knownFont(for: ki, fallingBackFrom: inter, language: english))
        #expect(known.takeUnretainedValue() === inter)
        #expect(library.font(for: ki, fallingBackFrom: inter, language: english) === inter)
    }

    /// Whatever the front knows of a cluster is what the memo answers for it: random clusters
    /// of two to four scalars — first scalars Latin, Hebrew, Devanagari, Thai, Hangul, Han,
    /// emoji; then marks, joiners, variation selectors, skin tones, Han and letters — each
    /// asked of the front after the memo answered for its first scalar, in the bundled fonts
    /// and with the system's. It fails if the front names another font than the memo.
    @Test func theFrontsClustersAreTheMemos() throws {
        let firsts: [Unicode.Scalar] = ["a", "\u{E9}", "\u{05D0}", "\u{0915}", "\u{0E01}", "\u{AC00}", "\u{4E00}",
                                        "\u{231A}", "\u{1F600}", "\u{0995}"]
        let rest: [Unicode.Scalar] = ["\u{093F}", "\u{05B7}", "\u{0E34}", "\u{0301}", "\u{200D}", "\u{FE0F}",
                                      "\u{FE0E}", "\u{4E01}", "\u{1F3FB}", "b", "\u{09BF}", "\u{0E48}"]
        var generator = SystemRandomNumberGenerator()
        var differing: [[Unicode.Scalar]] = []
        var known = 0
        for useSystemFonts in [false, true] {
            let library = try FontLibrary(useSystemFonts: useSystemFonts)
            let inter = try library.font(family: "Inter", size: 17)
            let english = library.defaultLanguage
            for _ in 0..<1500 {
                let cluster = [firsts.randomElement(using: &generator)!]
                    + (1..<Int.random(in: 2...4, using: &generator)).map { _ in rest.randomElement(using: &generator)! }
                _ = library.font(for: cluster[0], fallingBackFrom: inter, language: english)
                guard let front = library.knownFont(for: cluster, fallingBackFrom: inter, language: english) else { continue }
                known += 1
                if front.takeUnretainedValue() !== library.font(for: cluster, fallingBackFrom: inter, language: english) {
                    differing.append(cluster)
                }
            }
        }
        #expect(known > 300)
        #expect(differing.isEmpty, "\(differing.prefix(5).map { $0.map { String($0.value, radix: 16) } })")
    }

    /// The front holds at most `fontCapacity` fonts; past that it keeps nothing new, and
    /// an unknown key is never answered.
    @Test func theFrontIsBounded() throws {
        let library = try FontLibrary(useSystemFonts: false)
        let front = FallbackFront()
        let font = try library.font(family: "Inter", size: 60)  // none of the sizes below
        var fonts: [Font] = []
        for i in 0..<FallbackFront.fontCapacity {
            let made = try library.font(family: "Inter", size: 8 + Double(i) / 64)
            fonts.append(made)
            front.remember(made, for: "x", fontID: i, language: 0)
        }
        // (The last one written: an earlier one's slot may have been taken by a later key.)
        let last = FallbackFront.fontCapacity - 1
        #expect(front.font(for: "x", fontID: last, language: 0)?.takeUnretainedValue() === fonts[last])
        front.remember(font, for: "y", fontID: 1, language: 0)
        #expect(front.font(for: "y", fontID: 1, language: 0) == nil)
        #expect(front.font(for: "x", fontID: last, language: 1) == nil)
        #expect(front.font(for: "x", fontID: 1 << 24, language: 0) == nil)
    }

    /// Two answers whose keys hash to the same pair of slots are both kept, and a third
    /// displaces the older of them: found among the CJK ideographs from one font (a front
    /// of one slot per hash kept only the last, and frequent characters took turns).
    @Test func answersWhoseHashesMeetAreBothKept() throws {
        let library = try FontLibrary(useSystemFonts: false)
        let front = FallbackFront()
        let fonts = try [8.0, 9, 10].map { try library.font(family: "Inter", size: $0) }
        var byPair: [Int: [Unicode.Scalar]] = [:]
        var meeting: [Unicode.Scalar] = []
        for value in UInt32(0x4E00)...0x9FFF {
            let scalar = Unicode.Scalar(value)!
            let pair = front.pair(FallbackFront.key(scalar, fontID: 7, language: 0)!) - front.slots
            byPair[pair, default: []].append(scalar)
            if byPair[pair]!.count == 3 { meeting = byPair[pair]!; break }
        }
        try #require(meeting.count == 3)
        front.remember(fonts[0], for: meeting[0], fontID: 7, language: 0)
        front.remember(fonts[1], for: meeting[1], fontID: 7, language: 0)
        #expect(front.font(for: meeting[0], fontID: 7, language: 0)?.takeUnretainedValue() === fonts[0])
        #expect(front.font(for: meeting[1], fontID: 7, language: 0)?.takeUnretainedValue() === fonts[1])
        front.remember(fonts[2], for: meeting[2], fontID: 7, language: 0)
        #expect(front.font(for: meeting[0], fontID: 7, language: 0) == nil)
        #expect(front.font(for: meeting[1], fontID: 7, language: 0)?.takeUnretainedValue() === fonts[1])
        #expect(front.font(for: meeting[2], fontID: 7, language: 0)?.takeUnretainedValue() === fonts[2])
    }
}
