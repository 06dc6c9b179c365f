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

    @Option(name: .customLong("system-font"),
            help: "A font file \"system\" stands for (San Francisco from a Mac, which you have the right to use): its widths and metrics, weights through its wght axis, optical size and tracking as CoreText applies them. Default: the bundled Inter for widths, San Francisco's line heights.")
    var systemFont: String?

    @Option(name: .customLong("system-font-metrics"),
            help: "Line heights of the bundled stand-in for \"system\": sf (San Francisco's, an iPhone's; the default) or font (Inter's own).")
    var systemFontMetrics = "sf"

    /// A text engine over the bundled fonts, the --font-dir folders and (unless turned
    /// off) the system's fonts; `"system"` stands for `--system-font`, else for
    /// `documentSystemFont` (a table document's `"systemFontFile"`, its errors named by
    /// `documentName`).
    func makeEngine(documentSystemFont: String? = nil, documentName: String = "") throws -> TextEngine {
        let systemFont = self.systemFont ?? documentSystemFont
        let systemFontOrigin = self.systemFont != nil ? "--system-font" : "\(documentName): systemFontFile"
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
        let vertical: VerticalMetrics
        switch systemFontMetrics {
        case "sf": vertical = .sanFrancisco
        case "font": vertical = .font
        default: throw CLIError("--system-font-metrics: unknown value \"\(systemFontMetrics)\" (expected sf, font)")
        }
        if let systemFont {
            do {
                _ = try FontFace(path: systemFont)
            } catch let error as FontError {
                throw CLIError("\(systemFontOrigin): \(error)")
            }
        }
        do {
            let library = try FontLibrary(
                fontDirectories: fontDirectories.map { URL(fileURLWithPath: $0) },
                useSystemFonts: !noSystemFonts, language: language, systemFontFile: systemFont,
                systemFontMetrics: vertical)
            return TextEngine(fonts: library)
        } catch let error as FontError {
            throw CLIError("--font-dir: \(error)")
        }
    }
}
