import CellLayout
import Foundation

/// Runs a JSON Lines stream through a per-row job on all cores, in batches, writing the
/// results in input order: memory stays flat whatever the row count, and only whole
/// lines ever reach stdout.
///
/// The batches are pipelined: while the cores process one batch, the calling thread reads
/// the next and then writes the one before, so reading and writing (one thread's work)
/// no longer leave the other core idle between batches (with the three steps in turn, two
/// cores measured 40,000 rows no faster than one). At most two batches are in memory.
/// The stream's last batch — all of a short input — has nothing left to read beside it and
/// is processed from the calling thread: its memory then comes from the same malloc arena
/// as the lines it reads (one 2.5 M-unit row took 2 MB more peak RSS on a thread of its
/// own, glibc keeping each thread's freed memory for that thread).
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

    /// Lines read, with their line numbers, and the error that stopped the reading there.
    private struct Batch {
        var lines: [(line: Int, bytes: ArraySlice<UInt8>)] = []
        /// A line that cannot be read (past the line limit, a read error): the stream stops
        /// after the rows before it, as at a bad row.
        var unreadable: Error?
        /// Whether the input ended after these lines.
        var isLast = false
    }

    /// A batch being processed on the cores; `results` is ready once `done` is signalled.
    private final class Work: @unchecked Sendable {
        var results: [Result<Value, Error>] = []
        let done = DispatchSemaphore(value: 0)

        /// Starts processing `lines` on the cores; `here`: from this thread, returning when
        /// done (the last batch, with nothing to read beside it).
        init(_ lines: [(line: Int, bytes: ArraySlice<UInt8>)], command: String, here: Bool,
             process: @escaping @Sendable (JSONValue) throws -> Value) {
            let job: @Sendable () -> Void = { [self] in
                results = lines.concurrentMap { line in
                    Result { try process(try Rows.object(line.bytes, command: command)) }
                }
                done.signal()
            }
            if here { job() } else { DispatchQueue.global().async(execute: job) }
        }

        /// The results, once the cores are done.
        func wait() -> [Result<Value, Error>] {
            done.wait()
            return results
        }
    }

    private mutating func read() -> Batch {
        var batch = Batch()
        do {
            while batch.lines.count < Self.batchSize {
                guard let line = try reader.next() else {
                    batch.isLast = true
                    break
                }
                if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) { batch.lines.append((reader.lineNumber, line)) }
            }
        } catch {
            batch.unreadable = error
        }
        return batch
    }

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
        var batch = read()
        var work = batch.lines.isEmpty ? nil : Work(batch.lines, command: command, here: batch.isLast, process: process)
        if work == nil, let unreadable = batch.unreadable { throw unreadable }
        while let current = work {
            // The next batch is read while this one is processed, and processed while this
            // one is written. Before an error is thrown, the next batch's processing ends
            // (its rows are not written).
            let next = batch.unreadable == nil ? read() : Batch()
            let results = current.wait()
            work = next.lines.isEmpty ? nil : Work(next.lines, command: command, here: next.isLast, process: process)
            for (line, result) in zip(batch.lines, results) {
                switch result {
                case .success(let value):
                    do {
                        try write(value, "\(reader.name):\(line.line)")
                    } catch {
                        _ = work?.wait()
                        throw error
                    }
                    rows += 1
                case .failure(let error):
                    let message = "\(reader.name):\(line.line): \(error)"
                    guard keepGoing else {
                        _ = work?.wait()
                        throw CLIError(message)
                    }
                    try Output.flushStandardOutput()
                    Output.standardError("\(message)\n")
                    skipped += 1
                }
            }
            progress?.update(rows: rows, bytes: reader.bytesRead)
            // (When either batch ended at an unreadable line, no batch is being processed.)
            if let unreadable = batch.unreadable ?? (next.lines.isEmpty ? next.unreadable : nil) { throw unreadable }
            batch = next
        }
        progress?.finish()
        if skipped > 0 {
            throw CLIError("\(reader.name): \(skipped) bad row\(skipped == 1 ? "" : "s") skipped, \(rows) written")
        }
    }
}
