import ArgumentParser
import CellLayout
import Foundation

/// What `layout`, `query` and `render` share: the table file, `--width`, `--platform`, fonts.
struct TableInput: ParsableArguments {
    @Argument(help: "The table JSON file (- or none: standard input).")
    var table: String = "-"

    @Option(parsing: .unconditional, help: "The table width in points (overrides the file's \"width\").")
    var width: String?

    @Option(name: .customLong("content-size-category"),
            help: "The Dynamic Type size the table's text styles take (overrides the file's \"contentSizeCategory\"): \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")).")
    var contentSizeCategory: String?

    @Option(help: """
        The iOS generation whose metrics to follow (overrides the file's "platform"): \
        \(PlatformProfile.allCases.map(\.rawValue).joined(separator: ", ")); default \(PlatformProfile.newest.rawValue).
        """)
    var platform: String?

    /// `--platform`, checked.
    func platformProfile() throws -> PlatformProfile? {
        try platform.map { name in try OptionValues.choice(name, option: "--platform", what: "platform") }
    }

    @OptionGroup var fontOptions: FontOptions

    /// `--content-size-category`, checked; nil when not given.
    func category() throws -> ContentSizeCategory? {
        try contentSizeCategory.map { try OptionValues.category($0, option: "--content-size-category") }
    }

    /// The folder a relative image `"file"` is looked for in: the table file's, or the
    /// current directory (nil) for standard input or a file named without a folder.
    var imageFolder: String? {
        let folder = table == "-" ? "" : (table as NSString).deletingLastPathComponent
        return folder.isEmpty ? nil : folder
    }

    /// A decoder for the table's rows, checking fonts against `fonts`, finding images beside the table.
    func decoder(fonts: FontLibrary) -> TableDecoder {
        TableDecoder(fonts: fonts, imageFolder: imageFolder)
    }

    /// Reads, parses and lays out the table.
    /// - Parameters:
    ///   - width: a width to use instead of `--width` and the file's.
    ///   - scale: a screen scale to lay out at instead of the file's `metrics.scale`.
    func load(width override: Double? = nil, scale: Double? = nil) throws -> (TableLayout, TextEngine) {
        let width = try override ?? self.width.map { try OptionValues.positive($0, option: "--width") }
        let bytes = try readAll()
        let engine = try fontOptions.makeEngine(documentSystemFont: Self.systemFontFile(in: bytes), documentName: name)
        return (try load(width: width, scale: scale, engine: engine, bytes: bytes), engine)
    }

    /// The `"systemFontFile"` of a table document, when it is an object that names one (the
    /// decoder reports anything else about the document).
    static func systemFontFile(in bytes: [UInt8]) -> String? {
        guard let document = try? JSONParser.parse(bytes), case .string(let path)? = document["systemFontFile"] else {
            return nil
        }
        return path
    }

    /// Parses and lays out the table in `bytes` (the whole document), at `width` when given.
    func load(width: Double?, scale: Double? = nil, engine: TextEngine, bytes: [UInt8]) throws -> TableLayout {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw CLIError("\(name): invalid JSON: \(error)")
        }
        do {
            var spec = try decoder(fonts: engine.fonts).decode(document, width: width, platform: try platformProfile())
            if let scale { spec.metrics.scale = scale }
            if let category = try category() { spec.metrics.contentSizeCategory = category }
            return try TableLayout(spec: spec, engine: engine)
        } catch let error as InputError {
            throw CLIError("\(name): \(error)")
        } catch let error as FontError {
            throw CLIError("\(name): \(error)")
        }
    }

    /// How errors name the input.
    var name: String { table == "-" ? "<stdin>" : table }

    private func readAll() throws -> [UInt8] {
        var reader = try LineReader(path: table)
        return try reader.readAll()
    }
}
