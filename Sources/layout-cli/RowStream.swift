import CellLayout
import Foundation

/// Runs a JSON Lines stream through a per-row job on all cores, in batches, writing the
/// results in input order: memory stays flat whatever the row count, and only whole
/// lines ever reach stdout.
///
/// A bad row stops the stream with its error (`file:line: what`), after every earlier row
/// has been written; with `keepGoing` it is reported on stderr and skipped, and the run
/// ends with exit code 1 and a count of the rows skipped. A line longer than
/// `LineReader.maxLineBytes` stops the stream even then (after the rows before it): where
/// the next row starts is not known until the line ends.
struct RowStream<Value: Sendable> {
    /// Lines per batch: enough to keep both cores busy, small enough to stay flat.
    static var batchSize: Int { 2048 }

    var reader: LineReader
    /// The command reading the stream, as the hint for a line that ends inside its JSON
    /// value names it (`measure`, `layout --jsonl`).
    let command: String
    let keepGoing: Bool
    let quiet: Bool

    /// Reads every row, makes a value of each with `process` (in parallel; it throws
    /// `CLIError` or `InputError` for a bad row), and hands the values to `write` in order,
    /// each with where its row is (`file:line`, as errors name it).
    /// - Throws: `CLIError` for the first bad row (or the skipped count with `keepGoing`).
    mutating func run(
        process: @escaping @Sendable (JSONValue) throws -> Value,
        write: (Value, _ location: String) throws -> Void
    ) throws {
        var progress = Progress(totalBytes: reader.totalBytes, quiet: quiet)
        var rows = 0, skipped = 0
        while true {
            var batch: [(line: Int, bytes: ArraySlice<UInt8>)] = []
            // A line that cannot be read (past the line limit, a read error) stops the
            // stream after the rows before it, as a bad row does.
            var unreadable: Error?
            do {
                while batch.count < Self.batchSize, let line = try reader.next() {
                    if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) { batch.append((reader.lineNumber, line)) }
                }
            } catch {
                unreadable = error
            }
            if batch.isEmpty, unreadable == nil { break }
            let command = command
            let results = batch.concurrentMap { line in
                Result { try process(try Rows.object(line.bytes, command: command)) }
            }
            for (line, result) in zip(batch, results) {
                switch result {
                case .success(let value):
                    try write(value, "\(reader.name):\(line.line)")
                    rows += 1
                case .failure(let error):
                    let message = "\(reader.name):\(line.line): \(error)"
                    guard keepGoing else { throw CLIError(message) }
                    try Output.flushStandardOutput()
                    Output.standardError("\(message)\n")
                    skipped += 1
                }
            }
            progress?.update(rows: rows, bytes: reader.bytesRead)
            if let unreadable { throw unreadable }
        }
        progress?.finish()
        if skipped > 0 {
            throw CLIError("\(reader.name): \(skipped) bad row\(skipped == 1 ? "" : "s") skipped, \(rows) written")
        }
    }
}
