import ArgumentParser
import CellLayout

/// `layout-cli layout`: a table in, frames out.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a table: row offsets and heights, and every frame inside each cell.",
        discussion: """
            Reads a table (SPEC.md: width, style, metrics, sections of rows) and writes its \
            layout. With --widths the table is laid out at each width in turn, as a device \
            rotating; custom subviews keep their autoresizing history, and the output is \
            {"layouts": [...]}.

            Example:
              layout-cli layout Examples/settings.json --width 375
              layout-cli layout Examples/settings.json --widths 375,667,375
            """
    )

    @OptionGroup var input: TableInput

    @Option(help: "Comma-separated widths to lay out at in turn (rotation).")
    var widths: String?

    func run() throws {
        var writer = JSONWriter()
        if let widths {
            let list = try widths.split(separator: ",", omittingEmptySubsequences: false).map {
                try OptionValues.positive(String($0), option: "--widths")
            }
            let (table, _) = try input.load(width: list[0])
            writer.raw("{\"layouts\":[")
            for (i, width) in list.enumerated() {
                if i > 0 {
                    writer.raw(",")
                    try table.setWidth(width)
                }
                TableEncoder.encode(table, into: &writer)
            }
            writer.raw("]}")
        } else {
            let (table, _) = try input.load()
            TableEncoder.encode(table, into: &writer)
        }
        Output.writeLine(writer.bytes)
        Output.flushStandardOutput()
    }
}
