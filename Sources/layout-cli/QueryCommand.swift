import ArgumentParser
import CellLayout
import Foundation

/// `layout-cli query`: where things are in a laid-out table.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Ask a laid-out table where a row is, which row is at y, which rows are visible.",
        discussion: """
            Exactly one question: --scroll-to S,R with --position (top, middle, bottom, none, or UIKit's .middle, UITableViewScrollPositionMiddle …) \
            and optionally --offset, answering {"offset": Y}; --row-at Y, answering \
            {"section": s, "row": r} or null; --visible Y, answering {"rows": [[s, r], …]}; \
            --hit X,Y, answering {"section", "row", "view"} or null; --select S,R [--mode \
            exclusive|inclusive] [--layout], answering {"changed": [[s, r], …]}; \
            --move-section FROM,TO or --move-row S,R,S2,R2, answering \
            {"rows": [{"from": [s, r], "to": [s, r], "y": Y}, …]}.

            Example:
              layout-cli query Examples/feed.json --viewport-height 667 --scroll-to 0,40 --position middle
              layout-cli query Examples/feed.json --viewport-height 667 --visible 1200
            """
    )

    @OptionGroup var input: TableInput

    @Option(name: .customLong("viewport-height"), parsing: .unconditional,
            help: "The visible height in points (for --scroll-to and --visible).")
    var viewportHeight: String?

    @Option(name: .customLong("scroll-to"), parsing: .unconditional, help: "The row to scroll to, as SECTION,ROW.")
    var scrollTo: String?

    @Option(help: "Where the row should end up: none, top, middle, bottom.")
    var position: String?

    @Option(parsing: .unconditional, help: "The content offset to scroll from (default 0).")
    var offset: String?

    @Option(name: .customLong("row-at"), parsing: .unconditional, help: "A y in content coordinates.")
    var rowAt: String?

    @Option(parsing: .unconditional, help: "The content offset whose visible rows to list.")
    var visible: String?

    @Option(parsing: .unconditional, help: "A tap at X,Y in table coordinates: the row and the view it lands on.")
    var hit: String?

    @Option(parsing: .unconditional, help: "Select the row SECTION,ROW in a checkmark list: the rows whose checkmark changed.")
    var select: String?

    @Option(help: "How --select's list checks: exclusive (one per section, default) or inclusive.")
    var mode: String?

    @Flag(help: "With --select, also print the new layout.")
    var layout = false

    @Option(name: .customLong("move-section"), parsing: .unconditional, help: "Move section FROM to index TO: the new y of every row that moved.")
    var moveSection: String?

    @Option(name: .customLong("move-row"), parsing: .unconditional, help: "Move row S,R to S2,R2 (its index after the move).")
    var moveRow: String?

    /// The usage checks, made when the command runs rather than in `validate()`: the
    /// argument parser validates before it reports an unknown option, and "ask exactly one
    /// of …" would then hide a misspelt option.
    private func checkUsage() throws {
        let questions = [scrollTo, rowAt, visible, hit, select, moveSection, moveRow].compactMap { $0 }.count
        guard questions == 1 else {
            throw ValidationError("ask exactly one of --scroll-to, --row-at, --visible, --hit, --select, --move-section, --move-row")
        }
        if scrollTo != nil, position == nil { throw ValidationError("--scroll-to needs --position") }
        if scrollTo == nil, position != nil || offset != nil {
            throw ValidationError("--position and --offset go with --scroll-to")
        }
        if select == nil, mode != nil || layout { throw ValidationError("--mode and --layout go with --select") }
        if scrollTo != nil || visible != nil, viewportHeight == nil {
            throw ValidationError("--scroll-to and --visible need --viewport-height")
        }
    }

    func run() throws {
        try checkUsage()
        let viewport = try viewportHeight.map { try OptionValues.positive($0, option: "--viewport-height") }
        let (table, _) = try input.load()
        var writer = JSONWriter()
        if let scrollTo {
            let path = try rowPath(scrollTo, in: table, option: "--scroll-to")
            let position: ScrollPosition = try OptionValues.choice(self.position!, option: "--position", what: "position")
            let from = try offset.map { try OptionValues.number($0, option: "--offset") } ?? 0
            writer.raw("{\"offset\":")
            writer.write(table.scrollOffset(to: path, position: position, from: from, viewportHeight: viewport!))
            writer.raw("}")
        } else if let rowAt {
            let y = try OptionValues.number(rowAt, option: "--row-at")
            if let path = table.row(atY: y) {
                writer.raw("{\"section\":\(path.section),\"row\":\(path.row)}")
            } else {
                writer.raw("null")
            }
        } else if let visible {
            let y = try OptionValues.number(visible, option: "--visible")
            let rows = table.visibleRows(y: y, height: viewport!)
            writer.raw("{\"rows\":[" + rows.map { "[\($0.section),\($0.row)]" }.joined(separator: ",") + "]}")
        } else if let hit {
            let numbers = try integersOrNumbers(hit, count: 2, option: "--hit", shape: "X,Y")
            let point = CGPoint(x: numbers[0], y: numbers[1])
            guard point.x >= 0, point.x < table.width, point.y >= 0, point.y < table.contentHeight else {
                throw CLIError("--hit: \(hit) is outside the table (x in [0, \(table.width.formatted3)), y in [0, \(table.contentHeight.formatted3)))")
            }
            if let result = table.hitTest(point) {
                writer.raw("{\"section\":\(result.path.section),\"row\":\(result.path.row),\"view\":")
                if let view = result.view { writer.write(view.description) } else { writer.raw("null") }
                writer.raw("}")
            } else {
                writer.raw("null")
            }
        } else if let select {
            let path = try rowPath(select, in: table, option: "--select")
            let mode: CheckmarkMode = try mode.map { try OptionValues.choice($0, option: "--mode", what: "mode") } ?? .exclusive
            let changed = try table.selectCheckmark(at: path, mode: mode)
            writer.raw("{\"changed\":[" + changed.map { "[\($0.section),\($0.row)]" }.joined(separator: ",") + "]")
            if layout {
                writer.raw(",\"layout\":")
                TableEncoder.encode(table, into: &writer)
            }
            writer.raw("}")
        } else if let moveSection {
            let n = try integersOrNumbers(moveSection, count: 2, option: "--move-section", shape: "FROM,TO").map { Int($0) }
            for (value, name) in [(n[0], "FROM"), (n[1], "TO")] where value < 0 || value >= table.sections.count {
                throw CLIError("--move-section: \(name) \(value) is out of range (the table has \(table.sections.count) sections)")
            }
            guard n[0] != n[1] else { throw CLIError("--move-section: section \(n[0]) onto itself") }
            let before = rowYs(table)
            try table.moveSection(from: n[0], to: n[1])
            // Old section of each new section: the moved one went from n0 to n1.
            var old = Array(0..<table.sections.count)
            old.remove(at: n[0])
            old.insert(n[0], at: n[1])
            write(moved: table, before: before, oldSection: { s, r in (old[s], r) }, into: &writer)
        } else if let moveRow {
            let n = try integersOrNumbers(moveRow, count: 4, option: "--move-row", shape: "S,R,S2,R2").map { Int($0) }
            let from = try rowPath("\(n[0]),\(n[1])", in: table, option: "--move-row")
            let to = RowPath(section: n[2], row: n[3])
            guard to.section >= 0, to.section < table.sections.count else {
                throw CLIError("--move-row: section \(to.section) is out of range (the table has \(table.sections.count) sections)")
            }
            let limit = table.numberOfRows(inSection: to.section) - (to.section == from.section ? 1 : 0)
            guard to.row >= 0, to.row <= limit else {
                throw CLIError("--move-row: row \(to.row) is out of range for section \(to.section) (0...\(limit) after the row leaves)")
            }
            guard from != to else { throw CLIError("--move-row: row \(from) onto itself") }
            let before = rowYs(table)
            table.moveRow(from: from, to: to)
            write(moved: table, before: before, oldSection: { s, r in
                // Where row (s, r) of the new table was before the move.
                if RowPath(section: s, row: r) == to { return (from.section, from.row) }
                var row = r
                if s == to.section, r > to.row { row -= 1 }
                if s == from.section, row >= from.row { row += 1 }
                return (s, row)
            }, into: &writer)
        }
        try Output.writeLine(writer.bytes)
        try Output.flushStandardOutput()
    }

    /// Every row's y, by section.
    private func rowYs(_ table: TableLayout) -> [[Double]] {
        table.sections.indices.map { s in
            (0..<table.numberOfRows(inSection: s)).map { table.rect(of: RowPath(section: s, row: $0)).minY }
        }
    }

    /// `{"rows": [{"from": [s, r], "to": [s, r], "y": y}, …]}`: every row whose place or y
    /// changed, in the new order.
    private func write(moved table: TableLayout, before: [[Double]], oldSection: (Int, Int) -> (Int, Int),
                       into writer: inout JSONWriter) {
        writer.raw("{\"rows\":[")
        var first = true
        for s in table.sections.indices {
            for r in 0..<table.numberOfRows(inSection: s) {
                let (os, or) = oldSection(s, r)
                let y = table.rect(of: RowPath(section: s, row: r)).minY
                guard os != s || or != r || before[os][or] != y else { continue }
                if !first { writer.raw(",") }
                first = false
                writer.raw("{\"from\":[\(os),\(or)],\"to\":[\(s),\(r)],\"y\":")
                writer.write(y)
                writer.raw("}")
            }
        }
        writer.raw("]}")
    }

    /// `count` comma-separated numbers, each within ±1e9 (whole ones then convert to `Int`
    /// safely, and are out of any table's range past it).
    private func integersOrNumbers(_ text: String, count: Int, option: String, shape: String) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { OptionValues.decimal($0) }
        guard parts.count == count, numbers.count == count, numbers.allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) else {
            throw CLIError("\(option): expected \(shape), got \(text)")
        }
        if shape != "X,Y", !numbers.allSatisfy({ $0 == $0.rounded() }) {
            throw CLIError("\(option): expected whole numbers \(shape), got \(text)")
        }
        return numbers
    }

    private func rowPath(_ text: String, in table: TableLayout, option: String) throws -> RowPath {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), let row = Int(parts[1]) else {
            throw CLIError("\(option): expected SECTION,ROW, got \(text)")
        }
        guard section >= 0, section < table.sections.count else {
            throw CLIError("\(option): no section \(section) (the table has \(table.sections.count))")
        }
        guard row >= 0, row < table.numberOfRows(inSection: section) else {
            throw CLIError("\(option): no row \(row) in section \(section) (it has \(table.numberOfRows(inSection: section)))")
        }
        return RowPath(section: section, row: row)
    }
}
