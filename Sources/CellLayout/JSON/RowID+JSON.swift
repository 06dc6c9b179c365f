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
