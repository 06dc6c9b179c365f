import CellLayoutCell

extension RowID {
    /// The id a row's `"id"` names: `null` is none, a string or a number is itself, and
    /// any other value (an array, an object, a boolean) is kept as its compact JSON text,
    /// so that the output echoes it unchanged.
    public init(json: JSONValue) {
        switch json {
        case .null: self = .none
        case .string(let s): self.init(s)
        case .number(let n): self.init(n)
        case .bool, .array, .object:
            var writer = JSONWriter()
            writer.write(json)
            self.init(storage: .encoded(String(decoding: writer.bytes, as: UTF8.self)))
        }
    }
}

extension RowID {
    /// The id as a JSON value, as `init(json:)` took it (`null` without one).
    public var json: JSONValue {
        switch storage {
        case .none: .null
        case .string(let s): .string(s)
        case .number(let n): .number(n)
        // The JSON layer encoded it, so it parses.
        case .encoded(let text): (try? JSONParser.parse(Array(text.utf8))) ?? .string(text)
        }
    }
}

extension JSONWriter {
    /// Appends a row id as the JSON value it came from (`null` without one).
    public mutating func write(_ id: RowID) {
        switch id.storage {
        case .none: raw("null")
        case .string(let s): write(s)
        case .number(let n): write(n)
        case .encoded(let text): raw(text)
        }
    }
}
