/// Writes compact JSON with a fixed key order and numbers rounded to three decimals, so
/// that the same input always gives byte-identical output.
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Appends `value` (object members in their stored order).
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): raw(b ? "true" : "false")
        case .number(let n): write(n)
        case .string(let s): write(s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a number, rounded to at most three decimals.
    public mutating func write(_ number: Double) {
        if number.isFinite { number.appendFormatted3(to: &bytes) } else { raw("null") }
    }

    /// Appends a whole number (the text `write(Double(integer))` gives), without making a
    /// String of it.
    public mutating func write(_ integer: Int) {
        Int64(integer).appendDecimal(to: &bytes)
    }

    /// Appends a string with JSON escapes.
    public mutating func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends text that is already JSON (punctuation, literals).
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes that are already JSON (a part encoded by another writer).
    public mutating func raw(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Empties the writer, keeping its storage.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }
}
