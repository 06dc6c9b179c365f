import ArgumentParser
import CellLayout

/// `layout-cli measure`: text in, size out.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure wrapped text: line count, used width and height per row.",
        discussion: """
            Reads JSON Lines, one {"id": <any>, "text": "<string>" | [runs], "paragraph": {…}} \
            per line (other keys are ignored, blank lines skipped), and writes one \
            {"id", "lines", "width", "height"} per row, in order, using all cores with flat \
            memory. A run is {"text", "font": {family, size, weight, italic, file}, "kern", \
            "baselineOffset", "color"}; its font keys override the options'. Height is the \
            lines' heights (the tallest font on each line, the paragraph style's spacing) \
            rounded up to the next 1/scale point. A bad row stops the run with its file and \
            line (exit 1) after the rows before it; --keep-going skips it.

            With --widths a,b,c instead of --width, each text is prepared once and fitted at \
            every width: one {"id", "sizes": [{"lines", "width", "height"}, …]} per row, one \
            entry per width in the order given (--detail adds each entry's "breaks").

            Dynamic Type: --text-style body sizes the text as UIFont.preferredFont(forTextStyle:) \
            at --content-size-category (default large; a row's "contentSizeCategory" key wins), \
            as does a run's "font": {"textStyle": …} or {"size": 16, "relativeTo": "body"} \
            (UIFontMetrics). --content-sizes all|a,b,c measures each row at every listed \
            category: "sizes" gets one entry per category (and width), each with its \
            "contentSizeCategory"; a text whose fonts do not change with the category is \
            prepared once.

            Every key and option: Sources/CellLayout/CellLayout.docc/JSONFormat.md in the \
            repository.

            Example:
              layout-cli measure --font Inter --size 17 --width 343 < texts.jsonl > sizes.jsonl
              layout-cli measure --widths 320,375,390,414,768 < texts.jsonl > sizes.jsonl
              layout-cli measure --width 200 --lines 2 --break tail --detail --text "Hello, world"
              layout-cli measure --text-style body --content-sizes all --width 343 < texts.jsonl
            """
    )

    @Option(help: "A font family (Inter, system) or the path of a font file.")
    var font = "system"

    @Option(parsing: .unconditional, help: "The font size in points.")
    var size = "17"

    @Option(help: "The font weight: \(FontWeight.names.joined(separator: ", ")) (or UIKit's names: .semibold, UIFontWeightSemibold, …).")
    var weight = "regular"

    @Option(name: .customLong("text-style"),
            help: "Size and weight from a text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))) at the content size category, instead of --size and --weight.")
    var textStyle: String?

    @Option(name: .customLong("content-size-category"),
            help: "The Dynamic Type size text styles take: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")). Default large.")
    var contentSizeCategory = "large"

    @Option(name: .customLong("content-sizes"),
            help: "all, or comma-separated categories: every row measured at each; writes \"sizes\".")
    var contentSizes: String?

    @Option(parsing: .unconditional, help: "The line width in points.")
    var width: String?

    @Option(help: "Comma-separated line widths: every text prepared once and fitted at each; writes \"sizes\".")
    var widths: String?

    @Option(parsing: .unconditional, help: "The most lines (0 = no limit); with head/middle/tail the last line is truncated with \"…\".")
    var lines = "0"

    @Option(name: .customLong("break"),
            help: "Line break mode: \(LineBreakMode.names.joined(separator: ", ")) (or UIKit's names: byTruncatingTail, NSLineBreakByTruncatingTail, …).")
    var breakMode = "word"

    @Option(help: "Screen scale (1, 2 or 3): heights are rounded up to the next 1/scale point.")
    var scale = "1"

    @Flag(help: "Add \"breaks\" (the UTF-16 offsets where each line after the first starts) and \"lineTops\" (each line's y).")
    var detail = false

    @Option(help: "Measure this one string instead of reading JSON Lines.")
    var text: String?

    @OptionGroup var fontOptions: FontOptions

    @OptionGroup var stream: StreamOptions

    @Argument(help: "A JSON Lines file (default: standard input).")
    var input: String?

    func validate() throws {
        switch (width, widths) {
        case (nil, nil): throw ValidationError("Missing expected argument '--width <width>' (or --widths a,b,c)")
        case (.some, .some): throw ValidationError("give --width or --widths, not both")
        default: break
        }
    }

    func run() throws {
        let fitWidths = try widths.map { try OptionValues.widths($0) }
            ?? [OptionValues.positive(width!, option: "--width")]
        let categories = try contentSizes.map { try OptionValues.categories($0) }
            ?? [OptionValues.category(contentSizeCategory, option: "--content-size-category")]
        let fanOut = contentSizes != nil
        let sizesArray = widths != nil || fanOut
        let size = try OptionValues.positive(size, option: "--size", maximum: TextDecoder.maximumFontSize)
        let maxLines = try OptionValues.count(lines, option: "--lines")
        let scale = try OptionValues.scale(scale)
        let mode: LineBreakMode = try OptionValues.choice(breakMode, option: "--break", what: "break mode")
        let weight: FontWeight = try OptionValues.choice(weight, option: "--weight", what: "weight")
        let engine = try fontOptions.makeEngine()
        var optionSpec = OptionValues.fontSpec(self.font, weight: weight, size: size)
        if let textStyle {
            let style: TextStyle = try OptionValues.choice(textStyle, option: "--text-style", what: "text style")
            optionSpec = FontOverride(textStyle: style).applied(to: optionSpec)
        }
        let baseSpec = optionSpec
        let baseFonts = try categories.map { try OptionValues.font(baseSpec.at($0), in: engine) }
        let options = FitOptions(maxLines: maxLines, lineBreakMode: mode)
        let detail = detail
        let texts = TextDecoder(fonts: engine.fonts)
        var writer = JSONWriter()

        /// The text prepared once, then at each width its size, and the break offsets and
        /// line tops when --detail asks for them (only then are the lines kept).
        @Sendable func measure(_ prepared: PreparedText, _ category: ContentSizeCategory? = nil) -> [Measured] {
            fitWidths.map { width in
                guard detail else { return Measured(size: prepared.size(width: width, options: options), category: category) }
                let layout = prepared.fit(width: width, options: options)
                return Measured(size: layout.size, category: category, breaks: layout.breakOffsets,
                                lineTops: layout.lines.map(\.y))
            }
        }

        /// Each category's text measured at every width, category by category.
        @Sendable func measure(_ prepared: [PreparedText]) -> [Measured] {
            zip(categories, prepared).flatMap { category, text in measure(text, fanOut ? category : nil) }
        }

        /// A row's text prepared at each category: a string in the options' font, or runs
        /// over it, with the row's paragraph style; prepared once for all the categories
        /// its fonts are the same at.
        @Sendable func prepare(_ row: JSONValue) throws -> [PreparedText] {
            guard let value = row["text"] else {
                try Rows.refuseTableDocument(row, command: "measure", expected: #"one {"id", "text"}"#)
                throw CLIError("missing \"text\"")
            }
            do {
                let style = try row["paragraph"].map { p throws(InputError) in try texts.paragraph(p, path: "paragraph") }
                let language = try row["language"].map { l throws(InputError) in try texts.language(l, path: "language") }
                var rowCategories = categories, rowFonts = baseFonts
                if let node = row["contentSizeCategory"] {
                    guard !fanOut else {
                        throw CLIError("contentSizeCategory: the row names a category, but --content-sizes measures each listed one")
                    }
                    rowCategories = [try texts.contentSizeCategory(node, path: "contentSizeCategory")]
                    rowFonts = [try OptionValues.font(baseSpec.at(rowCategories[0]), in: engine)]
                }
                let (string, runs) = try texts.text(value, path: "text", base: baseSpec)
                var made: [[ObjectIdentifier]: PreparedText] = [:]
                return try zip(rowCategories, rowFonts).map { category, font in
                    guard let runs else {
                        if let known = made[[ObjectIdentifier(font)]] { return known }
                        let prepared = engine.prepare(string, font: font, paragraphStyle: style ?? ParagraphStyle(),
                                                      language: language)
                        made[[ObjectIdentifier(font)]] = prepared
                        return prepared
                    }
                    let runFonts = try runs.map { run in try run.font.applied(to: baseSpec).at(category).resolve(in: engine.fonts) }
                    let key = [ObjectIdentifier(font)] + runFonts.map { ObjectIdentifier($0) }
                    if let known = made[key] { return known }
                    let attributed = AttributedText(zip(runs, runFonts).map { run, runFont in
                        TextRun(run.text, font: runFont, kern: run.kern, baselineOffset: run.baselineOffset, color: run.color)
                    }, paragraphStyle: style ?? ParagraphStyle())
                    let prepared = engine.prepare(attributed, font: font, language: language)
                    made[key] = prepared
                    return prepared
                }
            } catch let error as InputError {
                throw CLIError(error.description)
            } catch let error as FontError {
                throw CLIError("text: \(error)")
            }
        }

        /// `"lines":…,"width":…,"height":…` and the breaks, without braces.
        func fields(_ measured: Measured) {
            if let category = measured.category { writer.raw("\"contentSizeCategory\":\"\(category.rawValue)\",") }
            writer.raw("\"lines\":")
            writer.write(measured.size.lines)
            writer.raw(",\"width\":")
            writer.write(measured.size.usedWidth)
            writer.raw(",\"height\":")
            writer.write(measured.size.height(scale: scale))
            if let breaks = measured.breaks {
                writer.raw(",\"breaks\":")
                writer.write(.array(breaks.map { .number(Double($0)) }))
            }
            if let tops = measured.lineTops {
                writer.raw(",\"lineTops\":")
                writer.write(.array(tops.map { .number($0) }))
            }
        }

        func write(_ id: JSONValue, _ measured: [Measured]) throws {
            writer.reset()
            writer.raw("{\"id\":")
            writer.write(id)
            if sizesArray {
                writer.raw(",\"sizes\":[")
                for (i, entry) in measured.enumerated() {
                    writer.raw(i == 0 ? "{" : ",{")
                    fields(entry)
                    writer.raw("}")
                }
                writer.raw("]}")
            } else {
                writer.raw(",")
                fields(measured[0])
                writer.raw("}")
            }
            try Output.writeLine(writer.bytes)
        }

        if let text {
            guard input == nil else { throw ValidationError("give either --text or an input file, not both") }
            try write(.null, measure(baseFonts.map { engine.prepare(text, font: $0) }))
        } else {
            var rows = RowStream<(JSONValue, [Measured])>(
                reader: try LineReader(path: input), command: "measure", keepGoing: stream.keepGoing, quiet: stream.quiet)
            try rows.run { row in
                (row["id"] ?? .null, measure(try prepare(row)))
            } write: { value, _ in
                try write(value.0, value.1)
            }
        }
        try Output.flushStandardOutput()
    }
}

/// One text fitted at one width: its size, and its break offsets and line tops with --detail.
private struct Measured: Sendable {
    var size: TextSize
    /// The category it was measured at, with --content-sizes.
    var category: ContentSizeCategory?
    var breaks: [Int]?
    var lineTops: [Double]?
}
