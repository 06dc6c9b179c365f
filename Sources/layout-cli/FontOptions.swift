import ArgumentParser
import CellLayout
import Foundation

/// Options every command shares: where fonts come from.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font-dir"), help: "A folder of extra .otf/.ttf fonts (repeatable).")
    var fontDirectories: [String] = []

    @Flag(name: .customLong("no-system-fonts"),
          help: "Use only the bundled and --font-dir fonts, so results are the same on every machine.")
    var noSystemFonts = false

    @Option(help: "The texts' language (BCP 47: ja, zh-Hans, zh-Hant, ko, …) where they name none (\"language\" key): picks fallback fonts and Han forms. Default: the locale's.")
    var language: String?

    /// A text engine over the bundled fonts, the --font-dir folders and (unless turned
    /// off) the system's fonts.
    func makeEngine() throws -> TextEngine {
        for directory in fontDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
                  isDirectory.boolValue else {
                throw CLIError("--font-dir: \"\(directory)\" is not a folder")
            }
        }
        if let language, TextLanguage(language) == nil {
            throw CLIError("--language: \(FontError.invalidLanguage(language))")
        }
        do {
            let library = try FontLibrary(
                fontDirectories: fontDirectories.map { URL(fileURLWithPath: $0) },
                useSystemFonts: !noSystemFonts, language: language)
            return TextEngine(fonts: library)
        } catch let error as FontError {
            throw CLIError("--font-dir: \(error)")
        }
    }
}
