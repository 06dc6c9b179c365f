import CellLayout

/// Reading JSON Lines rows; errors say what is wrong, and the stream adds `file:line:`.
enum Rows {
    /// The line parsed as a JSON object.
    /// - Throws: `CLIError` "`invalid JSON: column 9: …`", or when the line is not an object.
    static func object(_ line: ArraySlice<UInt8>) throws -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(line))
        } catch {
            throw CLIError("invalid JSON: column \(error.column): \(error.reason)")
        }
        guard case .object = value else {
            throw CLIError("expected a JSON object, got \(value.typeName)")
        }
        return value
    }
}
