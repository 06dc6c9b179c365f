import CellLayout

/// The first pass over a table document: everything but the rows, parsed, and where each
/// row lies, so that the rows can then be streamed whatever the order of the document's
/// keys (a table's `"width"`, `"style"` and `"metrics"` may come after its rows).
///
/// Each row is found by its brackets (strings and escapes skipped) and parsed only later;
/// everything else goes through `JSONParser` piece by piece, with the bytes after each
/// piece in view, so that every syntax error reads exactly as the whole document's parse
/// would give it (same line, column and words). A document whose root is not an object is
/// no table: `skeleton` is nil and the caller parses it whole for its error.
struct DocumentOutline {
    /// The rows of one `"rows"` array: the section they belong to, their JSON path, and
    /// each row's byte range in the document.
    struct RowList {
        let section: Int
        let path: String
        /// How many containers enclose each row (the parser's nesting limit counts them).
        let depth: Int
        var starts: [Int] = []
        var ends: [Int] = []
    }

    /// The document with every `"rows"` array emptied (a table for `TableDecoder`), or nil
    /// when the root is not an object.
    private(set) var skeleton: JSONValue?
    /// The rows, in document order.
    private(set) var rowLists: [RowList] = []

    private var position = 0

    /// Walks `file`.
    /// - Throws: `CLIError` for a syntax error outside the rows (or inside one before it),
    ///   or a read error.
    init(_ file: inout FileBytes) throws {
        if try file.bytes(0..<3) == [0xEF, 0xBB, 0xBF] { position = 3 }
        try skipWhitespace(&file)
        guard try file.byte(at: position) == UInt8(ascii: "{") else { return }
        do {
            skeleton = try object(&file, depth: 0, section: nil)
            try skipWhitespace(&file)
            if position < file.size { throw try syntaxError(&file, "unexpected text after the JSON value") }
        } catch {
            // The whole document's parse would have stopped at a bad row before this.
            if let earlier = try firstBadRow(&file, after: nil) { throw earlier }
            throw error
        }
    }

    /// The first row, after `row` (list, index) or from the start, that is not JSON: its
    /// error located in the document.
    /// - Throws: `CLIError` when reading fails.
    func firstBadRow(_ file: inout FileBytes, after row: (list: Int, index: Int)?) throws -> CLIError? {
        for l in (row?.list ?? 0)..<rowLists.count {
            let list = rowLists[l]
            let first = l == row?.list ? row!.index + 1 : 0
            for r in first..<list.starts.count {
                let bytes = try file.bytes(list.starts[r]..<list.ends[r])
                do {
                    _ = try JSONParser.parsePrefix(bytes, depth: list.depth)
                } catch {
                    return try Self.locate(error, at: list.starts[r], in: &file)
                }
            }
        }
        return nil
    }

    /// `error`, found in a piece of the document starting at `offset`, as the document's
    /// error: "name: invalid JSON: line L, column C: reason".
    static func locate(_ error: JSONParser.SyntaxError, at offset: Int, in file: inout FileBytes) throws -> CLIError {
        let start = try file.location(of: offset)
        let line = start.line + error.line - 1
        let column = error.line == 1 ? start.column + error.column - 1 : error.column
        return CLIError("\(file.name): invalid JSON: line \(line), column \(column): \(error.reason)")
    }

    // MARK: The walk (its errors word for word `JSONParser`'s)

    /// An object at `position`; `section` is the index of the section it is (its `"rows"`
    /// are streamed), nil for the root (its `"sections"` and `"rows"` are walked).
    private mutating func object(_ file: inout FileBytes, depth: Int, section: Int?) throws -> JSONValue {
        let depth = depth + 1
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        try skipWhitespace(&file)
        if try file.byte(at: position) == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            try skipWhitespace(&file)
            guard try file.byte(at: position) == UInt8(ascii: "\"") else {
                throw try syntaxError(&file, "expected a string key, found \(found(&file))")
            }
            guard case .string(let key) = try value(&file, depth: depth) else { preconditionFailure("a string") }
            try skipWhitespace(&file)
            guard try file.byte(at: position) == UInt8(ascii: ":") else {
                throw try syntaxError(&file, "expected ':' after the key \(key.debugDescription), found \(found(&file))")
            }
            position += 1
            try skipWhitespace(&file)
            let isArray = try file.byte(at: position) == UInt8(ascii: "[")
            if isArray, key == "rows" {
                let path = section.map { "sections[\($0)].rows" } ?? "rows"
                try rows(&file, depth: depth, list: RowList(section: section ?? 0, path: path, depth: depth + 1))
                members.append((key, .array([])))
            } else if isArray, key == "sections", section == nil {
                var elements: [JSONValue] = []
                try array(&file, depth: depth) { outline, file, depth in
                    elements.append(try file.byte(at: outline.position) == UInt8(ascii: "{")
                        ? try outline.object(&file, depth: depth, section: elements.count)
                        : try outline.value(&file, depth: depth))
                }
                members.append((key, .array(elements)))
            } else {
                members.append((key, try value(&file, depth: depth)))
            }
            try skipWhitespace(&file)
            guard let byte = try file.byte(at: position) else {
                throw try syntaxError(&file, "expected ',' or '}', found the end of the input")
            }
            position += 1
            if byte == UInt8(ascii: ",") { continue }
            if byte == UInt8(ascii: "}") { return .object(members) }
            position -= 1
            throw try syntaxError(&file, "expected ',' or '}' after an object member, found \(found(&file))")
        }
    }

    /// A `"rows"` array: each row's range recorded, not parsed (a row that is not an
    /// object or array is parsed, to know where it ends).
    private mutating func rows(_ file: inout FileBytes, depth: Int, list: RowList) throws {
        rowLists.append(list)
        let l = rowLists.count - 1
        try array(&file, depth: depth) { outline, file, depth in
            let start = outline.position
            switch try file.byte(at: start) {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""):
                outline.position = try Self.end(ofValueAt: start, in: &file, depth: depth)
            default:
                _ = try outline.value(&file, depth: depth)
            }
            outline.rowLists[l].starts.append(start)
            outline.rowLists[l].ends.append(outline.position)
        }
    }

    /// An array at `position`, each element read by `element` (at the element's first byte,
    /// with the array's depth).
    private mutating func array(
        _ file: inout FileBytes, depth: Int, element: (inout Self, inout FileBytes, Int) throws -> Void
    ) throws {
        let depth = depth + 1
        position += 1
        try skipWhitespace(&file)
        if try file.byte(at: position) == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            try skipWhitespace(&file)
            try element(&self, &file, depth)
            try skipWhitespace(&file)
            guard let byte = try file.byte(at: position) else {
                throw try syntaxError(&file, "expected ',' or ']', found the end of the input")
            }
            position += 1
            if byte == UInt8(ascii: ",") { continue }
            if byte == UInt8(ascii: "]") { return }
            position -= 1
            throw try syntaxError(&file, "expected ',' or ']' after an array element, found \(found(&file))")
        }
    }

    /// The value at `position`, parsed, `position` moved past it.
    private mutating func value(_ file: inout FileBytes, depth: Int) throws -> JSONValue {
        let start = position
        // The parser sees the byte after the value too, as it would in the whole document.
        let end = try Self.end(ofValueAt: start, in: &file, depth: depth)
        let bytes = try file.bytes(start..<(end + 1))
        do {
            let (value, count) = try JSONParser.parsePrefix(bytes, depth: depth)
            position += count
            return value
        } catch {
            throw try Self.locate(error, at: start, in: &file)
        }
    }

    /// Where the value at `start` ends, going by brackets and string quotes alone: after
    /// its closing bracket or quote; at a bracket that closes the wrong thing (after it), at
    /// a depth past the parser's limit, or at the end of the file, where parsing it will
    /// find the error. A number or literal ends before the first byte that cannot be in one.
    static func end(ofValueAt start: Int, in file: inout FileBytes, depth: Int) throws -> Int {
        guard let first = try file.byte(at: start) else { return start }
        if first != UInt8(ascii: "{"), first != UInt8(ascii: "["), first != UInt8(ascii: "\"") {
            var end = start
            while let byte = try file.byte(at: end), isScalarByte(byte), end - start < 1 << 20 { end += 1 }
            return end
        }
        var closers: [UInt8] = []
        var inString = false, escaped = false
        let limit = 512 - depth
        var offset = start
        while true {
            let chunk = try file.chunk(at: offset)
            if chunk.isEmpty { return offset }
            let stop: Int? = chunk.withUnsafeBufferPointer { bytes in
                for i in 0..<bytes.count {
                    let byte = bytes[i]
                    if inString {
                        if escaped {
                            escaped = false
                        } else if byte == UInt8(ascii: "\\") {
                            escaped = true
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                            if closers.isEmpty { return i + 1 }
                        }
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        closers.append(byte + 2)
                        if closers.count > limit { return i + 1 }
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        guard closers.last == byte else { return i + 1 }
                        closers.removeLast()
                        if closers.isEmpty { return i + 1 }
                    default: break
                    }
                }
                return nil
            }
            if let stop { return offset + stop }
            offset += chunk.count
        }
    }

    /// Bytes a number or a literal (true, false, null) is made of.
    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): true
        default: false
        }
    }

    private mutating func skipWhitespace(_ file: inout FileBytes) throws {
        while let byte = try file.byte(at: position), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            position += 1
        }
    }

    /// How `JSONParser` names the byte at `position`.
    private func found(_ file: inout FileBytes) throws -> String {
        guard let byte = try file.byte(at: position) else { return "the end of the input" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func syntaxError(_ file: inout FileBytes, _ reason: String) throws -> CLIError {
        let (line, column) = try file.location(of: position)
        return CLIError("\(file.name): invalid JSON: line \(line), column \(column): \(reason)")
    }
}
