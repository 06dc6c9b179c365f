import CellLayoutPrepare

/// A strict JSON parser (RFC 8259) whose errors say where: line, column and what.
///
/// Foundation's parsers on Linux report neither line nor column, and SPEC.md wants both,
/// so this small recursive-descent parser reads the documents and JSON Lines the CLI takes.
/// Nesting is limited (512 levels) so that hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Why a document is not JSON, and where.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line of the offending byte in the document.
        public let line: Int
        /// 1-based column (in bytes) of the offending byte.
        public let column: Int
        /// What is wrong, e.g. `expected ',' or '}' after an object member`.
        public let reason: String

        /// "line 3, column 14: expected ':' after an object key".
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 512

    /// Parses one JSON document from UTF-8 bytes (white space around it, and a byte order
    /// mark before it, allowed).
    /// - Throws: `SyntaxError` for anything but exactly one valid JSON value, invalid
    ///   UTF-8 included.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark, as editors save files, is skipped at the very start.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Parses the one value at the start of `bytes`, as it stands `depth` containers deep
    /// in a document (the nesting limit counts them), leaving the bytes after it unread: how
    /// a streamed document's pieces are parsed with the errors the whole document would give.
    /// Nothing is skipped before the value (white space, a byte order mark).
    /// - Returns: the value and the number of bytes it took.
    /// - Throws: `SyntaxError`, located in `bytes`.
    public static func parsePrefix(_ bytes: [UInt8], depth: Int) throws(SyntaxError) -> (value: JSONValue, count: Int) {
        var parser = JSONParser(bytes: bytes)
        parser.depth = depth
        let value = try parser.parseValue()
        return (value, parser.index)
    }

    /// Parses one JSON document from a string.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String, at position: Int? = nil) -> SyntaxError {
        let at = min(position ?? index, bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<at where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return SyntaxError(line: line, column: at - lineStart + 1, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private var found: String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found \(found)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let start = index
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                index = start
                throw error("expected a value, found \(found)")
            }
            index += 1
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nested deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key, found \(found)")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \(key.debugDescription), found \(found)")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' after an object member, found \(found)")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']' after an array element, found \(found)")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit, found \(found)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.', found \(found)") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent, found \(found)") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range", at: start) }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = bytes[start..<index]
                guard let string = String(validating: raw, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                try checkLength(string, at: start)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        // With escapes: the string's UTF-8 gathered in one buffer (escapes encoded in
        // place) and checked once at the end, so its cost is linear in its length. An
        // escape's bytes never continue a cut sequence before them, nor are continued by
        // raw bytes after them, so checking the whole equals checking each raw stretch.
        index = start
        var utf8: [UInt8] = []
        utf8.reserveCapacity(64)
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 { throw error("control character (byte 0x\(String(byte, radix: 16))) in a string; escape it") }
            if byte != UInt8(ascii: "\\") { utf8.append(byte); index += 1; continue }
            index += 1
            guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                // A lone surrogate cannot be a Swift string: it reads as U+FFFD.
                utf8.append(contentsOf: UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}")!)
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
            }
        }
        guard let string = String(validating: utf8, as: UTF8.self) else {
            throw error("invalid UTF-8 in a string", at: start)
        }
        try checkLength(string, at: start)
        return string
    }

    /// Refuses a string longer than the longest text (`PreparedText.maxUTF16Count`), so
    /// that a huge text is a located error rather than a run out of memory. A string of
    /// no more UTF-8 bytes than that has no more UTF-16 code units either.
    private func checkLength(_ string: String, at start: Int) throws(SyntaxError) {
        let limit = PreparedText.maxUTF16Count
        guard string.utf8.count > limit, string.utf16.count > limit else { return }
        throw error("a string of \(string.utf16.count) UTF-16 code units is longer than the limit of \(limit)",
                    at: start)
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hex digits after \\u")
        }
        index += 4
        return value
    }
}
