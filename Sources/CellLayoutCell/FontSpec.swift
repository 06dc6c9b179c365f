import CellLayoutCore
import CellLayoutFontLibrary

/// A font as a table names it: a family (or a file), a weight and a size in points — or a
/// text style at a content size category, as `UIFont.preferredFont(forTextStyle:)` gives
/// it — and, for a variable font, axis values.
public struct FontSpec: Hashable, Sendable {
    /// The family (`"system"` is the bundled default, Inter); ignored when `file` is set.
    public var family: String
    /// A font file's path, used instead of the family when set.
    public var file: String?
    /// The size in points; with `textStyle` the style's size at `contentSizeCategory` is
    /// used instead, with `relativeTo` this size scaled as `UIFontMetrics` scales it.
    public var size: Double
    /// The weight.
    public var weight: FontWeight
    /// Whether the font is italic (the family's italic face, else a slanted upright one).
    public var italic: Bool
    /// The text style whose size the font takes at `contentSizeCategory`
    /// (`UIFont.preferredFont(forTextStyle:)`), or nil for `size`.
    public var textStyle: TextStyle?
    /// The text style a custom size scales with (`UIFontMetrics(forTextStyle:).scaledFont(for:)`):
    /// `size` is the size at `large`.
    public var relativeTo: TextStyle?
    /// The content size category `textStyle` and `relativeTo` are sized at.
    public var contentSizeCategory: ContentSizeCategory
    /// Axis values of a variable font by tag (`"wght"`, `"wdth"`, …); they win over the
    /// weight and the automatic optical size.
    public var variations: [String: Double]

    /// - Parameters:
    ///   - family: the family name, `"system"` by default.
    ///   - file: a font file to use instead of the family.
    ///   - size: the size in points.
    ///   - weight: the weight.
    ///   - italic: whether the font is italic.
    ///   - variations: axis values of a variable font, by tag.
    public init(family: String = "system", file: String? = nil, size: Double, weight: FontWeight = .regular,
                italic: Bool = false, variations: [String: Double] = [:]) {
        self.family = family
        self.file = file
        self.size = size
        self.weight = weight
        self.italic = italic
        self.variations = variations
        self.contentSizeCategory = .default
    }

    /// The system font of `style` at `category`, as `UIFont.preferredFont(forTextStyle:)`
    /// gives it: the style's size there and its weight.
    public init(textStyle style: TextStyle, category: ContentSizeCategory = .default) {
        self.init(size: style.size(at: .large), weight: style.weight)
        textStyle = style
        contentSizeCategory = category
    }

    /// The system font at `size` and `weight`, as `UIFont.systemFont(ofSize:weight:)`.
    public static func system(_ size: Double, _ weight: FontWeight = .regular) -> FontSpec {
        FontSpec(size: size, weight: weight)
    }

    /// The size the font is made at: the text style's at the category, `size` scaled by
    /// `relativeTo`'s style, else `size`.
    public var pointSize: Double {
        if let textStyle { return textStyle.size(at: contentSizeCategory) }
        if let relativeTo { return relativeTo.scaled(size, at: contentSizeCategory) }
        return size
    }

    /// The same font at `category` (a text style's or a scaled size changes; a fixed size
    /// does not).
    public func at(_ category: ContentSizeCategory) -> FontSpec {
        var spec = self
        spec.contentSizeCategory = category
        return spec
    }

    /// The font this names, from `library`.
    /// - Throws: `FontError` when the family or file is unknown, the size invalid, or a
    ///   variation names an axis the font lacks or a value outside its range.
    public func resolve(in library: FontLibrary) throws -> Font {
        if let file {
            return try library.font(file: file, size: pointSize, italic: italic, weight: weight, variations: variations)
        }
        return try library.font(family: family, weight: weight, italic: italic, size: pointSize, variations: variations)
    }
}

extension FontSpec: MemoKey {}
