import CellLayout
import Foundation

/// What the tests share: an engine over the bundled fonts only (no system fonts, so the
/// results are the same on every machine), fixtures, and the corpus.
enum TestFonts {
    /// The bundled fonts, nothing from the system.
    static let library: FontLibrary = try! FontLibrary(useSystemFonts: false)
    /// An engine over `library` with the default shape memo.
    static let engine = TextEngine(fonts: library)
    /// Inter Regular 17 pt, the font of the Pango goldens.
    static let inter17: Font = try! library.font(family: "Inter", size: 17)

    /// The folder of the package (for `../shared/corpus` beside a clone).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The public corpus file `name`, from `../shared/corpus` beside the clone.
    static func corpus(_ name: String) -> URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/\(name)")
    }

    /// Whether the public corpus is beside the clone (it is in CI and on developer machines).
    /// Tests that need it say so in their name; everything else runs on the committed slices.
    static var hasCorpus: Bool {
        FileManager.default.fileExists(atPath: corpus("public-10k.jsonl").path)
    }

    /// One row of a committed Pango slice: the corpus row's id and text, and Pango's line
    /// count and break offsets at 200, 343 and 600 (`Tests/Oracles/goldens.py slice`).
    struct SliceRow: Sendable {
        let id: Int, text: String, lines: [Int], breaks: [[Int]]
    }

    /// The rows of the slice fixture `name`.
    static func slice(_ name: String) throws -> [SliceRow] {
        try jsonLines(fixture(name)).map { row in
            SliceRow(id: Int(row["id"]!.number!), text: row["text"]!.string!,
                     lines: row["lines"]!.array!.map { Int($0.number!) },
                     breaks: row["breaks"]!.array!.map { $0.array!.map { Int($0.number!) } })
        }
    }

    /// The Latin slice: every 3rd row of public-10k that Inter covers (3,023 rows).
    static let latinSlice: [SliceRow] = try! slice("pango-inter17-slice.jsonl")
    /// The international slice: every 5th row of public-intl-10k (2,000 rows).
    static let intlSlice: [SliceRow] = try! slice("pango-intl-chain-slice.jsonl")
    /// The texts of both committed slices, Latin then international (5,023 corpus rows):
    /// the corpus a clone of the repository has.
    static var sliceTexts: [String] { latinSlice.map(\.text) + intlSlice.map(\.text) }

    /// A fixture file's lines, each parsed as JSON.
    static func jsonLines(_ url: URL) throws -> [JSONValue] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    }

    /// `body` given a library of the bundled fonts and the font files at `paths` (system
    /// fonts off), in `language` ("en", as the Pango oracle's, unless a test says
    /// otherwise). The files are linked into a temporary folder, removed when `body`
    /// returns: measuring needs nothing more after that (the library reads its faces when
    /// made), drawing does (FreeType opens the font files by path).
    static func withLibrary<T>(adding paths: [String], language: String = "en",
                               _ body: (FontLibrary) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in paths {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent((path as NSString).lastPathComponent),
                withDestinationURL: URL(fileURLWithPath: path))
        }
        return try body(try FontLibrary(fontDirectories: [folder], useSystemFonts: false, language: language))
    }

    /// The fixture `name` in `Tests/CellLayoutTests/Fixtures`.
    static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
    }
}

extension JSONValue {
    /// The number, or nil.
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// The string, or nil.
    var string: String? { if case .string(let s) = self { s } else { nil } }
    /// The array's elements, or nil.
    var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The boolean, or nil.
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
}
