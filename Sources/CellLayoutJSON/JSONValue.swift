/// A JSON value, with object keys kept in document order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The value of `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// "a string", "a number", … — how error messages name the value's type.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Values are equal when they have the same type and contents (object members in
    /// the same order).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.elementsEqual(y) { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// Hashes the type and contents.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let x): hasher.combine(x)
        case .number(let x): hasher.combine(x)
        case .string(let x): hasher.combine(x)
        case .array(let x): hasher.combine(x)
        case .object(let x):
            for member in x { hasher.combine(member.key); hasher.combine(member.value) }
        }
    }
}

/// `"wifi"` where a JSON value is expected.
extension JSONValue: ExpressibleByStringLiteral {
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
}

/// `7` where a JSON value is expected.
extension JSONValue: ExpressibleByIntegerLiteral {
    /// A number value.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}
