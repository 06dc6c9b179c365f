@testable import CellLayout
@testable import CellLayoutFontLibrary
import Foundation
import Testing

/// The system fonts' lists (`SystemFontList`) and the fallback through them on several
/// threads: the page index finds the font the walk down the whole list finds, and threads
/// asking at once get the faces one thread gets.
@Suite struct SystemFontListTests {
    /// The languages the lists are checked in: fontconfig's default order, and the orders
    /// that put a different Noto Sans CJK face first for Han.
    static let languages: [String?] = [nil, "ja", "zh-tw", "ko"]

    /// Characters of many scripts, and ones no font has: Latin, Greek, Hebrew, Arabic,
    /// Devanagari, Bengali, Thai, Ethiopic, Georgian, Hangul, kana, Han (BMP and plane 2),
    /// symbols and emoji, a private-use character, an unassigned one.
    static let sample: [Unicode.Scalar] = [
        "a", "\u{3B1}", "\u{5D0}", "\u{628}", "\u{915}", "\u{995}", "\u{E01}", "\u{1200}", "\u{10D0}", "\u{AC00}",
        "\u{3042}", "\u{30A2}", "\u{76F4}", "\u{9AA8}", "\u{4E00}", "\u{20B9F}", "\u{2603}", "\u{231A}", "\u{1F600}",
        "\u{1F44D}", "\u{E000}", "\u{0378}", "\u{2C00}", "\u{A000}", "\u{1780}", "\u{0D05}", "\u{0B95}",
    ]

    /// The old lookup, and the definition: the first font of the whole list that covers
    /// `scalar` (the first color one among them when `color` is set and there is one).
    static func walk(_ list: SystemFontList, _ scalar: Unicode.Scalar, color: Bool) -> Int? {
        var found: Int? = nil
        for i in 0..<list.count where list.covers(i, scalar) {
            if !color || list.isColor(i) { return i }
            if found == nil { found = i }
        }
        return found
    }

    /// The page index answers what the walk answers, for every 7th character of the BMP,
    /// every 97th of the other planes and the sample, with and without color, in four
    /// languages' orders. (The machine's fonts: scripts/deps.sh installs the Noto fonts.)
    @Test func thePageIndexFindsWhatTheWalkFinds() throws {
        let system = SystemFonts()
        let scalars = Self.sample + stride(from: 0, to: 0x10000, by: 7).compactMap(Unicode.Scalar.init)
            + stride(from: 0x10000, to: 0x110000, by: 97).compactMap(Unicode.Scalar.init)
        for language in Self.languages {
            let list = system.list(language: language)
            try #require(list.count > 0, "no system fonts: scripts/deps.sh installs them")
            #expect(system.list(language: language) === list)
            var covered = 0
            for scalar in scalars {
                for color in [false, true] {
                    let expected = Self.walk(list, scalar, color: color)
                    #expect(list.index(covering: scalar, color: color) == expected,
                            "U+\(String(scalar.value, radix: 16)) color \(color) in \(language ?? "default")")
                    if expected != nil { covered += 1 }
                }
            }
            // Most of the sample is covered: a list that covered nothing would agree with itself.
            #expect(covered > scalars.count / 4, "\(covered) of \(2 * scalars.count)")
        }
    }

    /// Objects made one after another (a library each) share the process's fontconfig
    /// configuration — loading it cost each library ~3 ms — and their lists still list the
    /// same fonts in the same order, each object's list its own (it keeps its library's
    /// loaded faces).
    @Test func objectsShareTheProcesssConfiguration() {
        let first = SystemFonts().list(language: "ja")
        let loads = SystemFonts.configurationLoads
        #expect(loads >= 1)
        let second = SystemFonts().list(language: "ja")
        #expect(SystemFonts.configurationLoads == loads)
        #expect(second.faces == first.faces && first.count > 0)
        #expect(second !== first)
    }

    /// Every (language, scalar) pair of `languages` and `sample`.
    static let questions: [(language: String?, scalar: Unicode.Scalar)] = languages.flatMap { language in
        sample.map { (language, $0) }
    }

    /// What `library` answers for each question in turn, falling back from Inter.
    static func ask(_ library: FontLibrary, _ questions: [(language: String?, scalar: Unicode.Scalar)]) throws
        -> [String: Font] {
        let inter = try library.font(family: "Inter", size: 17)
        var fonts: [String: Font] = [:]
        for (language, scalar) in questions {
            let slot = library.slot(for: language.flatMap { TextLanguage($0) })
            fonts["\(language ?? "")/\(scalar.value)"] = library.font(for: scalar, fallingBackFrom: inter, language: slot)
        }
        return fonts
    }

    /// The fonts four threads get for the sample in four languages, asked at once (each
    /// thread in its own shuffled order of languages and characters), are the fonts one
    /// thread gets asking alone in order, and the threads get the same font objects as each
    /// other. (A slot table that kept one language's list for another, or a face kept for
    /// the wrong font of a list, gives answers that depend on the order asked.)
    @Test func threadsAskingAtOnceGetTheFacesOneThreadGets() throws {
        func name(_ font: Font) -> String { "\(font.face.path)#\(font.face.index)" }
        let alone = try Self.ask(try FontLibrary(useSystemFonts: true, language: "en"), Self.questions)
        #expect(Set(alone.values.map(name)).count > 4, "system fonts answer for several scripts")
        for round in 0..<4 {
            let library = try FontLibrary(useSystemFonts: true, language: "en")
            let results = SendableBox([[String: Font]](repeating: [:], count: 4))
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                var random = TextPropertyTests.SeededRandom(state: UInt64(round * 4 + thread))
                let order = Self.questions.shuffled(using: &random)
                let fonts = (try? Self.ask(library, order)) ?? [:]
                results.withLock { $0[thread] = fonts }
            }
            let all = results.withLock { $0 }
            for (thread, fonts) in all.enumerated() {
                #expect(fonts.count == alone.count, "round \(round), thread \(thread)")
                for (key, font) in fonts {
                    #expect(name(font) == alone[key].map(name), "round \(round), thread \(thread), \(key)")
                    #expect(font === all[0][key], "round \(round), thread \(thread), \(key): one object")
                }
            }
        }
    }
}

/// A value several threads fill in, behind a lock.
private final class SendableBox<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
