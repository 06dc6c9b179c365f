import Foundation

/// Writes a laid-out table as SPEC.md's `layout` output: fixed key order, frames as
/// `[x, y, width, height]`, numbers rounded to three decimals, so the same input always
/// gives the same bytes.
public enum TableEncoder {
    /// The whole table as one JSON object.
    public static func encode(_ table: TableLayout, into writer: inout JSONWriter) {
        writer.raw("{\"width\":")
        writer.write(table.width)
        writer.raw(",\"contentHeight\":")
        writer.write(table.contentHeight)
        writer.raw(",\"sections\":[")
        for (s, section) in table.sections.enumerated() {
            if s > 0 { writer.raw(",") }
            writer.raw("{\"header\":")
            span(table.headerSpan(s), into: &writer)
            writer.raw(",\"footer\":")
            span(table.footerSpan(s), into: &writer)
            writer.raw(",\"rows\":[")
            // Rows are laid out when read: a few thousand at a time, laid out and encoded on
            // all cores, then written in order with their y.
            let rows = section.rows
            for start in stride(from: 0, to: rows.count, by: 4096) {
                let fields = (start..<min(rows.count, start + 4096)).concurrentMap(chunk: 16) { r in
                    var fields = JSONWriter()
                    encodeFields(rows[r], into: &fields)
                    return fields.bytes
                }
                for (i, bytes) in fields.enumerated() {
                    let r = start + i
                    if r > 0 { writer.raw(",") }
                    writer.raw("{\"id\":")
                    writer.write(rows.cells[r].id)
                    writer.raw(",\"y\":")
                    writer.write(table.rect(of: RowPath(section: s, row: r)).minY)
                    writer.raw(",")
                    writer.raw(bytes)
                    writer.raw("}")
                }
            }
            writer.raw("]}")
        }
        writer.raw("]}")
    }

    /// One row; a nil `id` leaves the key out.
    public static func encode(_ row: RowLayout, id: RowID?, y: Double, into writer: inout JSONWriter) {
        if let id {
            writer.raw("{\"id\":")
            writer.write(id)
            writer.raw(",\"y\":")
        } else {
            writer.raw("{\"y\":")
        }
        writer.write(y)
        writer.raw(",")
        encodeFields(row, into: &writer)
        writer.raw("}")
    }

    /// A row's members after its id and y — `"height":…,"contentView":[…],…,"lines":{…}`,
    /// without braces — so that a stream can encode rows in parallel and add the running y
    /// in order.
    public static func encodeFields(_ row: RowLayout, into writer: inout JSONWriter) {
        writer.raw("\"height\":")
        writer.write(row.height)
        let frames: [(String, CGRect?)] = [
            ("contentView", row.contentView), ("textLabel", row.textLabel), ("detailTextLabel", row.detailTextLabel),
            ("imageView", row.imageView), ("accessoryView", row.accessoryView), ("editingControl", row.editingControl),
            ("reorderControl", row.reorderControl),
        ]
        for (key, frame) in frames {
            writer.raw(",\"\(key)\":")
            self.frame(frame, into: &writer)
        }
        writer.raw(",\"swipeActions\":")
        if row.swipeActions.isEmpty {
            writer.raw("null")
        } else {
            writer.raw("[")
            for (i, frame) in row.swipeActions.enumerated() {
                if i > 0 { writer.raw(",") }
                self.frame(frame, into: &writer)
            }
            writer.raw("]")
        }
        writer.raw(",\"subviews\":{")
        for (i, subview) in row.subviews.enumerated() {
            if i > 0 { writer.raw(",") }
            writer.write(subview.id)
            writer.raw(":")
            frame(subview.frame, into: &writer)
        }
        writer.raw("},\"lines\":{")
        for (i, label) in row.lines.enumerated() {
            if i > 0 { writer.raw(",") }
            writer.write(label.id)
            writer.raw(":\(label.count)")
        }
        writer.raw("}")
    }

    private static func span(_ span: (y: Double, height: Double), into writer: inout JSONWriter) {
        guard span.height > 0 else { return writer.raw("null") }
        writer.raw("{\"y\":")
        writer.write(span.y)
        writer.raw(",\"height\":")
        writer.write(span.height)
        writer.raw("}")
    }

    private static func frame(_ frame: CGRect?, into writer: inout JSONWriter) {
        guard let frame else { return writer.raw("null") }
        writer.raw("[")
        writer.write(frame.minX)
        writer.raw(",")
        writer.write(frame.minY)
        writer.raw(",")
        writer.write(frame.width)
        writer.raw(",")
        writer.write(frame.height)
        writer.raw("]")
    }
}
