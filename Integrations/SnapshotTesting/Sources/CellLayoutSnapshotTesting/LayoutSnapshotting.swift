import CellLayout
import Foundation
import SnapshotTesting

extension Snapshotting where Value == TableLayout, Format == String {
    /// A table's layout as JSON — `layout-cli layout`'s output, one row per line — compared
    /// row by row and frame by frame, exactly (to the output's three decimals).
    ///
    /// ```swift
    /// assertSnapshot(of: table, as: .layout)
    /// ```
    ///
    /// The reference file (`.json`) is a layout document that `layout-cli layout table.json
    /// --check <reference>` also reads. A failure lists every differing row, span and frame
    /// (``LayoutComparison``) rather than a text diff.
    public static var layout: Snapshotting { layout(tolerance: 0) }

    /// A table's layout as JSON, numbers matching within `tolerance` points.
    /// - Parameter tolerance: how far offsets, heights and frame components may be from the
    ///   reference's and still match, e.g. 0.5 for a reference measured on a device.
    public static func layout(tolerance: Double) -> Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .layout(tolerance: tolerance)) { table in
            LayoutText.lines(of: LayoutComparison.document(of: table))
        }
    }
}

extension Diffing where Value == String {
    /// Compares two layout documents with ``LayoutComparison``: the message lists every
    /// difference, one per line, or says why the reference is not a layout.
    /// - Parameter tolerance: how far numbers may be apart and still match (points).
    public static func layout(tolerance: Double) -> Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { reference, current in
            let golden: JSONValue
            do {
                golden = try JSONParser.parse(reference)
                try LayoutComparison.validate(golden)
            } catch {
                return ("The reference is not a layout: \(error)", [])
            }
            guard let layout = try? JSONParser.parse(current) else {
                return ("The layout is not JSON (a bug in the layout strategy)", [])
            }
            let differences = LayoutComparison.differences(layout, golden: golden, tolerance: tolerance)
            guard !differences.isEmpty else { return nil }
            let count = differences.count == 1 ? "1 difference" : "\(differences.count) differences"
            let message = "\(count) from the reference (tolerance \(tolerance)), as \"path (row id): layout, golden reference\":\n"
                + differences.map(\.description).joined(separator: "\n")
            return (message, [.data(Data(message.utf8), name: "differences.txt")])
        }
    }
}

/// A layout document written with one row per line, so that a reference reads (and diffs
/// in version control) row by row; still one JSON document.
enum LayoutText {
    /// `document` as JSON with a line break before every layout, section and row.
    static func lines(of document: JSONValue) -> String {
        var writer = JSONWriter()
        write(document, into: &writer)
        writer.raw("\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, into writer: inout JSONWriter) {
        guard case .object(let members) = value else { return writer.write(value) }
        writer.raw("{")
        for (i, member) in members.enumerated() {
            if i > 0 { writer.raw(",") }
            writer.write(member.key)
            writer.raw(":")
            if ["layouts", "sections", "rows"].contains(member.key), case .array(let elements) = member.value,
               !elements.isEmpty {
                writer.raw("[")
                for (j, element) in elements.enumerated() {
                    writer.raw(j > 0 ? ",\n" : "\n")
                    write(element, into: &writer)
                }
                writer.raw("]")
            } else {
                writer.write(member.value)
            }
        }
        writer.raw("}")
    }
}
