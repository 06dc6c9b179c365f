import CellLayoutFontLibrary
import CellLayoutPrepare

/// A label's text as a table gives it: a string, or runs with their own font keys, kern,
/// baseline offset and colour, a paragraph style and a language — an `attributedText`.
public struct LabelText: Hashable, Sendable {
    /// The runs; nil when the whole text is one string in the label's font.
    public var runs: [TextRunSpec]?
    /// The paragraph style; nil is the label's own (natural alignment, or right for the
    /// right-aligned labels of value1 and value2 cells).
    public var paragraph: ParagraphStyle?
    /// The text's language (its fallback fonts and Han forms); nil is the font library's.
    public var language: TextLanguage?

    /// - Parameters: runs (nil for a plain string), a paragraph style and a language.
    public init(runs: [TextRunSpec]? = nil, paragraph: ParagraphStyle? = nil, language: TextLanguage? = nil) {
        self.runs = runs
        self.paragraph = paragraph
        self.language = language
    }
}

extension LabelText? {
    /// These attributes in `language` when they name none (a row's language for its texts,
    /// a table's for texts whose row names none).
    package func adopting(_ language: TextLanguage) -> LabelText {
        var text = self ?? LabelText()
        if text.language == nil { text.language = language }
        return text
    }
}

extension CellSpec {
    /// Every text of the row — its labels', its subviews' and its accessory view's — in
    /// `language` where it names none.
    package mutating func adoptLanguage(_ language: TextLanguage) {
        textAttributes = textAttributes.adopting(language)
        detailTextAttributes = detailTextAttributes.adopting(language)
        for i in subviews.indices { subviews[i].textAttributes = subviews[i].textAttributes.adopting(language) }
        if case .view(var view) = accessory {
            view.textAttributes = view.textAttributes.adopting(language)
            accessory = .view(view)
        }
    }
}

/// One run of a label's text, its font given as overrides of the label's font.
public struct TextRunSpec: Hashable, Sendable {
    /// The run's characters.
    public var text: String
    /// The keys of the label's font this run changes.
    public var font: FontOverride
    /// Points added after every character.
    public var kern: Double
    /// Points the run is raised.
    public var baselineOffset: Double
    /// The colour, nil for the label's.
    public var color: TextColor?

    /// - Parameters: see the properties.
    public init(_ text: String, font: FontOverride = FontOverride(), kern: Double = 0, baselineOffset: Double = 0,
                color: TextColor? = nil) {
        self.text = text
        self.font = font
        self.kern = kern
        self.baselineOffset = baselineOffset
        self.color = color
    }
}

/// Font keys that replace a base font's, key by key (nil keeps the base's).
public struct FontOverride: Hashable, Sendable {
    /// The family.
    public var family: String?
    /// A font file.
    public var file: String?
    /// The size in points.
    public var size: Double?
    /// The weight.
    public var weight: FontWeight?
    /// Whether italic.
    public var italic: Bool?
    /// A text style whose size (at the category) and weight the font takes.
    public var textStyle: TextStyle?
    /// The text style the size scales with (`UIFontMetrics`).
    public var relativeTo: TextStyle?
    /// Axis values by tag, added to (and replacing) the base's.
    public var variations: [String: Double]

    /// - Parameters: the keys to replace.
    public init(family: String? = nil, file: String? = nil, size: Double? = nil, weight: FontWeight? = nil,
                italic: Bool? = nil, textStyle: TextStyle? = nil, relativeTo: TextStyle? = nil,
                variations: [String: Double] = [:]) {
        self.family = family
        self.file = file
        self.size = size
        self.weight = weight
        self.italic = italic
        self.textStyle = textStyle
        self.relativeTo = relativeTo
        self.variations = variations
    }

    /// `base` with these keys replaced (a family replaces a file, and a file a family). A
    /// text style brings its weight (unless `weight` is given) and replaces a size; a size
    /// replaces a text style; `relativeTo` scales the size.
    public func applied(to base: FontSpec) -> FontSpec {
        var spec = base
        if let family {
            spec.family = family
            spec.file = nil
        }
        if let file { spec.file = file }
        if let textStyle {
            spec.textStyle = textStyle
            spec.relativeTo = nil
            spec.size = textStyle.size(at: .large)
            spec.weight = textStyle.weight
        }
        if let size {
            spec.size = size
            spec.textStyle = nil
        }
        if let relativeTo {
            spec.relativeTo = relativeTo
            spec.textStyle = nil
        }
        if let weight { spec.weight = weight }
        if let italic { spec.italic = italic }
        spec.variations.merge(variations) { $1 }
        return spec
    }
}
