import CellLayout
import Foundation

/// `layout table.json`, streamed: the document's rows are parsed, decoded, laid out and
/// encoded on all cores in batches, as JSON Lines rows are, and no whole-document tree or
/// table of rows is ever held.
///
/// Three passes:
/// 1. ``DocumentOutline`` reads everything but the rows (a table's keys may come after
///    them) and where each row lies;
/// 2. the rows, in order, each encoded without its y into a ``SpillFile``, their heights
///    kept (8 bytes a row);
/// 3. the output, written as it goes: `"contentHeight"` comes before the rows in it, so
///    the rows wait in the spill file until every height is known; every y then comes from
///    the same offset index a `TableLayout` keeps, so the bytes are `TableEncoder`'s.
///
/// Errors read as the whole-document path gives them: a syntax error anywhere comes first
/// (line and column in the document), then the first bad value, by its JSON path.
struct DocumentLayout {
    /// Rows per batch handed to the cores.
    static var batchSize: Int { 2048 }

    let input: TableInput

    /// Lays out `input` and writes the layout to standard output.
    /// - Throws: `CLIError` with the document's name and where the error is.
    func run() throws {
        let width = try input.width.map { try OptionValues.positive($0, option: "--width") }
        let platform = try input.platformProfile()
        let source = try DocumentSource(path: input.table)
        let name = source.name
        let outline = try DocumentOutline(&source.bytes)
        var documentSystemFont: String?
        if case .string(let path)? = outline.skeleton?["systemFontFile"] { documentSystemFont = path }
        let engine = try input.fontOptions.makeEngine(documentSystemFont: documentSystemFont, documentName: name)
        guard let skeleton = outline.skeleton else {
            // Not an object: no table (the whole-document path says what is wrong).
            return try write(input.load(width: width, engine: engine, bytes: source.bytes.bytes(0..<source.bytes.size)))
        }
        let table: TableLayout
        let language: TextLanguage?
        do {
            var spec = try input.decoder(fonts: engine.fonts).decode(skeleton, width: width, platform: platform)
            if let category = try input.category() { spec.metrics.contentSizeCategory = category }
            language = try skeleton["language"].map { value throws(InputError) in
                try TextDecoder(fonts: engine.fonts).language(value, path: "language")
            }
            let rows = outline.rowLists.reduce(0) { $0 + $1.starts.count }
            try TableDecoder.checkRowCount(rows, path: skeleton["sections"] == nil ? "rows" : "sections")
            table = try TableLayout(spec: spec, engine: engine)
        } catch {
            if let syntax = try outline.firstBadRow(&source.bytes, after: nil) { throw syntax }
            throw CLIError("\(name): \(error)")
        }
        let spill = try SpillFile()
        let heights = try layOutRows(outline, of: table, language: language, engine: engine, source: source, into: spill)
        try spill.flush()
        var records = FileBytes(descriptor: spill.descriptor, size: spill.count, name: "a temporary file")
        var offset = 0
        func record() throws -> [UInt8] {
            let length = try records.bytes(offset..<(offset + 4)).reversed().reduce(0) { $0 << 8 | Int($1) }
            defer { offset += 4 + length }
            return try records.bytes((offset + 4)..<(offset + 4 + length))
        }
        var writer = JSONWriter()
        try TableEncoder.encode(table, rowHeights: heights, into: &writer) { _, y, writer in
            let id = try record(), fields = try record()
            TableEncoder.encodeRow(id: { $0.raw(id) }, y: y, into: &writer) { $0.raw(fields) }
            if writer.bytes.count >= 1 << 16 {
                try Output.write(writer.bytes)
                writer.reset()
            }
        }
        try write(writer.bytes)
    }

    /// Pass 2: every row laid out, in batches on all cores, encoded (its id's JSON, then
    /// its fields, each after its length) into `spill`. Each row takes the table's
    /// `language` where it names none, as the whole-document decoder gives it.
    /// - Returns: each section's row heights.
    private func layOutRows(
        _ outline: DocumentOutline, of table: TableLayout, language: TextLanguage?, engine: TextEngine,
        source: DocumentSource, into spill: SpillFile
    ) throws -> [[Double]] {
        let decoder = input.decoder(fonts: engine.fonts)
        let metrics = table.metrics, cellWidth = table.cellFrameX.width, direction = table.layoutDirection
        let rowHeight = table.spec.rowHeight
        // The rows are all different: keeping prepared texts would only cost memory.
        let layouter = CellLayouter(measurer: LabelMeasurer(engine: engine, metrics: metrics, preparedTexts: 0),
                                    metrics: metrics, safeArea: table.layouter.safeArea)
        var heights = [[Double]](repeating: [], count: table.sections.count)
        for (l, list) in outline.rowLists.enumerated() {
            heights[list.section].reserveCapacity(list.starts.count)
            for batchStart in stride(from: 0, to: list.starts.count, by: Self.batchSize) {
                let batch = try (batchStart..<min(list.starts.count, batchStart + Self.batchSize)).map { r in
                    (r, try source.bytes.bytes(list.starts[r]..<list.ends[r]))
                }
                let results = batch.concurrentMap(chunk: 16) { r, bytes in
                    Result { () throws -> (Double, [UInt8], [UInt8], RowID, [LayoutWarning]) in
                        let value = try JSONParser.parsePrefix(bytes, depth: list.depth).value
                        let cell = try decoder.decodeRow(value, path: "\(list.path)[\(r)]", metrics: metrics,
                                                       language: language)
                        let row = try layouter.layout(cell, width: cellWidth, previous: nil, inheriting: direction,
                                                      rowHeight: rowHeight)
                        var id = JSONWriter(), fields = JSONWriter()
                        id.write(cell.id)
                        TableEncoder.encodeFields(row, cellWidth: cellWidth, into: &fields)
                        return (row.height, id.bytes, fields.bytes, cell.id, row.warnings)
                    }
                }
                for ((r, _), result) in zip(batch, results) {
                    switch result {
                    case .success(let (height, id, fields, rowID, warnings)):
                        for warning in warnings {
                            Warnings.report(warning, row: "\(source.name): sections[\(list.section)].rows[\(r)]", id: rowID,
                                            width: nil, input: source.name)
                        }
                        heights[list.section].append(height)
                        try spill.append(length: id.count)
                        try spill.append(id)
                        try spill.append(length: fields.count)
                        try spill.append(fields)
                    case .failure(let error as JSONParser.SyntaxError):
                        throw try DocumentOutline.locate(error, at: list.starts[r], in: &source.bytes)
                    case .failure(let error):
                        // A syntax error further on is what the whole document's parse reports.
                        if let syntax = try outline.firstBadRow(&source.bytes, after: (l, r)) { throw syntax }
                        throw CLIError("\(source.name): \(error)")
                    }
                }
            }
        }
        return heights
    }

    private func write(_ bytes: [UInt8]) throws {
        try Output.writeLine(bytes)
        try Output.flushStandardOutput()
    }

    private func write(_ table: TableLayout) throws {
        var writer = JSONWriter()
        TableEncoder.encode(table, into: &writer)
        try write(writer.bytes)
    }
}
