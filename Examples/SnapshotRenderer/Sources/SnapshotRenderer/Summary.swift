import Foundation
import CellLayout

/// The JSON summary's pieces.
enum Summary {
    /// The table at its current width: its content height, its picture, and each row's
    /// id, y, height and custom subviews' frames.
    static func layout(of table: TableLayout, picture: JSONValue) -> JSONValue {
        var rows: [JSONValue] = []
        for (s, section) in table.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                let path = RowPath(section: s, row: r)
                var members: [(key: String, value: JSONValue)] = [
                    ("id", table.spec.sections[s].rows[r].id.json),
                    ("y", .number(table.rect(of: path).minY)),
                    ("height", .number(row.height)),
                ]
                if !row.subviews.isEmpty {
                    members.append(("subviews", .object(row.subviews.map { ($0.id, frame($0.frame)) })))
                }
                rows.append(.object(members))
            }
        }
        return .object([
            ("width", .number(table.width)),
            ("contentHeight", .number(table.contentHeight)),
            ("picture", picture),
            ("rows", .array(rows)),
        ])
    }

    /// `[x, y, width, height]`.
    static func frame(_ rect: CGRect) -> JSONValue {
        .array([rect.minX, rect.minY, rect.width, rect.height].map { .number(Double($0)) })
    }
}
