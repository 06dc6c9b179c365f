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
        run(capacity: Double.formatted3Capacity) { $0.write(number) }
    }

    /// Appends a whole number (the text `write(Double(integer))` gives), without making a
    /// String of it.
    public mutating func write(_ integer: Int) {
        run(capacity: 20) { $0.write(integer) }
    }

    /// Appends a string with JSON escapes: `"`, `\`, line feed, carriage return and tab
    /// by their short escapes, every other byte below 0x20 as `\u00XX`, the rest as it is.
    /// The runs between escapes are appended whole; a short string without any (a label's
    /// or a row's id) in one copy with its quotes.
    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            var opened = false, start = 0
            for i in utf8.indices {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if !opened {
                    bytes.append(UInt8(ascii: "\""))
                    opened = true
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                escape(byte)
                start = i + 1
            }
            let rest = UnsafeBufferPointer(rebasing: utf8[start...])
            if opened || rest.count + 2 > Self.runCapacityLimit {
                if !opened { bytes.append(UInt8(ascii: "\"")) }
                bytes.append(contentsOf: rest)
                bytes.append(UInt8(ascii: "\""))
            } else {
                run(capacity: rest.count + 2) { run in
                    run.raw("\"")
                    run.raw(rest)
                    run.raw("\"")
                }
            }
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

    /// The most bytes a run may set aside: `withUnsafeTemporaryAllocation` keeps up to
    /// 1024 bytes on the stack and takes more from the heap (a malloc and a free a run).
    static let runCapacityLimit = 1024

    /// Appends what `body` writes into a `ByteRun` of at most `capacity` bytes (on the
    /// stack: `capacity` is at most `runCapacityLimit`), in one copy.
    mutating func run(capacity: Int, _ body: (inout ByteRun) -> Void) {
        precondition(capacity <= Self.runCapacityLimit, "JSONWriter.run: \(capacity) bytes, past the stack's \(Self.runCapacityLimit)")
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var run = ByteRun(buffer)
            body(&run)
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: run.count))
        }
    }

    /// Appends bytes that are already JSON (a part encoded by another writer).
    public mutating func raw(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Appends a part of bytes that are already JSON (one of several parts encoded one
    /// after the other by another writer).
    public mutating func raw(_ json: ArraySlice<UInt8>) {
        bytes.append(contentsOf: json)
    }

    /// How many bytes have been written so far.
    public var count: Int { bytes.count }

    /// Makes room for `capacity` bytes in all, so that writing up to that many allocates
    /// and copies no more.
    public mutating func reserveCapacity(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Empties the writer, keeping its storage.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }
}
