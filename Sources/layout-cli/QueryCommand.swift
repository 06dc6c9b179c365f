import ArgumentParser
import CellLayout

/// `layout-cli query`: where things are in a laid-out table.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Ask a laid-out table where a row is, which row is at y, which rows are visible.",
        discussion: """
            Exactly one question: --scroll-to S,R with --position (top, middle, bottom, none) \
            and optionally --offset, answering {"offset": Y}; --row-at Y, answering \
            {"section": s, "row": r} or null; --visible Y, answering {"rows": [[s, r], …]}.

            Example:
              layout-cli query Examples/feed.json --viewport-height 667 --scroll-to 0,40 --position middle
              layout-cli query Examples/feed.json --viewport-height 667 --visible 1200
            """
    )

    @OptionGroup var input: TableInput

    @Option(name: .customLong("viewport-height"), parsing: .unconditional, help: "The visible height in points.")
    var viewportHeight: String

    @Option(name: .customLong("scroll-to"), help: "The row to scroll to, as SECTION,ROW.")
    var scrollTo: String?

    @Option(help: "Where the row should end up: none, top, middle, bottom.")
    var position: String?

    @Option(parsing: .unconditional, help: "The content offset to scroll from (default 0).")
    var offset: String?

    @Option(name: .customLong("row-at"), parsing: .unconditional, help: "A y in content coordinates.")
    var rowAt: String?

    @Option(parsing: .unconditional, help: "The content offset whose visible rows to list.")
    var visible: String?

    func validate() throws {
        let questions = [scrollTo, rowAt, visible].compactMap { $0 }.count
        guard questions == 1 else { throw ValidationError("ask exactly one of --scroll-to, --row-at, --visible") }
        if scrollTo != nil, position == nil { throw ValidationError("--scroll-to needs --position") }
        if scrollTo == nil, position != nil || offset != nil {
            throw ValidationError("--position and --offset go with --scroll-to")
        }
    }

    func run() throws {
        let viewport = try OptionValues.positive(viewportHeight, option: "--viewport-height")
        let (table, _) = try input.load()
        var writer = JSONWriter()
        if let scrollTo {
            let path = try rowPath(scrollTo, in: table)
            let position: ScrollPosition = try OptionValues.choice(self.position!, option: "--position", what: "position")
            let from = try offset.map { try OptionValues.number($0, option: "--offset") } ?? 0
            writer.raw("{\"offset\":")
            writer.write(table.scrollOffset(to: path, position: position, from: from, viewportHeight: viewport))
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
            let rows = table.visibleRows(y: y, height: viewport)
            writer.raw("{\"rows\":[" + rows.map { "[\($0.section),\($0.row)]" }.joined(separator: ",") + "]}")
        }
        Output.writeLine(writer.bytes)
        Output.flushStandardOutput()
    }

    private func rowPath(_ text: String, in table: TableLayout) throws -> RowPath {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), let row = Int(parts[1]) else {
            throw CLIError("--scroll-to: expected SECTION,ROW, got \(text)")
        }
        guard section >= 0, section < table.sections.count else {
            throw CLIError("--scroll-to: no section \(section) (the table has \(table.sections.count))")
        }
        guard row >= 0, row < table.numberOfRows(inSection: section) else {
            throw CLIError("--scroll-to: no row \(row) in section \(section) (it has \(table.numberOfRows(inSection: section)))")
        }
        return RowPath(section: section, row: row)
    }
}
