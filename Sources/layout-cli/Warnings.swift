import CellLayout
import Foundation

/// Layout warnings on standard error, one line each naming its row; the layout is still
/// written and the exit code stays 0 (Decisions.md, "Labels left no width").
enum Warnings {
    /// Writes every warning of `table` (laying its rows out once more: for a command that
    /// does not encode the table, whose encoder reports them as it goes).
    static func report(_ table: TableLayout, input name: String) {
        for (path, warning) in table.warnings {
            report(warning, at: path, in: table, input: name, width: nil)
        }
    }

    /// Writes `warning` of the row at `path` as `NAME: sections[s].rows[r] (id ID): warning: …`
    /// (` at width W` before the colon when `width` is given).
    static func report(_ warning: LayoutWarning, at path: RowPath, in table: TableLayout, input name: String,
                       width: Double?) {
        report(warning, row: "\(name): sections[\(path.section)].rows[\(path.row)]",
               id: table.spec.sections[path.section].rows[path.row].id, width: width)
    }

    /// Writes `warning` of the row named `row` (a table path, or `file:line` of a JSON
    /// Lines row) as `ROW (id ID) at width W: warning: …`, leaving out a missing id or width.
    static func report(_ warning: LayoutWarning, row: String, id: RowID, width: Double?) {
        let line = row + (id == RowID.none ? "" : " (id \(id))") + (width.map { " at width \($0.formatted3)" } ?? "")
            + ": warning: \(warning)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
