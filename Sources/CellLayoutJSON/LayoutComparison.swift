import CellLayoutTable

/// One place where a table's layout differs from a stored (golden) layout.
public struct LayoutDifference: Sendable, Equatable, CustomStringConvertible {
    /// Where, as a JSON path into the layout document: `sections[0].rows[3].textLabel`,
    /// `layouts[1].contentHeight`.
    public let path: String
    /// The id of the row the difference is in (nil outside rows and for rows without one).
    public let rowID: JSONValue?
    /// The value in the layout; nil when the layout has nothing there.
    public let layout: JSONValue?
    /// The value in the golden layout; nil when the golden has nothing there.
    public let golden: JSONValue?

    /// Makes a difference.
    public init(path: String, rowID: JSONValue?, layout: JSONValue?, golden: JSONValue?) {
        self.path = path
        self.rowID = rowID
        self.layout = layout
        self.golden = golden
    }

    /// `sections[0].rows[3].textLabel (row "wifi"): [16,11.5,200,21], golden [16,11,200,21]`.
    /// Numbers are written as the layout is (three decimals), unless the two would then
    /// read the same (a golden edited by hand to `44.0004`): then with every digit each
    /// holds, so the line shows what differs.
    public var description: String {
        var line = path.isEmpty ? "(document)" : path
        if let rowID, rowID != .null { line += " (row \(Self.text(rowID)))" }
        var (mine, theirs) = (Self.text(layout), Self.text(golden))
        if mine == theirs, let layout, let golden { (mine, theirs) = (Self.precise(layout), Self.precise(golden)) }
        return line + ": \(mine), golden \(theirs)"
    }

    /// `value` with its numbers in full (Swift's shortest form that reads back the same).
    private static func precise(_ value: JSONValue) -> String {
        switch value {
        case .number(let number):
            let text = "\(number)"
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        case .array(let items): return "[" + items.map(precise).joined(separator: ",") + "]"
        default: return text(value)
        }
    }

    private static func text(_ value: JSONValue?) -> String {
        guard let value else { return "missing" }
        var writer = JSONWriter()
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// Compares a table's layout with a stored one, the way a golden-value test does: every
/// row, span and frame, numbers within a tolerance.
///
/// Both sides are layout documents as ``TableEncoder`` writes them (SPEC.md's `layout`
/// output): one layout, or `{"layouts": [...]}` for a rotation sequence. Numbers (offsets,
/// heights, frame components, line counts) match when they differ by at most the
/// tolerance; everything else (ids, `null` against a frame, keys, row counts) must be
/// equal. A frame is reported once, whole, when any of its four numbers differs.
public enum LayoutComparison {
    /// Checks that `document` is a layout document, so that a wrong file (the table
    /// instead of its layout, a truncated file) is an error rather than a list of
    /// differences.
    /// - Throws: `InputError` naming the first value that a layout cannot have.
    public static func validate(_ document: JSONValue) throws(InputError) {
        guard case .object = document else {
            throw InputError(path: "", "not a layout: expected an object with \"sections\" (or \"layouts\"), got \(document.typeName)")
        }
        if let layouts = document["layouts"] {
            guard case .array(let list) = layouts else {
                throw InputError(path: "layouts", "expected an array of layouts, got \(layouts.typeName)")
            }
            for (i, layout) in list.enumerated() { try validateLayout(layout, path: "layouts[\(i)]") }
        } else {
            try validateLayout(document, path: "")
        }
    }

    /// Every difference between `layout` and `golden`, in document order.
    /// - Parameters:
    ///   - layout: the layout document to check.
    ///   - golden: the stored layout document it should match.
    ///   - tolerance: how far two numbers may be apart and still match (points).
    public static func differences(_ layout: JSONValue, golden: JSONValue, tolerance: Double = 0) -> [LayoutDifference] {
        var walk = Walk(tolerance: max(tolerance, 0))
        walk.compare(layout, golden, path: "", rowID: nil, inRows: false)
        return walk.found
    }

    /// Every difference between `table`'s layout and `golden`.
    /// - Parameters:
    ///   - table: the laid-out table.
    ///   - golden: the stored layout document it should match.
    ///   - tolerance: how far two numbers may be apart and still match (points).
    public static func differences(_ table: TableLayout, golden: JSONValue, tolerance: Double = 0) -> [LayoutDifference] {
        differences(document(of: table), golden: golden, tolerance: tolerance)
    }

    /// `table`'s layout document, as `layout-cli layout` writes it.
    public static func document(of table: TableLayout) -> JSONValue {
        var writer = JSONWriter()
        TableEncoder.encode(table, into: &writer)
        // The encoder writes valid JSON; a failure here would be a bug in the encoder.
        guard let value = try? JSONParser.parse(writer.bytes) else { preconditionFailure("TableEncoder wrote invalid JSON") }
        return value
    }

    private static func validateLayout(_ layout: JSONValue, path: String) throws(InputError) {
        func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        guard case .object = layout else { throw InputError(path: path, "expected a layout object, got \(layout.typeName)") }
        guard let sections = layout["sections"] else {
            let hint = layout["rows"] != nil ? " (is this a table, not its layout?)" : ""
            throw InputError(path: path, "not a layout: missing \"sections\"\(hint)")
        }
        for key in ["width", "contentHeight"] {
            try number(layout[key], path: at(key))
        }
        guard case .array(let list) = sections else {
            throw InputError(path: at("sections"), "expected an array, got \(sections.typeName)")
        }
        for (s, section) in list.enumerated() {
            let sectionPath = at("sections[\(s)]")
            guard case .array(let rows)? = section["rows"] else {
                throw InputError(path: sectionPath + ".rows", "expected an array of laid-out rows, got \(section["rows"]?.typeName ?? "nothing")")
            }
            for (r, row) in rows.enumerated() {
                let rowPath = "\(sectionPath).rows[\(r)]"
                guard case .object = row else { throw InputError(path: rowPath, "expected a laid-out row, got \(row.typeName)") }
                try number(row["y"], path: rowPath + ".y")
                try number(row["height"], path: rowPath + ".height")
            }
        }
    }

    private static func number(_ value: JSONValue?, path: String) throws(InputError) {
        guard let value else {
            throw InputError(path: path, "missing: a layout has a number here (is this a table, not its layout?)")
        }
        guard case .number = value else { throw InputError(path: path, "expected a number, got \(value.typeName)") }
    }

    /// The recursive comparison, collecting differences.
    private struct Walk {
        let tolerance: Double
        var found: [LayoutDifference] = []

        mutating func compare(_ a: JSONValue?, _ b: JSONValue?, path: String, rowID: JSONValue?, inRows: Bool) {
            switch (a, b) {
            case let (.number(x)?, .number(y)?):
                if !close(x, y) { note(path, rowID, a, b) }
            case let (.array(x)?, .array(y)?):
                if let p = frame(x), let q = frame(y) {
                    if !zip(p, q).allSatisfy({ close($0, $1) }) { note(path, rowID, a, b) }
                    return
                }
                for i in 0..<max(x.count, y.count) {
                    let left = i < x.count ? x[i] : nil, right = i < y.count ? y[i] : nil
                    // Entering a row: name it by its id (the layout's, else the golden's).
                    let id = inRows ? (left?["id"] ?? right?["id"]) : rowID
                    compare(left, right, path: "\(path)[\(i)]", rowID: id, inRows: false)
                }
            case let (.object(x)?, .object(y)?):
                var keys = x.map(\.key)
                for member in y where a?[member.key] == nil { keys.append(member.key) }
                for key in keys {
                    compare(a?[key], b?[key], path: path.isEmpty ? key : "\(path).\(key)", rowID: rowID,
                            inRows: key == "rows")
                }
            default:
                if a != b { note(path, rowID, a, b) }
            }
        }

        private func close(_ x: Double, _ y: Double) -> Bool {
            // Outputs are rounded to three decimals: allow for that rounding on top.
            abs(x - y) <= tolerance + 1e-9
        }

        /// The four numbers of a frame `[x, y, width, height]`; nil for any other array.
        private func frame(_ values: [JSONValue]) -> [Double]? {
            guard values.count == 4 else { return nil }
            let numbers = values.compactMap { if case .number(let n) = $0 { n } else { nil } }
            return numbers.count == 4 ? numbers : nil
        }

        private mutating func note(_ path: String, _ rowID: JSONValue?, _ a: JSONValue?, _ b: JSONValue?) {
            found.append(LayoutDifference(path: path, rowID: rowID, layout: a, golden: b))
        }
    }
}
