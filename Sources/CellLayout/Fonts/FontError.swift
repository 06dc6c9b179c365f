/// Why a font could not be found or loaded.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist, cannot be read, or holds no font HarfBuzz can open.
    case unreadableFile(path: String)
    /// No bundled, added or system font has this family name.
    case unknownFamily(String, known: [String])
    /// The size is not a positive, finite number of points.
    case invalidSize(Double)

    /// A one-line message naming the font and the problem.
    public var description: String {
        switch self {
        case .unreadableFile(let path):
            "cannot read a font from \"\(path)\""
        case .unknownFamily(let family, let known):
            "unknown font family \"\(family)\" (known: \(known.joined(separator: ", ")))"
        case .invalidSize(let size):
            "font size must be a positive number, got \(size)"
        }
    }
}
