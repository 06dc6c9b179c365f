import Foundation

/// A progress line on stderr for long inputs — rows done, rows per second and, when the
/// input's size is known, the share done and the time left — redrawn at most four times
/// a second, and only when stderr is a terminal.
struct Progress {
    private let total: Int?
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    /// A progress line for an input of `totalBytes` (nil when unknown), or nil when stderr
    /// is not a terminal or the user asked for quiet.
    init?(totalBytes: Int?, quiet: Bool) {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        self.total = totalBytes
    }

    /// Redraws the line if a quarter second has passed.
    mutating func update(rows: Int, bytes: Int) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.25 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 1e-3)
        var line = "\r\(rows) rows  \(Int(Double(rows) / elapsed)) rows/s"
        if let total, total > 0, bytes > 0 {
            let share = min(1, Double(bytes) / Double(total))
            let left = Int(elapsed / share - elapsed)
            line += "  \(Int(share * 100))%  ETA \(left / 60):\(String(format: "%02d", left % 60))"
        }
        Output.standardError(line + "   ")
        drawn = true
    }

    /// Ends the line.
    func finish() {
        if drawn { Output.standardError("\n") }
    }
}
