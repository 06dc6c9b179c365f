/// Why a font could not be found or loaded.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist, cannot be read, or holds no font HarfBuzz can open.
    case unreadableFile(path: String)
    /// The path names a FIFO, a device, a socket or a folder, not a regular file (`kind`
    /// says which: "a FIFO", "a character device", …). It is never opened: opening a FIFO
    /// blocks until a writer comes, reading a device may never end.
    case notARegularFile(path: String, kind: String)
    /// The file is a font whose tables contradict the file or each other (a table past the
    /// end of the file, `hmtx` shorter than `hhea` and `maxp` say, …): its numbers would be
    /// wrong, so it is refused.
    case malformedFile(path: String, problem: String)
    /// No bundled, added or system font has this family name; `known` lists the names a
    /// table may use: `"system"` (the default family) first, then the bundled and added families.
    case unknownFamily(String, known: [String])
    /// At `size` points, glyph `glyph` of the font (`units` wide at `unitsPerEm` units per
    /// em) would be wider than a glyph position holds (Int32 layout units: 2,097,152 pt).
    /// Legal advances reach 65,535 units, so a font of few units per em meets this at a
    /// large size; the font is refused at that size only.
    case glyphTooWide(path: String, size: Double, glyph: Int, units: Int, unitsPerEm: Int)
    /// The size is not a positive, finite number of points, at most `Font.maximumSize`.
    case invalidSize(Double)
    /// The language is not a well-formed BCP 47 tag (`TextLanguage`).
    case invalidLanguage(String)
    /// A `"variations"` axis the font does not have; `known` lists the axes it has (none
    /// for a font that is not variable).
    case unknownAxis(String, font: String, known: [String])
    /// A `"variations"` value outside the axis's range (written by hand, so not clamped).
    case axisValueOutOfRange(String, value: Double, min: Double, max: Double)

    /// A one-line message naming the font and the problem.
    public var description: String {
        switch self {
        case .unreadableFile(let path):
            "cannot read a font from \"\(path)\""
        case .notARegularFile(let path, let kind):
            "cannot read a font from \"\(path)\": it is \(kind), not a regular file"
        case .malformedFile(let path, let problem):
            "the font \"\(path)\" is damaged: \(problem)"
        case .unknownFamily(let family, let known):
            "unknown font family \"\(family)\" (known: \(known.joined(separator: ", ")))"
        case .glyphTooWide(let path, let size, let glyph, let units, let unitsPerEm):
            "the font \"\(path)\" at \(size.formatted3) pt: glyph \(glyph) is \(units) units wide at \(unitsPerEm) per em, "
                + "more than the 2,097,152 pt a glyph position holds"
        case .invalidSize(let size):
            "font size must be a positive number of points, at most \(Int(Font.maximumSize)), got \(size)"
        case .invalidLanguage(let tag):
            "language must be a BCP 47 tag such as ja, zh-Hans, zh-Hant or ko, got \"\(tag)\""
        case .unknownAxis(let tag, let font, let known):
            known.isEmpty ? "variation axis \"\(tag)\": \(font) is not a variable font"
                : "unknown variation axis \"\(tag)\" for \(font) (it has \(known.joined(separator: ", ")))"
        case .axisValueOutOfRange(let tag, let value, let min, let max):
            "variation \"\(tag)\" must be from \(min.formatted3) to \(max.formatted3), got \(value.formatted3)"
        }
    }
}
