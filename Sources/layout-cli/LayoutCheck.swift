import CellLayout

/// `layout --check golden.json`: compares the layout with a stored one and lists every
/// difference on standard output, one per line; any difference is exit 1.
struct LayoutCheck {
    /// The golden layout file.
    let path: String
    /// How far numbers may differ and still match, in points.
    let tolerance: Double

    /// Reads `--check` and `--tolerance`.
    init(path: String, tolerance: String?) throws {
        self.path = path
        self.tolerance = try tolerance.map {
            guard let value = OptionValues.decimal($0), value.isFinite, value >= 0 else {
                throw CLIError("--tolerance: must be a number of points, 0 or more, got \($0)")
            }
            return value
        } ?? 0
    }

    /// Compares `layout` (the layout document just written) with the golden file.
    /// - Throws: `CLIError` when the file cannot be read or is not a layout, when it holds
    ///   a rotation sequence and `layout` does not (or the other way round), and when the
    ///   two differ (after printing the differences).
    func compare(_ layout: [UInt8]) throws {
        var reader = try LineReader(path: path)
        let golden: JSONValue
        let bytes = try reader.readAll()
        // What `layout table.json > golden.json` leaves when layout failed: the shell made
        // the file before the command ran.
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw CLIError("\(reader.name): empty: a golden file is what `layout` writes (an empty one is left by "
                + "`layout … > \(reader.name)` when that layout failed: run it again and read its error)")
        }
        do {
            golden = try JSONParser.parse(bytes)
            try LayoutComparison.validate(golden)
        } catch let error as JSONParser.SyntaxError {
            throw CLIError("\(reader.name): invalid JSON: \(error)")
        } catch let error as InputError {
            throw CLIError("\(reader.name): \(error)")
        }
        let current = try JSONParser.parse(layout)
        switch (current["layouts"] != nil, golden["layouts"] != nil) {
        case (false, true):
            throw CLIError("\(reader.name): holds a rotation sequence ({\"layouts\": …}): check it with --widths")
        case (true, false):
            throw CLIError("\(reader.name): holds one layout, not a rotation sequence: check it without --widths")
        default: break
        }
        let differences = LayoutComparison.differences(current, golden: golden, tolerance: tolerance)
        guard !differences.isEmpty else { return }
        for difference in differences { try Output.writeLine(Array(difference.description.utf8)) }
        let count = differences.count == 1 ? "1 difference" : "\(differences.count) differences"
        throw CLIError("\(reader.name): \(count) from the layout (tolerance \(tolerance.formatted3))")
    }
}
