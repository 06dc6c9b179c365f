import CellLayout

/// Reading JSON Lines rows, with errors that name the file and line.
enum Rows {
    /// The line parsed as a JSON object.
    /// - Throws: `CLIError` "`file:line: invalid JSON: line 1, column 9: …`", or when the
    ///   line is not an object.
    static func object(_ line: ArraySlice<UInt8>, reader: LineReader) throws -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(line))
        } catch {
            throw CLIError("\(reader.name):\(reader.lineNumber): invalid JSON: column \(error.column): \(error.reason)")
        }
        guard case .object = value else {
            throw CLIError("\(reader.name):\(reader.lineNumber): expected a JSON object, got \(value.typeName)")
        }
        return value
    }

    /// The string under `key`.
    /// - Throws: `CLIError` when it is missing or not a string.
    static func text(_ row: JSONValue, key: String, reader: LineReader) throws -> String {
        guard let value = row[key] else {
            throw CLIError("\(reader.name):\(reader.lineNumber): missing \"\(key)\"")
        }
        guard case .string(let text) = value else {
            throw CLIError("\(reader.name):\(reader.lineNumber): \(key): expected a string, got \(value.typeName)")
        }
        return text
    }
}
