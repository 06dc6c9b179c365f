import CellLayoutFontLibrary
import CellLayoutPrepare
import CellLayoutCell

/// Reads texts as SPEC.md's "Attributed text and paragraph styles" writes them: a string or
/// an array of runs (`{"text", "font", "kern", "baselineOffset", "color"}`), and a
/// `"paragraph"` object with `NSParagraphStyle`'s keys. Errors name the JSON path
/// (`text[2].kern: must be a finite number`).
public struct TextDecoder: Sendable {
    /// The largest font size the JSON format and the CLI take, in points: a run's or a
    /// row's `"size"` and `measure --size` alike (JSONFormat.md, "Limits").
    public static let maximumFontSize: Double = 1000

    /// Run fonts are checked against this library.
    public let fonts: FontLibrary

    /// - Parameter fonts: the library run fonts are looked up in.
    public init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// A text at `path`: its string, and its runs when it is an array (nil for a string).
    /// Each run's font is resolved over `base` to make sure it exists.
    /// - Throws: `InputError`.
    public func text(_ value: JSONValue, path: String, base: FontSpec) throws(InputError)
        -> (string: String, runs: [TextRunSpec]?) {
        let node = JSONNode(value, path: path)
        if case .string(let string) = value { return (string, nil) }
        guard case .array = value else { throw node.error("expected a string or an array of runs, got \(value.typeName)") }
        let runs = try node.elements().map { node throws(InputError) in try run(node, base: base) }
        return (runs.map(\.text).joined(), runs)
    }

    /// A `"language"` value: a BCP 47 tag (`TextLanguage`).
    /// - Throws: `InputError` naming the value when it is not a string or not a tag.
    static func language(_ node: JSONNode) throws(InputError) -> TextLanguage {
        let tag = try node.string()
        guard let language = TextLanguage(tag) else {
            throw node.error("expected a BCP 47 language tag such as ja, zh-Hans, zh-Hant or ko, got \"\(tag)\"")
        }
        return language
    }

    /// A `"language"` value at `path` (see `language(_:)`).
    /// - Throws: `InputError`.
    public func language(_ value: JSONValue, path: String) throws(InputError) -> TextLanguage {
        try Self.language(JSONNode(value, path: path))
    }

    /// A `"paragraph"` object at `path`.
    /// - Throws: `InputError`.
    public func paragraph(_ value: JSONValue, path: String) throws(InputError) -> ParagraphStyle {
        try paragraph(JSONNode(value, path: path))
    }

    func run(_ node: JSONNode, base: FontSpec) throws(InputError) -> TextRunSpec {
        let m = try node.members(known: ["text", "font", "kern", "baselineOffset", "color"])
        guard let text = m["text"] else { throw node.error("missing \"text\"") }
        var run = TextRunSpec(try text.string())
        if let font = m["font"] { run.font = try fontOverride(font, base: base) }
        if let kern = m["kern"] { run.kern = try kern.finite(in: -1000...1000) }
        if let offset = m["baselineOffset"] { run.baselineOffset = try offset.finite(in: -1000...1000) }
        if let color = m["color"] {
            let hex = try color.string()
            guard let parsed = TextColor(hex: hex) else {
                throw color.error("expected a colour as #rrggbb or #rrggbbaa, got \"\(hex)\"")
            }
            run.color = parsed
        }
        return run
    }

    private func fontOverride(_ node: JSONNode, base: FontSpec) throws(InputError) -> FontOverride {
        let font = try Self.fontKeys(node)
        do {
            _ = try font.applied(to: base).resolve(in: fonts)
        } catch let error as FontError {
            throw node.error(error.description)
        } catch {
            throw node.error("\(error)")
        }
        return font
    }

    /// The keys of a FONT object (family or file, size, weight, italic; a text style, or a
    /// size scaled relative to one; variations), unresolved.
    static func fontKeys(_ node: JSONNode) throws(InputError) -> FontOverride {
        guard case .object = node.value else { throw fontFormError(node) }
        let m = try node.members(known: ["family", "file", "size", "weight", "italic", "textStyle", "relativeTo", "variations"])
        var font = FontOverride()
        if let family = m["family"] { font.family = try family.string() }
        if let file = m["file"] { font.file = try file.string() }
        if let size = m["size"] { font.size = try size.positive(maximum: Self.maximumFontSize) }
        if let weight = m["weight"] { font.weight = try weight.choice("font weight") }
        if let italic = m["italic"] { font.italic = try italic.bool() }
        if let style = m["textStyle"] {
            font.textStyle = try textStyle(style)
            for key in ["size", "relativeTo"] {
                if let given = m[key] { throw given.error("give \"textStyle\" or \"\(key)\", not both") }
            }
        }
        if let style = m["relativeTo"] { font.relativeTo = try textStyle(style) }
        if let variations = m["variations"] {
            for (tag, value) in try variations.members(known: nil) {
                guard FontAxis.isTag(tag) else {
                    throw value.error("a variation axis is a four-letter tag such as wght, wdth or opsz")
                }
                font.variations[tag] = try value.finite(in: -1e5...1e5)
            }
        }
        return font
    }

    /// The error for a FONT that is not an object: it names the forms a font takes, and the
    /// one the value most likely meant (a text style's name, a size).
    private static func fontFormError(_ node: JSONNode) -> InputError {
        let forms = #"a font is an object: {"family", "size", "weight", "italic"}, {"file", "size"} or {"textStyle"}"#
        var hint = ""
        switch node.value {
        case .string(let name) where TextStyle(named: name) != nil:
            hint = #"; for a text style write {"textStyle": "\#(name)"}"#
        case .string(let name) where FontWeight(named: name) != nil:
            hint = #"; for a weight write {"weight": "\#(name)"}"#
        case .string(let name):
            hint = #"; for a family write {"family": "\#(name)"}"#
        case .number(let size):
            hint = #"; for the system font at a size write {"size": \#(size.formatted3)}"#
        default: break
        }
        return node.error("expected a font, got \(node.value.typeName) (\(forms)\(hint))")
    }

    /// A `"textStyle"` or `"relativeTo"` value: one of the 11 `UIFont.TextStyle` names.
    static func textStyle(_ node: JSONNode) throws(InputError) -> TextStyle {
        try node.choice("text style")
    }

    /// A `"contentSizeCategory"` value: one of the 12 `UIContentSizeCategory` names.
    static func contentSizeCategory(_ node: JSONNode) throws(InputError) -> ContentSizeCategory {
        try node.choice("content size category")
    }

    /// A `"contentSizeCategory"` value at `path` (`contentSizeCategory(_:)`).
    /// - Throws: `InputError`.
    public func contentSizeCategory(_ value: JSONValue, path: String) throws(InputError) -> ContentSizeCategory {
        try Self.contentSizeCategory(JSONNode(value, path: path))
    }

    func paragraph(_ node: JSONNode) throws(InputError) -> ParagraphStyle {
        let m = try node.members(known: [
            "alignment", "lineSpacing", "lineHeightMultiple", "minimumLineHeight", "maximumLineHeight",
            "paragraphSpacing", "paragraphSpacingBefore", "firstLineHeadIndent", "headIndent", "tailIndent",
        ])
        var style = ParagraphStyle()
        if let alignment = m["alignment"] { style.alignment = try alignment.choice("alignment") }
        func nonNegative(_ key: String) throws(InputError) -> Double {
            guard let node = m[key] else { return 0 }
            let value = try node.finite(in: -1e5...1e5)
            guard value >= 0 else { throw node.error("must not be negative, got \(value.formatted3)") }
            return value
        }
        style.lineSpacing = try nonNegative("lineSpacing")
        style.lineHeightMultiple = try nonNegative("lineHeightMultiple")
        style.minimumLineHeight = try nonNegative("minimumLineHeight")
        style.maximumLineHeight = try nonNegative("maximumLineHeight")
        style.paragraphSpacing = try nonNegative("paragraphSpacing")
        style.paragraphSpacingBefore = try nonNegative("paragraphSpacingBefore")
        style.firstLineHeadIndent = try nonNegative("firstLineHeadIndent")
        style.headIndent = try nonNegative("headIndent")
        if let tail = m["tailIndent"] { style.tailIndent = try tail.finite(in: -1e5...1e5) }
        return style
    }
}

extension JSONNode {
    /// A finite number in `range` ("must be a finite number" for anything else).
    func finite(in range: ClosedRange<Double>) throws(InputError) -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw error("must be a finite number, got \(value.typeName)")
        }
        guard range.contains(number) else {
            throw error("must be from \(range.lowerBound.formatted3) to \(range.upperBound.formatted3), got \(number.formatted3)")
        }
        return number
    }
}
