/// Bad input in a JSON document, with the path to the value at fault.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where: `sections[0].rows[12].accessory` (empty for the document itself).
    public let path: String
    /// What: `unknown accessory "chevron" (expected none, …)`.
    public let message: String
    /// For an unknown key: the keys the object takes there (the format reference's tables
    /// are checked against them).
    package var knownKeys: [String]? = nil

    /// - Parameters: the JSON path and the message. Both are kept to one line: a line
    /// break or other control character in them — a quoted value of the input, a key —
    /// is written as its JSON escape (`InputError.oneLine(_:)`).
    public init(path: String, _ message: String) {
        self.path = Self.oneLine(path)
        self.message = Self.oneLine(message)
    }

    /// `text` on one line: line feeds, carriage returns and tabs written as `\n`, `\r`,
    /// `\t`, the other C0 and C1 controls, DEL and the Unicode line and paragraph
    /// separators as `\u` and four hex digits, as JSON writes them, so that an error
    /// message quoting input stays the one line a located error is (SPEC.md).
    public static func oneLine(_ text: String) -> String {
        func breaks(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
        guard text.unicodeScalars.contains(where: breaks) else { return text }
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard breaks(scalar) else {
                line.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            line.append(contentsOf: escape.unicodeScalars)
        }
        return String(line)
    }

    /// "path: message", or the message alone at the root.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
