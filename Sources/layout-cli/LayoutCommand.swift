import ArgumentParser
import CellLayout

/// `layout-cli layout`: a table in, frames out.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a table: row offsets and heights, and every frame inside each cell.",
        discussion: """
            Reads a table (width, style, metrics, sections of rows: every key is in \
            Sources/CellLayout/CellLayout.docc/JSONFormat.md) and writes its layout. With --widths the table is laid out at each width in turn, as a device \
            rotating; custom subviews keep their autoresizing history, and the output is \
            {"layouts": [...]}.

            With --jsonl the input is JSON Lines, one ROW per line (a plain table of one \
            section), and the output one laid-out row per line with its running "y", in \
            order, using all cores with flat memory; --width is required. With --jsonl and \
            --widths a,b,c instead, each row is decoded and its texts prepared once, then \
            laid out at each width in turn (its subviews autoresized from one width to the \
            next, as a rotating device does), and written as {"id", "layouts": [...]}: one \
            laid-out row per width, each with that width's running "y".

            With --check the layout is not written but compared with a stored one (a \
            golden file written by this command): every differing row, span and frame is \
            listed on standard output, one per line, and any difference exits 1. Numbers \
            match within --tolerance points (default 0: equal to the output's three \
            decimals).

            Example:
              layout-cli layout Examples/settings.json --width 375
              layout-cli layout Examples/settings.json --widths 375,667,375
              layout-cli layout --jsonl Examples/rows.jsonl --width 375 > rows-out.jsonl
              layout-cli layout --jsonl Examples/rows.jsonl --widths 320,375,768 > rows-out.jsonl
              layout-cli layout Examples/settings.json --check settings-golden.json --tolerance 0.5
            """
    )

    @OptionGroup var input: TableInput

    @Option(help: "Comma-separated widths to lay out at in turn (rotation).")
    var widths: String?

    @Flag(help: "Read JSON Lines rows and write one laid-out row per line.")
    var jsonl = false

    @Option(help: "With --jsonl: metric overrides as a JSON object, e.g. '{\"scale\": 2}'.")
    var metrics: String?

    @Option(help: "A stored layout to compare with instead of writing the layout; differences exit 1.")
    var check: String?

    @Option(parsing: .unconditional, help: "With --check: how many points numbers may differ by (default 0).")
    var tolerance: String?

    @OptionGroup var stream: StreamOptions

    func validate() throws {
        if jsonl, check != nil { throw ValidationError("--check does not go with --jsonl") }
        if check == nil, tolerance != nil { throw ValidationError("--tolerance goes with --check") }
        if jsonl, widths != nil, input.width != nil { throw ValidationError("give --width or --widths, not both") }
        if !jsonl, metrics != nil { throw ValidationError("--metrics goes with --jsonl (a table file has its own)") }
    }

    func run() throws {
        if jsonl { return try runStream() }
        var writer = JSONWriter()
        // Each row's warnings are written as the encoder lays it out (no second pass); a
        // setting UIKit ignores is told at the first width only (it is the same at every width).
        func encode(_ table: TableLayout, width: Double?, first: Bool = true) {
            TableEncoder.encode(table, into: &writer) { path, warning in
                guard first || warning.kind != .ignoredSetting else { return }
                Warnings.report(warning, at: path, in: table, input: input.name, width: width)
            }
        }
        if let widths {
            let list = try OptionValues.widths(widths)
            let (table, _) = try input.load(width: list[0])
            writer.raw("{\"layouts\":[")
            for (i, width) in list.enumerated() {
                if i > 0 {
                    writer.raw(",")
                    try table.setWidth(width)
                }
                encode(table, width: width, first: i == 0)
            }
            writer.raw("]}")
        } else if check == nil {
            return try DocumentLayout(input: input).run()
        } else {
            let (table, _) = try input.load()
            encode(table, width: nil)
        }
        if let check { return try LayoutCheck(path: check, tolerance: tolerance).compare(writer.bytes) }
        try Output.writeLine(writer.bytes)
        try Output.flushStandardOutput()
    }

    /// JSON Lines: each line a ROW, laid out at --width, written with its running y; or,
    /// with --widths, laid out at every width in turn and written as {"id", "layouts"}.
    private func runStream() throws {
        let fitWidths: [Double]
        if let widths {
            fitWidths = try OptionValues.widths(widths)
        } else if let widthText = input.width {
            fitWidths = [try OptionValues.positive(widthText, option: "--width")]
        } else {
            throw CLIError("--width: required with --jsonl (or --widths a,b,c)")
        }
        let engine = try input.fontOptions.makeEngine()
        let decoder = input.decoder(fonts: engine.fonts)
        var tableMetrics = TableMetrics(platform: try input.platformProfile() ?? .newest, width: fitWidths[0])
        if let metrics {
            do {
                tableMetrics = try decoder.decodeMetrics(try JSONParser.parse(metrics), base: tableMetrics)
            } catch {
                throw CLIError("--metrics: \(error)")
            }
        }
        if let category = try input.category() { tableMetrics.contentSizeCategory = category }
        let rowMetrics = tableMetrics
        // Streamed rows are all different: a memo of prepared texts would only cost memory
        // (a row laid out at several widths keeps its own texts while it is laid out).
        let layouter = CellLayouter(measurer: LabelMeasurer(engine: engine, metrics: rowMetrics, preparedTexts: 0))
        let layoutsArray = widths != nil
        var writer = JSONWriter()
        var ys = [Double](repeating: 0, count: fitWidths.count)
        // Each row is laid out and encoded on the worker threads (all but its running y,
        // which needs the rows before it): the writing thread only puts lines together.
        // A row's layouts are encoded one after the other into one buffer, each ending at its
        // `end` (a buffer a width copied the encoded bytes again and cost a malloc and a free).
        var rows = RowStream<(RowID, fields: [UInt8], layouts: [(height: Double, end: Int)],
                              warnings: [(LayoutWarning, width: Double?)])>(
            reader: try LineReader(path: input.table), command: "layout --jsonl", keepGoing: stream.keepGoing,
            quiet: stream.quiet)
        try rows.run { row in
            try Rows.refuseTableDocument(row, command: "layout --jsonl", expected: "one ROW")
            let cell = try decoder.decodeRow(row, metrics: rowMetrics)
            var warnings: [(LayoutWarning, width: Double?)] = []
            var fields = JSONWriter()
            // Each layout moved out of the array, first width first (a zip, a map, the array's
            // subscript or a buffer pointer's copied it for each use: a retain of every
            // array in it).
            var rows = try layouter.layouts(cell, widths: fitWidths)
            rows.reverse()
            var layouts: [(height: Double, end: Int)] = []
            layouts.reserveCapacity(rows.count)
            while let row = rows.popLast() {
                let i = layouts.count
                TableEncoder.encodeFields(row, cellWidth: fitWidths[i], into: &fields)
                // The other widths' layouts are about as long as the first: room for them all.
                if i == 0, fitWidths.count > 1 { fields.reserveCapacity(fields.count * (fitWidths.count + 1)) }
                // A setting UIKit ignores is the same at every width: told once.
                warnings += row.warnings.filter { i == 0 || $0.kind != .ignoredSetting }
                    .map { ($0, layoutsArray ? fitWidths[i] : nil) }
                layouts.append((row.height, fields.count))
            }
            return (cell.id, fields.bytes, layouts, warnings)
        } write: { value, location in
            let (id, fields, layouts, warnings) = value
            for (warning, width) in warnings { Warnings.report(warning, row: location, id: id, width: width, input: input.name) }
            writer.reset()
            writer.raw("{\"id\":")
            writer.write(id)
            writer.raw(layoutsArray ? ",\"layouts\":[{\"y\":" : ",\"y\":")
            var start = 0
            for (i, layout) in layouts.enumerated() {
                if i > 0 { writer.raw("},{\"y\":") }
                writer.write(ys[i])
                writer.raw(",")
                writer.raw(fields[start..<layout.end])
                start = layout.end
                ys[i] += layout.height
            }
            writer.raw(layoutsArray ? "}]}" : "}")
            try Output.writeLine(writer.bytes)
        }
        try Output.flushStandardOutput()
    }
}
