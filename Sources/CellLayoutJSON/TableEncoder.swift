import Foundation
import CellLayoutCell
import CellLayoutTable

/// Writes a laid-out table as SPEC.md's `layout` output: fixed key order, frames as
/// `[x, y, width, height]`, numbers rounded to three decimals, so the same input always
/// gives the same bytes.
public enum TableEncoder {
    /// The whole table as one JSON object.
    /// - Parameters:
    ///   - table: the laid-out table.
    ///   - writer: where the table goes.
    ///   - warnings: hears each row's warnings (`RowLayout/warnings`) in table order, as
    ///     the rows are laid out here (a row is laid out when read).
    public static func encode(_ table: TableLayout, into writer: inout JSONWriter,
                              warnings: ((RowPath, LayoutWarning) -> Void)? = nil) {
        let reportsWarnings = warnings != nil
        encode(width: table.width, offsets: table.offsets, sectionStarts: table.sectionStarts, into: &writer) {
            s, y, writer in
            // Rows are laid out when read: a few thousand at a time, laid out and encoded on
            // all cores, then written in order with their y.
            let rows = table.rows(inSection: s)
            for start in stride(from: 0, to: rows.count, by: 4096) {
                let encoded = (start..<min(rows.count, start + 4096)).concurrentMap(chunk: 16) { r in
                    let row = rows[r]
                    var fields = JSONWriter()
                    encodeFields(row, cellWidth: rows.cellWidth, into: &fields)
                    return (fields.bytes, reportsWarnings ? row.warnings : [])
                }
                for (i, (bytes, found)) in encoded.enumerated() {
                    let r = start + i
                    for warning in found { warnings?(RowPath(section: s, row: r), warning) }
                    if r > 0 { writer.raw(",") }
                    encodeRow(id: { $0.write(rows.cells[r].id) }, y: y(r), into: &writer) { $0.raw(bytes) }
                }
            }
        }
    }

    /// A table whose rows were laid out elsewhere, as a streamed document's are: the same
    /// bytes as `encode(_:into:)` gives the table with those rows.
    /// - Parameters:
    ///   - table: the table without its rows (its sections' headers and footers).
    ///   - rowHeights: each section's row heights, in order.
    ///   - writer: where the table goes.
    ///   - row: writes row `path`, which starts at `y` (with `encodeRow(id:y:into:fields:)`),
    ///     in table order; it may take the bytes written so far out of `writer`.
    public static func encode(
        _ table: TableLayout, rowHeights: [[Double]], into writer: inout JSONWriter,
        row: (_ path: RowPath, _ y: Double, inout JSONWriter) throws -> Void
    ) rethrows {
        precondition(rowHeights.count == table.sections.count, "one list of row heights per section")
        let (offsets, starts) = TableLayout.offsets(ofSections: zip(table.sections, rowHeights).lazy.map {
            (header: $0.header.height, rows: $1, footer: $0.footer.height)
        })
        try encode(width: table.width, offsets: offsets, sectionStarts: starts, into: &writer) { s, y, writer in
            for r in rowHeights[s].indices {
                if r > 0 { writer.raw(",") }
                try row(RowPath(section: s, row: r), y(r), &writer)
            }
        }
    }

    /// The table object around its rows, with every y from `offsets` (items by section:
    /// header, rows, footer; `sectionStarts` as `TableLayout` keeps them): `rows` writes
    /// section `s`'s rows, comma-separated, row `r` at `y(r)`.
    private static func encode(
        width: Double, offsets: OffsetIndex, sectionStarts: [Int], into writer: inout JSONWriter,
        rows: (_ section: Int, _ y: (Int) -> Double, inout JSONWriter) throws -> Void
    ) rethrows {
        writer.raw("{\"width\":")
        writer.write(width)
        writer.raw(",\"contentHeight\":")
        writer.write(offsets.total)
        writer.raw(",\"sections\":[")
        for s in 0..<(sectionStarts.count - 1) {
            let header = sectionStarts[s], footer = sectionStarts[s + 1] - 1
            if s > 0 { writer.raw(",") }
            writer.raw("{\"header\":")
            span(offsets.span(of: header), into: &writer)
            writer.raw(",\"footer\":")
            span(offsets.span(of: footer), into: &writer)
            writer.raw(",\"rows\":[")
            try rows(s, { offsets.offset(of: header + 1 + $0) }, &writer)
            writer.raw("]}")
        }
        writer.raw("]}")
    }

    /// One row; a nil `id` leaves the key out. With the cell's width, a swiped-open row
    /// also gets its `"visibleContent"`.
    public static func encode(_ row: RowLayout, id: RowID?, y: Double, cellWidth: Double? = nil,
                              into writer: inout JSONWriter) {
        encodeRow(id: id.map { id in { $0.write(id) } }, y: y, into: &writer) {
            encodeFields(row, cellWidth: cellWidth, into: &$0)
        }
    }

    /// One row from parts written apart, as a stream does (it encodes rows on many threads
    /// and learns their y later): `id` writes the id's JSON (nil leaves the key out),
    /// `fields` the members `encodeFields(_:into:)` writes.
    public static func encodeRow(
        id: ((inout JSONWriter) -> Void)?, y: Double, into writer: inout JSONWriter, fields: (inout JSONWriter) -> Void
    ) {
        if let id {
            writer.raw("{\"id\":")
            id(&writer)
            writer.raw(",\"y\":")
        } else {
            writer.raw("{\"y\":")
        }
        writer.write(y)
        writer.raw(",")
        fields(&writer)
        writer.raw("}")
    }

    /// A row's members after its id and y — `"height":…,"contentView":[…],…,"lines":{…}`
    /// (a list cell's `"accessories":[{"kind","id"?,"frame"},…]` after its frames),
    /// without braces — so that a stream can encode rows in parallel and add the running y
    /// in order. With the cell's width, a swiped-open row gets `"visibleContent"` after its
    /// `"swipeActions"`: the part of its moved content view inside the cell
    /// (`RowLayout/visibleContent(cellWidth:)`).
    public static func encodeFields(_ row: RowLayout, cellWidth: Double? = nil, into writer: inout JSONWriter) {
        // The height and the seven frames in two runs (one of eight frames' room was past
        // what a run keeps on the stack: a malloc and a free a layout): each key with its
        // punctuation as it stands, then null or the frame's four numbers. (The closures take
        // the figures, not the row: capturing the row copied it, a retain of each of its arrays.)
        let height = row.height, contentView = row.contentView, textLabel = row.textLabel
        let detailTextLabel = row.detailTextLabel, imageView = row.imageView, accessoryView = row.accessoryView
        let editingControl = row.editingControl, reorderControl = row.reorderControl
        writer.run(capacity: 4 * frameCapacity) { run in
            run.raw("\"height\":")
            run.write(height)
            run.frame(",\"contentView\":", contentView)
            run.frame(",\"textLabel\":", textLabel)
            run.frame(",\"detailTextLabel\":", detailTextLabel)
        }
        writer.run(capacity: 4 * frameCapacity) { run in
            run.frame(",\"imageView\":", imageView)
            run.frame(",\"accessoryView\":", accessoryView)
            run.frame(",\"editingControl\":", editingControl)
            run.frame(",\"reorderControl\":", reorderControl)
        }
        if !row.accessories.isEmpty {
            // A list cell's accessories, only on rows that have them (so other rows' output is unchanged).
            writer.raw(",\"accessories\":[")
            for (i, accessory) in row.accessories.enumerated() {
                writer.raw(i > 0 ? ",{\"kind\":" : "{\"kind\":")
                writer.write(accessory.kind.rawValue)
                if let id = accessory.id {
                    writer.raw(",\"id\":")
                    writer.write(id)
                }
                writer.raw(",\"frame\":")
                frame(accessory.frame, into: &writer)
                writer.raw("}")
            }
            writer.raw("]")
        }
        if row.swipeActions.isEmpty {
            writer.raw(",\"swipeActions\":null")
        } else {
            writer.raw(",\"swipeActions\":[")
            for (i, frame) in row.swipeActions.enumerated() {
                if i > 0 { writer.raw(",") }
                self.frame(frame, into: &writer)
            }
            writer.raw("]")
        }
        if let cellWidth, let visible = row.visibleContent(cellWidth: cellWidth) {
            writer.raw(",\"visibleContent\":")
            frame(visible, into: &writer)
        }
        if row.subviews.isEmpty {
            writer.raw(",\"subviews\":{},\"lines\":{")
        } else {
            writer.raw(",\"subviews\":{")
            for (i, subview) in row.subviews.enumerated() {
                if i > 0 { writer.raw(",") }
                writer.write(subview.id)
                writer.run(capacity: 1 + frameCapacity) { run in
                    run.raw(":")
                    run.frame(subview.frame)
                }
            }
            writer.raw("},\"lines\":{")
        }
        // (`RowLayout.lines`, read from the labels without making its array)
        let last = row.labels.count - 1
        for (i, label) in row.labels.enumerated() {
            if i > 0 { writer.raw(",") }
            writer.write(label.id)
            let lines = label.measurement.lines
            writer.run(capacity: 22) { run in
                run.raw(":")
                run.write(lines)
                if i == last { run.raw("}") }
            }
        }
        if row.labels.isEmpty { writer.raw("}") }
    }

    private static func span(_ span: (offset: Double, height: Double), into writer: inout JSONWriter) {
        guard span.height > 0 else { return writer.raw("null") }
        writer.raw("{\"y\":")
        writer.write(span.offset)
        writer.raw(",\"height\":")
        writer.write(span.height)
        writer.raw("}")
    }

    /// The most bytes `ByteRun.frame(_:_:)` writes: a key (the longest, `,"detailTextLabel":`,
    /// is 19), the brackets and commas, and four numbers.
    private static var frameCapacity: Int { 24 + 5 + 4 * Double.formatted3Capacity }

    private static func frame(_ frame: CGRect?, into writer: inout JSONWriter) {
        writer.run(capacity: frameCapacity) { $0.frame(frame) }
    }
}

extension ByteRun {
    /// `key` (JSON with its punctuation), then the frame.
    fileprivate mutating func frame(_ key: StaticString, _ frame: CGRect?) {
        raw(key)
        self.frame(frame)
    }

    /// A frame as `[x, y, width, height]`; `null` for none.
    fileprivate mutating func frame(_ frame: CGRect?) {
        guard let frame else { return raw("null") }
        raw("[")
        write(frame.minX)
        raw(",")
        write(frame.minY)
        raw(",")
        write(frame.width)
        raw(",")
        write(frame.height)
        raw("]")
    }
}
