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

    /// Appends a string with JSON escapes: `"`, `\`, line feed, carriage return and tab
    /// by their short escapes, every other byte below 0x20 as `\u00XX`, the rest as it is.
    /// The runs between escapes are appended whole (a label id or row id has none).
    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var start = 0
            for i in utf8.indices {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                escape(byte)
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends the JSON escape of `byte`, a quote, a backslash or a control character.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            let hex = Array("0123456789abcdef".utf8)
            raw("\\u00")
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }

    /// Appends text that is already JSON (punctuation, literals), its UTF-8 in one copy.
    public mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
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
