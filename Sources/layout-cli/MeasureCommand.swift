import ArgumentParser
import CellLayout

/// `layout-cli measure`: text in, size out.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure wrapped text: line count, used width and height per row.",
        discussion: """
            Reads JSON Lines, one {"id": <any>, "text": "<string>"} per line (other keys are \
            ignored, blank lines skipped), and writes one {"id", "lines", "width", "height"} \
            per row, in order, using all cores with flat memory. Height is lines × the font's \
            line height, rounded up to the next 1/scale point. A bad row stops the run with \
            its file and line (exit 1) after the rows before it; --keep-going skips it.

            Example:
              layout-cli measure --font Inter --size 17 --width 343 < texts.jsonl > sizes.jsonl
              layout-cli measure --width 200 --lines 2 --break tail --detail --text "Hello, world"
            """
    )

    @Option(help: "A font family (Inter, system) or the path of a font file.")
    var font = "system"

    @Option(parsing: .unconditional, help: "The font size in points.")
    var size = "17"

    @Option(help: "The font weight: \(FontWeight.allCases.map(\.rawValue).joined(separator: ", ")).")
    var weight = "regular"

    @Option(parsing: .unconditional, help: "The line width in points.")
    var width: String

    @Option(parsing: .unconditional, help: "The most lines (0 = no limit); with head/middle/tail the last line is truncated with \"…\".")
    var lines = "0"

    @Option(name: .customLong("break"),
            help: "Line break mode: \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")).")
    var breakMode = "word"

    @Option(help: "Screen scale (1, 2 or 3): heights are rounded up to the next 1/scale point.")
    var scale = "1"

    @Flag(help: "Add \"breaks\": the UTF-16 offsets where each line after the first starts.")
    var detail = false

    @Option(help: "Measure this one string instead of reading JSON Lines.")
    var text: String?

    @OptionGroup var fontOptions: FontOptions

    @OptionGroup var stream: StreamOptions

    @Argument(help: "A JSON Lines file (default: standard input).")
    var input: String?

    func run() throws {
        let width = try OptionValues.positive(self.width, option: "--width")
        let size = try OptionValues.positive(size, option: "--size", maximum: 10_000)
        let maxLines = try OptionValues.count(lines, option: "--lines")
        let scale = try OptionValues.scale(scale)
        let mode: LineBreakMode = try OptionValues.choice(breakMode, option: "--break", what: "break mode")
        let weight: FontWeight = try OptionValues.choice(weight, option: "--weight", what: "weight")
        let engine = try fontOptions.makeEngine()
        let font = try OptionValues.font(font, weight: weight, size: size, in: engine)
        let options = FitOptions(maxLines: maxLines, lineBreakMode: mode)
        let detail = detail
        var writer = JSONWriter()

        /// The size, and the break offsets when --detail asks for them (only then are the
        /// lines kept).
        @Sendable func measure(_ text: String) -> (TextSize, [Int]?) {
            let prepared = engine.prepare(text, font: font)
            guard detail else { return (prepared.size(width: width, options: options), nil) }
            let layout = prepared.fit(width: width, options: options)
            return (layout.size, layout.breakOffsets)
        }

        func write(_ id: JSONValue, _ measured: (size: TextSize, breaks: [Int]?)) {
            writer.reset()
            writer.raw("{\"id\":")
            writer.write(id)
            writer.raw(",\"lines\":\(measured.size.lines),\"width\":")
            writer.write(measured.size.usedWidth)
            writer.raw(",\"height\":")
            writer.write(measured.size.height(scale: scale))
            if let breaks = measured.breaks {
                writer.raw(",\"breaks\":")
                writer.write(.array(breaks.map { .number(Double($0)) }))
            }
            writer.raw("}")
            Output.writeLine(writer.bytes)
        }

        if let text {
            guard input == nil else { throw ValidationError("give either --text or an input file, not both") }
            write(.null, measure(text))
        } else {
            var rows = RowStream<(JSONValue, (TextSize, [Int]?))>(
                reader: try LineReader(path: input), keepGoing: stream.keepGoing, quiet: stream.quiet)
            try rows.run { row in
                (row["id"] ?? .null, measure(try Rows.text(row, key: "text")))
            } write: { id, measured in
                write(id, measured)
            }
        }
        Output.flushStandardOutput()
    }
}
