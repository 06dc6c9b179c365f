import CellLayout

/// Reading JSON Lines rows; errors say what is wrong, and the stream adds `file:line:`.
enum Rows {
    /// The line parsed as a JSON object.
    /// - Parameter command: the command reading the rows, which the hint for a line that
    ///   ends inside its value names.
    /// - Throws: `CLIError` "`invalid JSON: column 9: …`", or when the line is not an object.
    ///   A line that ends before its value does (a pretty-printed document's first line,
    ///   `{`) says that the command reads one JSON object per line.
    static func object(_ line: ArraySlice<UInt8>, command: String) throws -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(line))
        } catch {
            let hint = error.reason.hasSuffix("found the end of the input")
                ? " (\(command) reads one JSON object per line: a value that spans several lines, such as a "
                    + "pretty-printed document, must be written on one, e.g. with jq -c)"
                : ""
            throw CLIError("invalid JSON: column \(error.column): \(error.reason)\(hint)")
        }
        guard case .object = value else {
            throw CLIError("expected a JSON object, got \(value.typeName)")
        }
        return value
    }

    /// Refuses a line that is a whole table document (it has `"sections"` or `"rows"`), which
    /// `command` does not read: a row of its own is what each line must be.
    /// - Parameter expected: what a line of `command` is, as the error says it.
    static func refuseTableDocument(_ row: JSONValue, command: String, expected: String) throws {
        guard let key = ["sections", "rows"].first(where: { row[$0] != nil }) else { return }
        throw CLIError("this line is a table document (it has \"\(key)\"): \(command) reads \(expected) per line; "
                       + "lay a table document out with layout FILE, without --jsonl")
    }
}
