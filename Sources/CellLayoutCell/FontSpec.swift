import CellLayoutCore
import CellLayoutFontLibrary

/// A font as a table names it: a family (or a file), a weight and a size in points.
public struct FontSpec: Hashable, Sendable {
    /// The family (`"system"` is the bundled default, Inter); ignored when `file` is set.
    public var family: String
    /// A font file's path, used instead of the family when set.
    public var file: String?
    /// The size in points.
    public var size: Double
    /// The weight.
    public var weight: FontWeight
    /// Whether the font is italic (the family's italic face, else a slanted upright one).
    public var italic: Bool

    /// - Parameters:
    ///   - family: the family name, `"system"` by default.
    ///   - file: a font file to use instead of the family.
    ///   - size: the size in points.
    ///   - weight: the weight.
    ///   - italic: whether the font is italic.
    public init(family: String = "system", file: String? = nil, size: Double, weight: FontWeight = .regular,
                italic: Bool = false) {
        self.family = family
        self.file = file
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// The system font at `size` and `weight`, as `UIFont.systemFont(ofSize:weight:)`.
    public static func system(_ size: Double, _ weight: FontWeight = .regular) -> FontSpec {
        FontSpec(size: size, weight: weight)
    }

    /// The font this names, from `library`.
    /// - Throws: `FontError` when the family or file is unknown or the size invalid.
    public func resolve(in library: FontLibrary) throws -> Font {
        if let file { return try library.font(file: file, size: size, italic: italic) }
        return try library.font(family: family, weight: weight, italic: italic, size: size)
    }
}

extension FontSpec: MemoKey {}
