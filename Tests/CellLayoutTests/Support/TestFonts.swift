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
    static var hasCorpus: Bool {
        FileManager.default.fileExists(atPath: corpus("public-10k.jsonl").path)
    }

    /// A fixture file's lines, each parsed as JSON.
    static func jsonLines(_ url: URL) throws -> [JSONValue] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONParser.parse(String($0)) }
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
