// cell-layout-bench: the in-process benchmarks behind Benchmarks/run.
//
//   cell-layout-bench text  --corpus FILE [--threads N|all] [--limit N] [--width 343]
//                           [--rotate 600] [--size 17] [--fonts bundled|system|DIR] [--window 0]
//                           [--paired 0] [--pass-log FILE]
//       Cold pass: a NEW TextEngine (empty memo; bundled fonts only, or with --fonts system
//       the default settings — the system's fonts through fontconfig — or with --fonts DIR
//       the bundled fonts and those in DIR, no system fonts), prepare + fit every
//       row at --width, on N threads (DispatchQueue.concurrentPerform, rows handed out in
//       chunks from a shared counter, one shared engine). Then rotation: every prepared text
//       fitted again at --rotate without keeping lines, on the calling thread, with
//       PreparedText.sizes(of:width:) (all at once) and with size(width:) per text.
//       With --window SECONDS, then more cold passes (each with a new engine, every
//       pass's texts kept) until the passes' cold time adds up to SECONDS: the throughput
//       over a window as long as a peer's run (see windowPasses below).
//       With --paired SECONDS (and N > 1), then pairs of cold passes, one on one thread and
//       one on N, each with a new engine and every pass's texts kept, until the N-thread
//       passes' cold time adds up to SECONDS: the N-thread scaling from the same work in
//       the same process at the same time (see pairedPasses below). --pass-log FILE writes
//       each paired pass's thread count, start and end (CLOCK_MONOTONIC seconds) and minor
//       page faults, a line each, for scripts/dev/paired-profile.
//
//   cell-layout-bench table --corpus FILE [--rows 1000000] [--width 375] [--queries 100000]
//                           [--updates 100] [--images 1]
//       A table of --rows rows cycling the corpus (id = i, text; style subtitle with
//       detailText when the row has "detail"; accessories cycling; with --images 1 also a
//       40 × 40 image and numberOfLines 3 on every row), laid out with
//       TableLayout(spec:engine:), then random queries, single-row inserts and reloads,
//       and peak memory (VmHWM).
//
//   cell-layout-bench attributed --corpus FILE [--repeat 3] [--limit N] [--refit both|plain|attributed]
//       Issue 10: every row prepared as one plain run and as three runs (a new engine per
//       pass), then both lists re-fitted by PreparedText.sizes(of:width:) at 600. With
//       --refit plain or attributed only that list is re-fitted, with no warm-up pass: for
//       counting one list's instructions under callgrind (--toggle-collect on sizes(of:)).
//
//   cell-layout-bench profile --corpus FILE [--limit N] [--width 343] [--rotate 600] [--size 17]
//                             [--fonts bundled|system|DIR] [--threads 1]
//       For instruction counts (scripts/dev/callgrind) and perf profiles of the cold pass
//       alone: a new engine (fonts as in `text`), then each row prepared and fitted at
//       --width on --threads threads (in coldPrepare, the cold pass of `text`),
//       then every prepared text fitted again at --rotate with PreparedText.sizes(of:width:)
//       (in refit), each phase once and in its own function, with no timing loop, so that
//       callgrind's inclusive counts of those two functions are the same on every run.
//
//   cell-layout-bench sizes
//       The strides of the per-row types a table keeps (for memory profiles).
//
// Each command prints a human-readable summary on stderr and ONE JSON object on stdout,
// which Benchmarks/run turns into the results table.

import CellLayout
import Dispatch
import Foundation
import Synchronization

// MARK: Helpers

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// This thread's CPU time in seconds: the clock for single-threaded microbenchmarks (table
/// queries), which wall time overstates whenever other processes share the cores.
func cpuNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The process's CPU time in seconds (every thread, user + system): the cold pass's clock beside
/// wall time, as the peers' `cpu_s()` (Tests/Oracles/row_stream.h) is theirs.
/// The process's minor page faults so far (`getrusage`): fresh pages touched.
func minorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

func processCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cell-layout-bench: \(message)\n".utf8))
    exit(2)
}

func note(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// A field of /proc/self/status in kB (VmHWM, VmRSS).
func procStatus(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

/// Prints `fields` as one JSON object (numbers and strings only) on stdout.
func emit(_ fields: [(String, Any)]) {
    let body = fields.map { key, value -> String in
        switch value {
        case let s as String: return "\"\(key)\":\"\(s)\""
        case let d as Double: return "\"\(key)\":\(d.isFinite ? String(d) : "null")"
        default: return "\"\(key)\":\(value)"
        }
    }.joined(separator: ",")
    print("{\(body)}")
}

struct Arguments {
    var command: String
    var values: [String: String] = [:]

    init(_ argv: [String]) {
        guard argv.count >= 2 else { fail("usage: cell-layout-bench text|table|attributed|profile|sizes --corpus FILE [options]") }
        command = argv[1]
        var i = 2
        while i < argv.count {
            let key = argv[i]
            guard key.hasPrefix("--"), i + 1 < argv.count else { fail("bad argument \(key)") }
            values[String(key.dropFirst(2))] = argv[i + 1]
            i += 2
        }
    }

    func string(_ key: String, _ fallback: String? = nil) -> String {
        guard let value = values[key] ?? fallback else { fail("--\(key) is required") }
        return value
    }

    func int(_ key: String, _ fallback: Int) -> Int {
        guard let text = values[key] else { return fallback }
        if text == "all" { return ProcessInfo.processInfo.activeProcessorCount }
        guard let value = Int(text) else { fail("--\(key): not a number: \(text)") }
        return value
    }

    func double(_ key: String, _ fallback: Double) -> Double {
        guard let text = values[key] else { return fallback }
        guard let value = Double(text) else { fail("--\(key): not a number: \(text)") }
        return value
    }
}

struct CorpusRow {
    var text: String
    var detail: String?
}

/// The corpus rows, parsed with the library's own JSON parser (not timed).
func loadCorpus(_ path: String, limit: Int) -> [CorpusRow] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    var rows: [CorpusRow] = []
    let bytes = [UInt8](data)  // (splitting Foundation.Data directly is ~100x slower)
    for line in bytes.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
        if rows.count == limit { break }
        guard let value = try? JSONParser.parse(Array(line)) else { fail("\(path): bad JSON line \(rows.count + 1)") }
        guard case .string(let text)? = value["text"] else { fail("\(path): row without text") }
        var detail: String?
        if case .string(let d)? = value["detail"] { detail = d }
        rows.append(CorpusRow(text: text, detail: detail))
    }
    return rows
}

/// Hands out row indices in chunks to the workers of a concurrentPerform.
final class ChunkCounter: Sendable {
    let next = Atomic<Int>(0)
    func take(_ chunk: Int) -> Int { next.add(chunk, ordering: .relaxed).oldValue }
}

/// A fixed array that several threads write at distinct indices.
final class SharedSlots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T?>
    let count: Int
    private var moved = false
    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
    }
    deinit {
        if !moved { base.deinitialize(count: count) }
        base.deallocate()
    }

    /// Every slot's value (each slot must hold one), moved out: not copied, so no value is
    /// retained here and released again when the slots go — for the prepared texts of the
    /// two-thread cold pass, 20,000 reference-count writes after the parallel part, on
    /// objects half of which the other core made (a cache miss each), that the one-thread
    /// pass (`texts.map`) never makes.
    func moveAll() -> [T] {
        moved = true
        return (0..<count).map { base.advanced(by: $0).move()! }
    }
}

/// A small deterministic generator (SplitMix64), so runs query the same rows.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: text

func textBenchmark(_ args: Arguments) throws {
    let corpusPath = args.string("corpus")
    let rows = loadCorpus(corpusPath, limit: args.int("limit", .max))
    let texts = rows.map(\.text)
    let n = texts.count
    let threads = max(1, args.int("threads", 1))
    let width = args.double("width", 343)
    let rotate = args.double("rotate", 600)
    let size = args.double("size", 17)

    // Cold: a new engine, so the shape memo and the fallback tables start empty.
    let fonts = args.string("fonts", "bundled")
    let engine = TextEngine(fonts: try fontLibrary(fonts))
    let font = try engine.fonts.font(family: "Inter", weight: .regular, size: size)
    let t0 = now(), c0 = processCPU()
    let (prepared, coldLines) = coldPrepare(texts, engine: engine, font: font, width: width, threads: threads)
    let cold = now() - t0, coldCPU = processCPU() - c0
    let stats = engine.shapeStatistics

    // Rotation: fit only. One pass over 10k rows takes milliseconds, so repeat the pass
    // for at least half a second and keep the fastest. `PreparedText.sizes(of:width:)`
    // re-fits all rows at once (fetching the texts ahead from memory); the per-text loop
    // of `size(width:)` is reported beside it.
    func fastestPass(_ pass: () -> Int) -> (seconds: Double, lines: Int, passes: Int) {
        var best = Double.infinity, lines = 0, passes = 0
        let start = now()
        while passes < 3 || (now() - start < 0.5 && passes < 1000) {
            let p0 = now()
            lines = pass()
            best = min(best, now() - p0)
            passes += 1
        }
        return (best, lines, passes)
    }
    let batch = fastestPass { PreparedText.sizes(of: prepared, width: rotate).reduce(0) { $0 + $1.lines } }
    let each = fastestPass { prepared.reduce(0) { $0 + $1.size(width: rotate).lines } }
    let best = batch.seconds, rotateLines = batch.lines, passes = batch.passes
    let peakKB = procStatus("VmHWM")
    let coldEngine = {
        let engine = TextEngine(fonts: try fontLibrary(fonts))
        return (engine, try engine.fonts.font(family: "Inter", weight: .regular, size: size))
    }
    let window = try windowPasses(texts, first: (prepared, cold, coldCPU), seconds: args.double("window", 0),
                                  threads: threads, width: width, make: coldEngine)
    let paired = try pairedPasses(texts, seconds: args.double("paired", 0), threads: threads, width: width,
                                  passLog: args.values["pass-log"], make: coldEngine)
    withExtendedLifetime(prepared) {}

    let coldRate = Double(n) / cold
    let rotateRate = Double(n) / best
    let eachRate = Double(n) / each.seconds
    note(String(format: "text %@: %d rows, %d thread(s): cold %.3f s = %.0f rows/s (%d lines at %g; shaped %d, memo hits %d); rotation %.2f ms = %.0f rows/s (%d lines at %g, best of %d; one size(width:) per text: %.0f rows/s)",
                (corpusPath as NSString).lastPathComponent, n, threads, cold, coldRate, coldLines, width,
                stats.misses, stats.hits, best * 1000, rotateRate, rotateLines, rotate, passes, eachRate))
    if window.passes > 1 {
        note(String(format: "text %@: window of %d cold passes: %.3f s = %.0f rows/s (%.3f s CPU)",
                    (corpusPath as NSString).lastPathComponent, window.passes, window.seconds,
                    Double(n * window.passes) / window.seconds, window.cpuSeconds))
    }
    if paired.pairs > 0 {
        note(String(format: "text %@: %d pairs of cold passes: 1 thread %.3f s (%.3f s CPU), %d threads %.3f s (%.3f s CPU): %.3f×",
                    (corpusPath as NSString).lastPathComponent, paired.pairs, paired.one.seconds, paired.one.cpuSeconds,
                    threads, paired.many.seconds, paired.many.cpuSeconds, paired.one.seconds / paired.many.seconds))
    }
    emit([("bench", "text"), ("fonts", fonts == "bundled" || fonts == "system" ? fonts : "dir"),
          ("corpus", (corpusPath as NSString).lastPathComponent), ("rows", n),
          ("threads", threads), ("coldSeconds", cold), ("coldCPUSeconds", coldCPU), ("coldRowsPerSecond", coldRate), ("coldLines", coldLines),
          ("rotationSeconds", best), ("rotationRowsPerSecond", rotateRate), ("rotationLines", rotateLines),
          ("rotationEachRowsPerSecond", eachRate),
          ("windowPasses", window.passes), ("windowSeconds", window.seconds), ("windowCPUSeconds", window.cpuSeconds),
          ("windowRowsPerSecond", Double(n * window.passes) / window.seconds),
          ("pairedPasses", paired.pairs), ("pairedOneThreadSeconds", paired.one.seconds),
          ("pairedOneThreadCPUSeconds", paired.one.cpuSeconds), ("pairedSeconds", paired.many.seconds),
          ("pairedCPUSeconds", paired.many.cpuSeconds),
          ("pairedRowsPerSecond", paired.pairs > 0 ? Double(n * paired.pairs) / paired.many.seconds : 0),
          ("shaped", stats.misses), ("memoHits", stats.hits), ("vmHWMkB", peakKB)])
}

/// Pairs of cold passes, each of a one-thread pass and a `threads`-thread pass (taking
/// turns at going first), each pass with a new engine from `make` (empty memo, fonts opened anew) over the same rows at
/// `width`, every pass's texts kept to the end, until the `threads`-thread passes' wall time
/// adds up to `seconds` (none when `seconds` is 0 or `threads` is 1). Returns how many pairs
/// ran and each side's summed wall and process CPU seconds.
///
/// Why: the two-thread scaling is the ratio of the two sides' rows/s, and taken from two
/// processes — a one-thread window of passes, then a two-thread one as long — the two sides
/// did not do the same work: the two-thread process ran twice the passes and so kept twice
/// the memory, and on this virtual machine the pages past those the previous process had
/// just freed cost far more to fault in (the host takes back a guest's freed memory within
/// seconds and re-backs each page on its next touch; two vCPUs faulting at once wait on
/// each other there): in five two-thread processes each run right after a one-thread one,
/// the passes past the one-thread process's memory took 216–257 ms of CPU against
/// 137–158 ms for the passes before them. Paired, both sides prepare the same rows the same
/// number of times in the same process, interleaved pass by pass, so that memory growth and
/// the host's load fall on both alike.
func pairedPasses(_ texts: [String], seconds window: Double, threads: Int, width: Double, passLog: String? = nil,
                  make: () throws -> (TextEngine, Font)) rethrows
    -> (pairs: Int, one: (seconds: Double, cpuSeconds: Double), many: (seconds: Double, cpuSeconds: Double)) {
    var kept: [[PreparedText]] = []
    var log = ""
    var pairs = 0, one = (seconds: 0.0, cpuSeconds: 0.0), many = (seconds: 0.0, cpuSeconds: 0.0)
    while threads > 1 && many.seconds < window && pairs < 100 {
        // The two sides take turns going first, so that neither always meets the memory
        // and the host the other left.
        let first = try timedColdPass(texts, threads: pairs % 2 == 0 ? 1 : threads, width: width, make: make)
        let second = try timedColdPass(texts, threads: pairs % 2 == 0 ? threads : 1, width: width, make: make)
        let (single, multi) = pairs % 2 == 0 ? (first, second) : (second, first)
        for (count, pass) in [(1, single), (threads, multi)] {
            log += String(format: "%d %.9f %.9f %d\n", count, pass.start, pass.start + pass.seconds, pass.faults)
        }
        kept += [single.texts, multi.texts]
        one = (one.seconds + single.seconds, one.cpuSeconds + single.cpuSeconds)
        many = (many.seconds + multi.seconds, many.cpuSeconds + multi.cpuSeconds)
        pairs += 1
    }
    withExtendedLifetime(kept) {}
    if let passLog, !FileManager.default.createFile(atPath: passLog, contents: Data(log.utf8)) {
        fail("cannot write \(passLog)")
    }
    return (pairs, one, many)
}

/// One cold pass of `coldPrepare` with a new engine from `make` (made before the clock
/// starts): its texts, wall and process CPU seconds, and when it started (`now()`).
func timedColdPass(_ texts: [String], threads: Int, width: Double, make: () throws -> (TextEngine, Font)) rethrows
    -> (texts: [PreparedText], seconds: Double, cpuSeconds: Double, start: Double, faults: Int) {
    let (engine, font) = try make()
    let f0 = minorFaults(), t0 = now(), c0 = processCPU()
    let (prepared, _) = coldPrepare(texts, engine: engine, font: font, width: width, threads: threads)
    return (prepared, now() - t0, processCPU() - c0, t0, minorFaults() - f0)
}

/// The cold pass over a window: after the `first` pass (its texts, wall and CPU seconds),
/// more passes, each with a new engine from `make` (empty memo, fonts opened anew) and the
/// same rows, threads and width, until the passes' wall time adds up to `seconds`; every
/// pass's texts are kept to the end, so each allocates fresh memory as the first did.
/// Returns how many passes ran (1 when the first already filled the window) and their
/// summed wall and process CPU seconds.
///
/// Why: the two-thread figure is compared with the machine's limit, two fair floors run
/// at once, which last ~0.7-0.9 s. A single two-thread pass lasts 0.075 s (public-10k), and
/// on a virtual machine the second vCPU's wake-up and the host taking a vCPU away for
/// 10-40 ms (seen in `perf sched timehist`: both threads stacked on one CPU while the other
/// showed a kernel thread running for 40 ms) cost such a pass 20-40 % about every other
/// run, but a 0.8 s run a few %. Measured over windows as long as the limit's, the two
/// figures see the same host.
func windowPasses(_ texts: [String], first: (texts: [PreparedText], seconds: Double, cpuSeconds: Double),
                  seconds window: Double, threads: Int, width: Double,
                  make: () throws -> (TextEngine, Font)) rethrows -> (passes: Int, seconds: Double, cpuSeconds: Double) {
    var kept = [first.texts]
    var passes = 1, wall = first.seconds, cpu = first.cpuSeconds
    while wall < window && passes < 100 {
        let pass = try timedColdPass(texts, threads: threads, width: width, make: make)
        wall += pass.seconds
        cpu += pass.cpuSeconds
        kept.append(pass.texts)
        passes += 1
    }
    withExtendedLifetime(kept) {}
    return (passes, wall, cpu)
}

// MARK: table

let accessories: [Accessory] = [.disclosureIndicator, .none, .checkmark, .detailButton, .none, .detailDisclosureButton]

func makeCell(_ i: Int, _ row: CorpusRow, images: Bool = false) -> CellSpec {
    var cell = CellSpec()
    cell.id = .number(Double(i))
    cell.text = row.text
    if let detail = row.detail {
        cell.style = .subtitle
        cell.detailText = detail
    }
    cell.accessory = accessories[i % accessories.count]
    if images {
        // A feed row: an avatar and at most three lines, set on each row as a cellForRowAt does.
        cell.image = .init(width: 40, height: 40)
        cell.numberOfLines = 3
    }
    return cell
}

/// The spec, built in a function so that the table holds the only reference to its rows
/// (a second reference would make the first update copy a million rows). The rows go
/// straight into the section's blocks from a lazy sequence, as a feed would stream them,
/// so they are never held twice.
func makeSpec(rows count: Int, corpus: [CorpusRow], width: Double, images: Bool) -> TableSpec {
    let cells = (0..<count).lazy.map { makeCell($0, corpus[$0 % corpus.count], images: images) }
    return TableSpec(width: width, style: .plain, sections: [SectionSpec(rows: cells)])
}

func tableBenchmark(_ args: Arguments) throws {
    let corpusPath = args.string("corpus")
    let corpus = loadCorpus(corpusPath, limit: .max)
    let count = args.int("rows", 1_000_000)
    let width = args.double("width", 375)
    let queries = args.int("queries", 100_000)
    let updates = args.int("updates", 100)
    let viewport = 667.0

    let hwmStart = procStatus("VmHWM")
    let engine = TextEngine(fonts: try FontLibrary(useSystemFonts: false))
    let t0 = now()
    let images = args.int("images", 0) != 0
    let table = try TableLayout(spec: makeSpec(rows: count, corpus: corpus, width: width, images: images),
                                engine: engine)
    let layoutSeconds = now() - t0
    let hwmLayout = procStatus("VmHWM")
    let contentHeight = table.contentHeight
    note(String(format: "table: %d rows at %g: laid out in %.2f s (%.0f rows/s), content height %.0f, VmHWM %d MB",
                count, width, layoutSeconds, Double(count) / layoutSeconds, contentHeight, hwmLayout / 1024))

    // Queries: random inputs generated first, then timed in a loop with a checksum. They run on
    // this thread alone, so they are timed in its CPU time (updates may use other threads: wall).
    var rng = SplitMix(state: 42)
    let paths = (0..<queries).map { _ in RowPath(section: 0, row: Int.random(in: 0..<count, using: &rng)) }
    let ys = (0..<queries).map { _ in Double.random(in: 0..<contentHeight, using: &rng) }
    var checksum = 0.0

    var q0 = cpuNow()
    for path in paths { checksum += table.rect(of: path).minY }
    let rectNs = (cpuNow() - q0) / Double(queries) * 1e9

    q0 = cpuNow()
    for y in ys { checksum += Double(table.row(atY: y)?.row ?? -1) }
    let rowAtYNs = (cpuNow() - q0) / Double(queries) * 1e9

    var visibleCount = 0
    q0 = cpuNow()
    for y in ys {
        let rows = table.visibleRows(y: y, height: viewport)
        visibleCount += rows.count
        checksum += Double(rows.first?.row ?? 0)
    }
    let visibleNs = (cpuNow() - q0) / Double(queries) * 1e9

    // Updates: one row at a time in the middle of the table.
    var insertTimes: [Double] = []
    for k in 0..<updates {
        let cell = makeCell(count + k, corpus[(k * 7919) % corpus.count])
        let path = RowPath(section: 0, row: count / 2 + k)
        let u0 = now()
        try table.insertRows([cell], at: path)
        insertTimes.append(now() - u0)
    }
    var reloadTimes: [Double] = []
    for k in 0..<updates {
        let cell = makeCell(k, corpus[(k * 104_729 + 13) % corpus.count])
        let path = RowPath(section: 0, row: count / 2 - 1000 + k * 17)
        let u0 = now()
        try table.reloadRows([cell], at: path)
        reloadTimes.append(now() - u0)
    }
    // Moves (no re-layout): a row one place down, and a row 1,000 places down, in the
    // middle of the table — O(log n + the rows passed), so the first costs no more than
    // a lookup and the second 1,000 rows' worth.
    var moveNearTimes: [Double] = [], moveFarTimes: [Double] = []
    for k in 0..<updates {
        let from = RowPath(section: 0, row: (count / 3 + k * 101) % max(1, count - 1000))
        var u0 = now()
        table.moveRow(from: from, to: RowPath(section: 0, row: from.row + 1))
        moveNearTimes.append(now() - u0)
        u0 = now()
        table.moveRow(from: from, to: RowPath(section: 0, row: from.row + 1000))
        moveFarTimes.append(now() - u0)
    }
    let moveNearUs = moveNearTimes.reduce(0, +) / Double(max(1, updates)) * 1e6
    let moveFarUs = moveFarTimes.reduce(0, +) / Double(max(1, updates)) * 1e6
    let insertMs = insertTimes.reduce(0, +) / Double(max(1, updates)) * 1000
    let reloadMs = reloadTimes.reduce(0, +) / Double(max(1, updates)) * 1000
    let insertMaxMs = (insertTimes.max() ?? 0) * 1000
    let reloadMaxMs = (reloadTimes.max() ?? 0) * 1000
    let hwmEnd = procStatus("VmHWM")
    let rssEnd = procStatus("VmRSS")

    note(String(format: "table: queries (avg of %d): rect(of:) %.1f ns, row(atY:) %.1f ns, visibleRows(h %g) %.1f ns (%.1f rows each); checksum %.0f",
                queries, rectNs, rowAtYNs, viewport, visibleNs, Double(visibleCount) / Double(queries), checksum))
    note(String(format: "table: insertRows 1 row mid: avg %.3f ms (max %.3f, first %.3f); reloadRows 1 row: avg %.3f ms (max %.3f, first %.3f)",
                insertMs, insertMaxMs, (insertTimes.first ?? 0) * 1000, reloadMs, reloadMaxMs, (reloadTimes.first ?? 0) * 1000))
    note(String(format: "table: moveRow 1 place: avg %.2f µs (max %.2f); moveRow 1,000 places: avg %.2f µs (max %.2f)",
                moveNearUs, (moveNearTimes.max() ?? 0) * 1e6, moveFarUs, (moveFarTimes.max() ?? 0) * 1e6))
    note(String(format: "table: VmHWM %d MB (before layout %d MB), VmRSS at end %d MB", hwmEnd / 1024, hwmStart / 1024, rssEnd / 1024))

    emit([("bench", "table"), ("corpus", (corpusPath as NSString).lastPathComponent), ("rows", count), ("width", width),
          ("images", images),
          ("layoutSeconds", layoutSeconds), ("contentHeight", contentHeight),
          ("rectNs", rectNs), ("rowAtYNs", rowAtYNs), ("visibleRowsNs", visibleNs),
          ("visibleRowsPerQuery", Double(visibleCount) / Double(queries)),
          ("insertMs", insertMs), ("insertMaxMs", insertMaxMs), ("insertFirstMs", (insertTimes.first ?? 0) * 1000),
          ("reloadMs", reloadMs), ("reloadMaxMs", reloadMaxMs), ("reloadFirstMs", (reloadTimes.first ?? 0) * 1000),
          ("moveNearUs", moveNearUs), ("moveNearMaxUs", (moveNearTimes.max() ?? 0) * 1e6),
          ("moveFarUs", moveFarUs), ("moveFarMaxUs", (moveFarTimes.max() ?? 0) * 1e6),
          ("vmHWMkB", hwmEnd), ("vmHWMLayoutkB", hwmLayout), ("vmRSSEndkB", rssEnd), ("checksum", checksum)])
}

// MARK: attributed

/// Issue 10: each corpus row as one plain run against the same text as three runs (a feed
/// row: semibold 17, regular 17, regular 13 kerned 0.2), cut at a third and two thirds of
/// its characters. Prepare: a new engine per pass (cold memo), best of `repeat` passes,
/// plain and attributed interleaved. Re-fit: `PreparedText.sizes(of:width:)` at 600 after
/// 343, plain and attributed passes interleaved for at least a second, best pass of each.
func attributedBenchmark(_ args: Arguments) throws {
    let corpusPath = args.string("corpus")
    let texts = loadCorpus(corpusPath, limit: args.int("limit", .max)).map(\.text)
    let repeats = max(1, args.int("repeat", 3))
    let fonts = try FontLibrary(useSystemFonts: false)
    let regular = try fonts.font(family: "Inter", weight: .regular, size: 17)
    let semibold = try fonts.font(family: "Inter", weight: .semibold, size: 17)
    let small = try fonts.font(family: "Inter", weight: .regular, size: 13)
    let attributed = texts.map { text -> AttributedText in
        let characters = Array(text)
        let a = characters.count / 3, b = 2 * characters.count / 3
        return AttributedText([
            TextRun(String(characters[..<a]), font: semibold),
            TextRun(String(characters[a..<b])),
            TextRun(String(characters[b...]), font: small, kern: 0.2),
        ])
    }
    var plainBest = Double.infinity, richBest = Double.infinity
    var plainTexts: [PreparedText] = [], richTexts: [PreparedText] = []
    for _ in 0..<repeats {
        let e1 = TextEngine(fonts: fonts)
        let t0 = now()
        plainTexts = texts.map { e1.prepare($0, font: regular) }
        plainBest = min(plainBest, now() - t0)
        let e2 = TextEngine(fonts: fonts)
        let t1 = now()
        richTexts = attributed.map { e2.prepare($0, font: regular) }
        richBest = min(richBest, now() - t1)
    }
    // Re-fit passes last milliseconds: plain and attributed passes alternate (A/B) for at
    // least a second and 20 passes each, and the fastest of each is kept.
    // --refit plain|attributed: one list alone, for instruction counts.
    let refit = args.string("refit", "both")
    guard ["both", "plain", "attributed"].contains(refit) else { fail("--refit: both, plain or attributed") }
    let lists = [(plainTexts, true), (richTexts, false)].filter { refit == "both" || (refit == "plain") == $0.1 }
    if refit == "both" {
        _ = PreparedText.sizes(of: plainTexts, width: 343)
        _ = PreparedText.sizes(of: richTexts, width: 343)
    }
    var plainFit = Double.infinity, richFit = Double.infinity
    let refitStart = now()
    var passes = 0
    while passes < 20 || now() - refitStart < 1 {
        for (list, isPlain) in lists {
            let t = now()
            _ = PreparedText.sizes(of: list, width: 600)
            let elapsed = now() - t
            if isPlain { plainFit = min(plainFit, elapsed) } else { richFit = min(richFit, elapsed) }
        }
        passes += 1
    }
    let n = Double(texts.count)
    note(String(format: "attributed %@: prepare plain %.0f rows/s, 3 runs %.0f rows/s (%.2fx); re-fit plain %.0f rows/s, 3 runs %.0f rows/s (%.2fx)",
                (corpusPath as NSString).lastPathComponent, n / plainBest, n / richBest, richBest / plainBest,
                n / plainFit, n / richFit, richFit / plainFit))
    emit([("bench", "attributed"), ("corpus", (corpusPath as NSString).lastPathComponent), ("rows", texts.count),
          ("preparePlainRowsPerSecond", n / plainBest), ("prepareAttributedRowsPerSecond", n / richBest),
          ("prepareRatio", richBest / plainBest), ("refitPlainRowsPerSecond", n / plainFit),
          ("refitAttributedRowsPerSecond", n / richFit), ("refitRatio", richFit / plainFit)])
}

// MARK: profile

/// The fonts of a cold engine: `bundled` (the bundled fonts only), `system` (the default
/// settings: the bundled fonts, then the system's through fontconfig) or a folder (the
/// bundled fonts and the folder's, no system fonts).
func fontLibrary(_ fonts: String) throws -> FontLibrary {
    switch fonts {
    case "bundled": try FontLibrary(useSystemFonts: false)
    case "system": try FontLibrary()
    default: try FontLibrary(fontDirectories: [URL(fileURLWithPath: fonts)], useSystemFonts: false)
    }
}

/// The cold pass of `text` and `profile`: every text prepared by `engine` and fitted at
/// `width`, on `threads` threads (DispatchQueue.concurrentPerform, rows handed out in chunks
/// of 16 from a shared counter, one shared engine).
/// Its name is what scripts/dev/callgrind looks for in the profile: keep the two in step.
@inline(never)
func coldPrepare(_ texts: [String], engine: TextEngine, font: Font, width: Double,
                 threads: Int) -> (texts: [PreparedText], lines: Int) {
    let n = texts.count
    let slots = SharedSlots<PreparedText>(count: n)
    let lineSums = SharedSlots<Int>(count: threads)
    let counter = ChunkCounter()
    let chunk = 16
    if threads == 1 {
        // No closure on one thread: callgrind's --toggle-collect on this function's name
        // would match a closure inside it too, and turn collecting off within it.
        var lines = 0
        let prepared = texts.map { text in
            let prepared = engine.prepare(text, font: font)
            lines += prepared.fit(width: width).lineCount
            return prepared
        }
        return (prepared, lines)
    }
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
        var lines = 0
        while true {
            let start = counter.take(chunk)
            if start >= n { break }
            for i in start..<min(n, start + chunk) {
                let prepared = engine.prepare(texts[i], font: font)
                lines += prepared.fit(width: width).lineCount
                slots.base[i] = prepared
            }
        }
        lineSums.base[worker] = lines
    }
    return (slots.moveAll(), (0..<threads).reduce(0) { $0 + (lineSums.base[$1] ?? 0) })
}

/// The re-fit of `profile`: all the prepared texts at a new width, at once.
/// Its name is what scripts/dev/callgrind looks for in the profile: keep the two in step.
@inline(never)
func refit(_ prepared: [PreparedText], width: Double) -> Int {
    PreparedText.sizes(of: prepared, width: width).reduce(0) { $0 + $1.lines }
}

func profileRun(_ args: Arguments) throws {
    let corpusPath = args.string("corpus")
    let texts = loadCorpus(corpusPath, limit: args.int("limit", .max)).map(\.text)
    let width = args.double("width", 343)
    let rotate = args.double("rotate", 600)
    let engine = TextEngine(fonts: try fontLibrary(args.string("fonts", "bundled")))
    let font = try engine.fonts.font(family: "Inter", weight: .regular, size: args.double("size", 17))
    let cold = coldPrepare(texts, engine: engine, font: font, width: width, threads: max(1, args.int("threads", 1)))
    let rotated = refit(cold.texts, width: rotate)
    note("profile \((corpusPath as NSString).lastPathComponent): \(texts.count) rows, \(cold.lines) lines at \(width), \(rotated) at \(rotate)")
    emit([("bench", "profile"), ("corpus", (corpusPath as NSString).lastPathComponent), ("rows", texts.count),
          ("lines", cold.lines), ("width", width), ("rotatedLines", rotated), ("rotate", rotate)])
}

// MARK: sizes

/// The in-memory size of the types a table keeps per row (for the memory profile).
func sizesReport() {
    func line<T>(_ type: T.Type) -> (String, Any) {
        note("\(T.self): stride \(MemoryLayout<T>.stride) bytes")
        return ("\(T.self)", MemoryLayout<T>.stride)
    }
    emit([("bench", "sizes"), line(CellSpec.self), line(RowLayout.self), line(LabelLayout.self),
          line(LabelMeasurement.self), line(TextLayout.self), line(Accessory.self), line(ViewSpec.self),
          line(SubviewState.self), line(FitOptions.self), line(JSONValue.self), line(CGRect?.self)])
}

// MARK: main

let arguments = Arguments(CommandLine.arguments)
do {
    switch arguments.command {
    case "text": try textBenchmark(arguments)
    case "table": try tableBenchmark(arguments)
    case "attributed": try attributedBenchmark(arguments)
    case "profile": try profileRun(arguments)
    case "sizes": sizesReport()
    default: fail("unknown command \(arguments.command) (text, table, attributed, profile, sizes)")
    }
} catch {
    fail("\(error)")
}
