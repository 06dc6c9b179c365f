import CellLayout

/// Checks of option values, each failing with a `CLIError` that names the option.
enum OptionValues {
    /// `text` as a decimal number (`17`, `-3.5`, `1e3`, white space around allowed), or nil:
    /// Swift's `Double(_:)` also reads hexadecimal (`0x10` as 16), `inf` and `nan`, which no
    /// option means.
    static func decimal(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
        return Double(trimmed)
    }

    /// A finite number in `(0, maximum]`, e.g. a width or a font size.
    static func positive(_ text: String, option: String, maximum: Double = 1_000_000) throws -> Double {
        guard let value = decimal(text), value.isFinite, value > 0 else {
            throw CLIError("\(option): must be a positive number, got \(text)")
        }
        guard value <= maximum else {
            throw CLIError("\(option): must be at most \(maximum.formatted3), got \(text)")
        }
        return value
    }

    /// A comma-separated list of widths (`--widths 320,375,768`), each a positive number;
    /// an error names the entry, counting from 1.
    static func widths(_ text: String, option: String = "--widths") throws -> [Double] {
        try text.split(separator: ",", omittingEmptySubsequences: false).enumerated().map { i, entry in
            let entry = String(entry)
            guard !entry.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIError("\(option): entry \(i + 1) is empty, in \"\(text)\"")
            }
            return try positive(entry, option: "\(option) entry \(i + 1)")
        }
    }

    /// Any finite number in ±1e9 (an offset or a y).
    static func number(_ text: String, option: String) throws -> Double {
        guard let value = decimal(text), value.isFinite, abs(value) <= 1e9 else {
            throw CLIError("\(option): must be a number, got \(text)")
        }
        return value
    }

    /// A whole number in `0...maximum`.
    static func count(_ text: String, option: String, maximum: Int = 1_000_000) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0, value <= maximum else {
            throw CLIError("\(option): must be a whole number from 0 to \(maximum), got \(text)")
        }
        return value
    }

    /// The screen scale: 1, 2 or 3.
    static func scale(_ text: String) throws -> Double {
        guard let value = Int(text), [1, 2, 3].contains(value) else {
            throw CLIError("--scale: must be 1, 2 or 3, got \(text)")
        }
        return Double(value)
    }

    /// The value `text` names, in the format's spelling or UIKit's (`NamedChoice`).
    static func choice<T: NamedChoice>(_ text: String, option: String, what: String) throws -> T {
        guard let value = T(named: text) else { throw CLIError("\(option): \(T.unknownNameMessage(text, what: what))") }
        return value
    }

    /// A font by family (`Inter`, `system`) or by file path (anything with a `/` or a font
    /// file extension), at `size` and `weight`.
    static func font(_ name: String, weight: FontWeight, size: Double, in engine: TextEngine) throws -> Font {
        try font(fontSpec(name, weight: weight, size: size), in: engine)
    }

    /// The font `spec` names, an error naming `--font` when there is none.
    static func font(_ spec: FontSpec, in engine: TextEngine) throws -> Font {
        do {
            return try spec.resolve(in: engine.fonts)
        } catch let error as FontError {
            throw CLIError("--font: \(error)")
        }
    }

    /// A content size category by name (`ContentSizeCategory(named:)`).
    static func category(_ text: String, option: String) throws -> ContentSizeCategory {
        try choice(text, option: option, what: "content size category")
    }

    /// `--content-sizes`: `all` (the twelve, smallest first) or comma-separated categories.
    static func categories(_ text: String) throws -> [ContentSizeCategory] {
        if text == "all" { return ContentSizeCategory.allCases }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !names.isEmpty, !names.contains("") else {
            throw CLIError("--content-sizes: expected all or comma-separated categories, got \"\(text)\"")
        }
        return try names.map { try category($0, option: "--content-sizes") }
    }

    /// The font `--font`, `--size` and `--weight` name, as a spec run fonts override.
    static func fontSpec(_ name: String, weight: FontWeight, size: Double) -> FontSpec {
        let isFile = name.contains("/") || [".otf", ".ttf", ".ttc"].contains { name.lowercased().hasSuffix($0) }
        return isFile ? FontSpec(file: name, size: size, weight: weight) : FontSpec(family: name, size: size, weight: weight)
    }
}
