/// A row's identity as its caller gave it: opaque to layout, which only carries it to
/// the output (and compares it, nowhere else).
///
/// In Swift, a string or a number (`RowID("wifi")`, `.string("wifi")`, `RowID(7)`, or a
/// literal); from JSON input, any JSON value (see `TableDecoder`), kept as the JSON layer
/// hands it over.
public struct RowID: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    package enum Storage: Hashable, Sendable {
        case none
        case string(String)
        case number(Double)
        /// Any other value, as the text its maker encoded it to (the JSON layer: an array,
        /// an object or a boolean as compact JSON).
        case encoded(String)
    }

    package let storage: Storage

    package init(storage: Storage) { self.storage = storage }

    /// No id (JSON `null`).
    public static let none = RowID(storage: .none)

    /// A string id.
    public init(_ string: String) { storage = .string(string) }

    /// A numeric id.
    public init(_ number: Double) { storage = .number(number) }

    /// An integer id.
    public init(_ number: Int) { storage = .number(Double(number)) }

    /// A string literal is a string id.
    public init(stringLiteral value: String) { self.init(value) }

    /// An integer literal is a numeric id.
    public init(integerLiteral value: Int) { self.init(value) }

    /// A string id (`.string("wifi")`, as a JSON id is written).
    public static func string(_ string: String) -> RowID { RowID(string) }

    /// A numeric id (`.number(7)`).
    public static func number(_ number: Double) -> RowID { RowID(number) }

    /// The id when it is a string.
    public var stringValue: String? { if case .string(let s) = storage { s } else { nil } }

    /// The id when it is a number.
    public var numberValue: Double? { if case .number(let n) = storage { n } else { nil } }

    /// The string, the number, or the encoded value; "none" without an id.
    public var description: String {
        switch storage {
        case .none: "none"
        case .string(let s): s
        case .number(let n): n.formatted3
        case .encoded(let text): text
        }
    }
}
