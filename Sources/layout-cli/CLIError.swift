import CellLayout

/// Bad input: printed as one line on stderr, exit code 1.
///
/// The message starts with where the problem is — a file and line, a JSON path, an
/// option — and says what is wrong: `texts.jsonl:481: invalid JSON: line 1, column 9: …`,
/// `--width: must be a positive number, got -3`.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    /// A file name, an option's value or a quoted input in `description` cannot break the
    /// line: control characters are written as JSON escapes (`InputError.oneLine(_:)`).
    init(_ description: String) { self.description = InputError.oneLine(description) }
}
