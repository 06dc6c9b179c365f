import CellLayout
import Foundation
import Testing

/// A text's language: BCP 47 tags, the locale's default, the face of a CJK collection Han
/// falls back to, Han shaped in the language's forms, and the `"language"` JSON key.
///
/// The glyph ids are hb-shape's (HarfBuzz's own tool, not the engine) on Debian's
/// fonts-noto-cjk 20220127 `NotoSansCJK-Regular.ttc`, 直骨 at each face:
///
/// ```
/// $ for i in 0 1 2 3 4; do hb-shape --face-index=$i NotoSansCJK-Regular.ttc 直骨; done
/// [gid27873=0+1000|gid45132=1+1000]   face 0, Noto Sans CJK JP
/// [gid27873=0+1000|gid45132=1+1000]   face 1, Noto Sans CJK KR
/// [gid27874=0+1000|gid45133=1+1000]   face 2, Noto Sans CJK SC
/// [gid27874=0+1000|gid45134=1+1000]   face 3, Noto Sans CJK TC
/// [gid27875=0+1000|gid45132=1+1000]   face 4, Noto Sans CJK HK
/// ```
/// and the JP face shaped in each language (its `locl` forms):
/// ```
/// $ hb-shape --face-index=0 --script=Hani --language=zh-Hant NotoSansCJK-Regular.ttc 直骨
/// [gid27874=0+1000|gid45134=1+1000]        (ja, ko: 27873 45132; zh-Hans: 27874 45133;
///                                           zh-HK: 27875 45132)
/// ```
/// So 直 tells the Japanese and Korean forms from the Chinese ones, and 骨 the Simplified,
/// Traditional and Japanese/Korean/Hong Kong ones; every advance is 1000 units (17 pt at 17 pt).
///
/// The collection comes from Debian's fonts-noto-cjk, which `scripts/deps.sh` (run by
/// `scripts/test`) installs; without it those tests are skipped and say so.
@Suite struct LanguageTests {
    static let collection = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static var hasCollection: Bool { FileManager.default.fileExists(atPath: collection) }

    /// The expected glyphs of 直骨, by language.
    static let glyphs: [String: [UInt32]] = [
        "ja": [27873, 45132], "ko": [27873, 45132], "zh-Hans": [27874, 45133],
        "zh-Hant": [27874, 45134], "zh-HK": [27875, 45132],
    ]

    // MARK: Tags

    @Test func wellFormedTagsAreAcceptedAndTheirHanOrthographyFound() throws {
        let cases: [(String, String?)] = [
            ("ja", "ja"), ("ja-JP", "ja"), ("ko_KR", "ko"), ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"),
            ("zh-Hans-SG", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh-MO", "zh-Hant"),
            ("zh-HK", "zh-HK"), ("zh-Hant-HK", "zh-HK"), ("yue", "zh-Hant"), ("en", nil), ("en-US", nil),
            ("ar", nil), ("sr-Latn-RS", nil), ("x-private", nil),
        ]
        for (tag, han) in cases {
            let language = try #require(TextLanguage(tag), "\(tag)")
            #expect(language.han == han, "\(tag)")
            #expect(language.tag == tag.replacingOccurrences(of: "_", with: "-"))
        }
    }

    @Test func malformedTagsAreRefused() {
        for tag in ["", "j", "ja_JP.UTF-8", "ja--JP", "ja-", "-ja", "日本", "ja JP", "en-US-abcdefghi", "1a",
                    String(repeating: "ab-", count: 60) + "ab"] {
            #expect(TextLanguage(tag) == nil, "\(tag)")
        }
    }

    @Test func theLocaleGivesTheDefaultLanguage() {
        #expect(TextLanguage.locale(environment: ["LANG": "ja_JP.UTF-8"])?.tag == "ja-JP")
        #expect(TextLanguage.locale(environment: ["LANG": "en_US.UTF-8", "LC_CTYPE": "zh_TW.UTF-8"])?.han == "zh-Hant")
        #expect(TextLanguage.locale(environment: ["LC_ALL": "ko_KR", "LC_CTYPE": "ja_JP", "LANG": "zh_CN"])?.han == "ko")
        #expect(TextLanguage.locale(environment: ["LC_ALL": "", "LANG": "de_DE@euro"])?.tag == "de-DE")
        #expect(TextLanguage.locale(environment: ["LANG": "C.UTF-8"]) == nil)
        #expect(TextLanguage.locale(environment: ["LANG": "POSIX"]) == nil)
        #expect(TextLanguage.locale(environment: [:]) == nil)
    }

    @Test func aLibraryRefusesAMalformedLanguage() {
        #expect(throws: FontError.invalidLanguage("ja JP")) {
            try FontLibrary(useSystemFonts: false, language: "ja JP")
        }
    }

    // MARK: Faces of a collection

    /// A library over the bundled fonts and the CJK collection alone, in English.
    private static func withCollection(_ body: (FontLibrary) throws -> Void) throws {
        try TestFonts.withLibrary(adding: [collection], body)
    }

    @Test(.enabled(if: hasCollection, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func everyFaceOfACollectionIsLoadedWithItsDesignLanguage() throws {
        try Self.withCollection { library in
            let faces = library.faces.filter { $0.path.hasSuffix("NotoSansCJK-Regular.ttc") }
            #expect(faces.map(\.index) == Array(0..<10))
            #expect(faces.prefix(5).map(\.family) == ["JP", "KR", "SC", "TC", "HK"].map { "Noto Sans CJK \($0)" })
            #expect(faces.map(\.designLanguage) == (["ja", "ko", "zh-Hans", "zh-Hant", "zh-HK"] as [String?]) + [
                "ja", "ko", "zh-Hans", "zh-Hant", "zh-HK",
            ])
        }
    }

    @Test(.enabled(if: hasCollection, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func hanFallsBackToTheFaceOfTheTextsLanguage() throws {
        try Self.withCollection { library in
            let engine = TextEngine(fonts: library)
            let inter = try library.font(family: "Inter", size: 17)
            let expectedFace: [String: UInt32] = ["ja": 0, "ko": 1, "zh-Hans": 2, "zh-Hant": 3, "zh-HK": 4]
            // One engine for all: the fallback and shape caches must keep languages apart.
            for round in 0..<2 {
                for (tag, glyphs) in Self.glyphs.sorted(by: { $0.key < $1.key }) {
                    let layout = engine.prepare("直骨", font: inter, language: TextLanguage(tag)).fit(width: .infinity)
                    let runs = layout.glyphRuns(ofLine: 0)
                    #expect(runs.count == 1)
                    #expect(runs.first?.font.face.index == expectedFace[tag], "\(tag), round \(round)")
                    #expect(runs.first?.glyphs == glyphs, "\(tag), round \(round)")
                    #expect(layout.usedWidth == 34)
                }
            }
            // A language that writes no Han (the library's "en" here) takes the first face.
            let plain = engine.prepare("直骨", font: inter).fit(width: .infinity).glyphRuns(ofLine: 0)
            #expect(plain.first?.font.face.index == 0)
            #expect(engine.prepare("直骨", font: inter, language: TextLanguage("fr")).fit(width: .infinity)
                .glyphRuns(ofLine: 0).first?.glyphs == [27873, 45132])
        }
    }

    @Test(.enabled(if: hasCollection, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func hanIsShapedInTheFormsOfTheTextsLanguage() throws {
        try Self.withCollection { library in
            let engine = TextEngine(fonts: library)
            let japanese = try library.font(file: Self.collection, index: 0, size: 17)
            #expect(japanese.face.family == "Noto Sans CJK JP")
            for round in 0..<2 {
                for (tag, glyphs) in Self.glyphs.sorted(by: { $0.key < $1.key }) {
                    let runs = engine.prepare("直骨", font: japanese, language: TextLanguage(tag))
                        .fit(width: .infinity).glyphRuns(ofLine: 0)
                    #expect(runs.first?.font === japanese)
                    #expect(runs.first?.glyphs == glyphs, "\(tag), round \(round)")
                }
            }
        }
    }

    /// fontconfig's order for the language picks the face among the system's fonts (with
    /// Debian's 70-fonts-noto-cjk.conf: `fc-match "sans-serif:lang=zh-tw:charset=76f4"` is
    /// Noto Sans CJK TC, index 3).
    @Test(.enabled(if: hasCollection, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func systemFallbackFollowsTheTextsLanguage() throws {
        let engine = TextEngine(fonts: try FontLibrary(useSystemFonts: true, language: "en"))
        let inter = try engine.fonts.font(family: "Inter", size: 17)
        for (tag, glyphs) in Self.glyphs {
            let runs = engine.prepare("直骨", font: inter, language: TextLanguage(tag)).fit(width: .infinity)
                .glyphRuns(ofLine: 0)
            #expect(runs.first?.font.face.family.hasPrefix("Noto Sans CJK") == true, "\(tag)")
            #expect(runs.first?.glyphs == glyphs, "\(tag): \(runs.first.map { "\($0.font)" } ?? "no run")")
        }
    }

    // MARK: JSON

    @Test func aRowsLanguageOverridesTheTables() throws {
        let document = try JSONParser.parse("""
            {"width": 320, "language": "ja", "sections": [{"header": "直", "rows": [
              {"text": "直", "detailText": "骨", "style": "subtitle"},
              {"text": "直", "language": "zh-Hant", "subviews": [
                {"id": "l", "kind": "label", "text": "骨", "frame": {"left": 0, "top": 0, "width": 10, "height": 10}}]}
            ]}]}
            """)
        let table = try TableDecoder(fonts: TestFonts.library).decode(document)
        let section = table.sections[0]
        #expect(section.headerAttributes?.language?.tag == "ja")
        #expect(section.rows[0].textAttributes?.language?.tag == "ja")
        #expect(section.rows[0].detailTextAttributes?.language?.tag == "ja")
        #expect(section.rows[1].textAttributes?.language?.tag == "zh-Hant")
        #expect(section.rows[1].subviews[0].textAttributes?.language?.tag == "zh-Hant")
    }

    /// The table's `"language"` reaches the rows of a streamed `layout table.json` as it
    /// reaches those of the whole document, and gives what `layout --jsonl --language` does.
    /// The detail label of a value1 row is as wide as its text, ceiled as UIKit sizes a
    /// label. hb-shape on the JP face of the collection, “直” at font-size 1000:
    /// ```
    /// $ hb-shape --face-index=0 --language=zh-Hans NotoSansCJK-Regular.ttc "“直”"
    /// [gid63281=0+1000|gid27874=1+1000|gid63282=2+1000]   → 3000 × 17/1000 = 51 pt
    /// $ hb-shape --face-index=0 --language=ja NotoSansCJK-Regular.ttc "“直”"
    /// [gid63132=0+475|gid27873=1+1000|gid63133=2+475]     → 1950 × 17/1000 = 33.15 → 34 pt
    /// ```
    /// (the quotes take the Han script of their run, so they are shaped in its language).
    @Test(.enabled(if: hasCollection, "needs fonts-noto-cjk (scripts/deps.sh installs it)"))
    func aStreamedTableAndJSONLinesAgreeOnTheLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("language-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("NotoSansCJK-Regular.ttc"), withDestinationURL: URL(fileURLWithPath: Self.collection))
        let rows = [
            #"{"id":"a","style":"value1","text":"a","detailText":"“直”","detailFont":{"family":"Noto Sans CJK JP","size":17}}"#,
            #"{"id":"b","style":"value1","text":"a","detailText":"“直”","detailFont":{"family":"Noto Sans CJK JP","size":17},"language":"ja"}"#,
        ]
        let table = folder.appendingPathComponent("table.json")
        try Data(#"{"width":320,"language":"zh-Hans","rows":[\#(rows.joined(separator: ","))]}"#.utf8).write(to: table)
        let fonts = ["--no-system-fonts", "--font-dir", folder.path]
        // The command line's language is English: the table's must win over it.
        let streamed = try CLI.run(["layout", table.path, "--language", "en"] + fonts)
        let lines = try CLI.run(["layout", "--jsonl", "--width", "320", "--language", "zh-Hans"] + fonts,
                                stdin: Array(rows.joined(separator: "\n").utf8))
        #expect(streamed.status == 0 && lines.status == 0, "\(streamed.stderr)\(lines.stderr)")
        let laidOut = lines.stdout.split(separator: "\n").map(String.init)
        try #require(laidOut.count == 2)
        #expect(laidOut[0].contains(#""detailTextLabel":[253,11,51,25]"#), "\(laidOut[0])")
        #expect(laidOut[1].contains(#""detailTextLabel":[270,11,34,25]"#), "\(laidOut[1])")
        #expect(streamed.stdout.contains(#""rows":[\#(laidOut.joined(separator: ","))]"#), "\(streamed.stdout)")
    }

    @Test func aBadLanguageIsALocatedError() throws {
        let decoder = TableDecoder(fonts: TestFonts.library)
        let cases: [(String, String)] = [
            (#"{"width": 320, "language": 7, "rows": []}"#, "language:"),
            (#"{"width": 320, "rows": [{"text": "a", "language": "ja JP"}]}"#, "rows[0].language:"),
        ]
        for (json, location) in cases {
            do {
                _ = try decoder.decode(try JSONParser.parse(json))
                Issue.record("accepted \(json)")
            } catch {
                #expect("\(error)".hasPrefix(location), "\(error)")
            }
        }
    }

    @Test func measureReadsEachRowsLanguage() throws {
        let input = """
            {"id": 1, "text": "直骨", "language": "zh-Hant"}
            {"id": 2, "text": "直骨", "language": "ja-JP x"}
            """
        let result = try CLI.run(["measure", "--width", "300", "--no-system-fonts", "--keep-going"],
                                 stdin: Array(input.utf8))
        #expect(result.stdout.contains(#"{"id":1,"lines":1"#), "\(result.stdout)")
        #expect(result.stderr.contains(#"<stdin>:2: language: expected a BCP 47 language tag"#), "\(result.stderr)")
        let bad = try CLI.run(["measure", "--width", "300", "--language", "ja JP", "--text", "a"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("--language: language must be a BCP 47 tag"), "\(bad.stderr)")
    }
}
