import CellLayout
import Synchronization

/// Layout warnings on standard error, one line each naming its row; the layout is still
/// written and the exit code stays 0 (Decisions.md, "Labels left no width").
///
/// The first ``shown`` are written as they come; the rest are counted, and ``finish()``
/// writes one line saying how many were not shown: a 1-pt table of 100,000 rows warns of
/// every row, and 100,000 lines would bury everything else on standard error.
enum Warnings {
    /// How many warnings are written in full.
    static let shown = 20

    private struct Tally {
        var count = 0
        var input = ""
    }

    private static let tally = Mutex(Tally())

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
               id: table.spec.sections[path.section].rows[path.row].id, width: width, input: name)
    }

    /// Writes `warning` of the row named `row` (a table path, or `file:line` of a JSON
    /// Lines row) as `ROW (id ID) at width W: warning: …`, leaving out a missing id or width
    /// (and the width of a setting UIKit ignores, the same at every width); past the first
    /// ``shown`` warnings, only counts it.
    /// - Parameter input: how the input is named, for the summary line.
    static func report(_ warning: LayoutWarning, row: String, id: RowID, width: Double?, input: String) {
        let count = tally.withLock { tally in
            tally.count += 1
            tally.input = input
            return tally.count
        }
        guard count <= shown else { return }
        let width = warning.kind == .ignoredSetting ? nil : width
        let line = row + (id == RowID.none ? "" : " (id \(id))") + (width.map { " at width \($0.formatted3)" } ?? "")
            + ": warning: \(warning)\n"
        Output.standardError(line)
    }

    /// Writes how many warnings were not shown, if any:
    /// `table.json: warning: 99,980 more warnings not shown (100,000 in all)`.
    static func finish() {
        let (count, input) = tally.withLock { ($0.count, $0.input) }
        guard count > shown else { return }
        Output.standardError("\(input): warning: \(grouped(count - shown)) more warnings not shown (\(grouped(count)) in all)\n")
    }

    /// `n` with a comma every three digits.
    private static func grouped(_ n: Int) -> String {
        var digits = String(n), out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}
