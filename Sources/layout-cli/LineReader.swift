import Foundation

/// Reads a file or standard input one line at a time, as bytes, with bounded memory: one
/// line (one JSON Lines row) holds at most ``maxLineBytes``, one document at most
/// ``maxDocumentBytes``, and a longer one is an error as soon as the limit is passed.
struct LineReader {
    /// The most bytes one line may hold (64 MiB): a row of `measure` or `layout --jsonl`.
    static let maxLineBytes = 1 << 26
    /// The most bytes one table document may hold (4 GiB): `layout`, `query`, `render`,
    /// `--check`'s golden file.
    static let maxDocumentBytes = 1 << 32

    /// How errors name the input: the path, or `<stdin>`.
    let name: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Where the search for the next newline resumes: the bytes before it (from `start`)
    /// hold none, so a long line is scanned once, not once per chunk read.
    private var scanned = 0
    /// The 1-based number of the line `next()` returned last.
    private(set) var lineNumber = 0
    /// Bytes consumed so far.
    private(set) var bytesRead = 0
    /// The file's size, when it is a regular file (for progress).
    private(set) var totalBytes: Int?

    /// Opens `path`, or standard input when `path` is nil or "-".
    /// - Throws: `CLIError` when the file cannot be opened.
    init(path: String?) throws {
        (descriptor, name, totalBytes) = try Self.open(path)
    }

    /// Opens `path` for reading, or takes standard input when `path` is nil or "-".
    /// - Returns: the descriptor, how errors name the input, and its size when it is a
    ///   regular file.
    /// - Throws: `CLIError` when the file cannot be opened or is a directory.
    static func open(_ path: String?) throws -> (descriptor: Int32, name: String, regularSize: Int?) {
        guard let path, path != "-" else { return (0, "<stdin>", nil) }
        let fd = Foundation.open(path, O_RDONLY)
        guard fd >= 0 else {
            throw CLIError("\(path): cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        _ = fstat(fd, &info)
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw CLIError("\(path): cannot read: it is a directory")
        }
        return (fd, path, (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil)
    }

    /// The next line without its line ending, or nil at the end of the input.
    /// - Throws: `CLIError` when reading fails.
    mutating func next() throws -> ArraySlice<UInt8>? {
        while true {
            if let newline = Self.firstNewline(in: buffer, from: max(start, scanned)) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[start..<end]
                start = newline + 1
                lineNumber += 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return line
            }
            scanned = buffer.count
            guard scanned - start <= Self.maxLineBytes else {
                throw CLIError("\(name):\(lineNumber + 1): line longer than \(Self.maxLineBytes >> 20) MiB, the most one row may hold")
            }
            if start > 0 {
                // A new buffer for the rest, not the old one shifted: the lines handed out
                // share the old one's storage, which goes with the last of them (so a long
                // line is never held twice, nor its buffer's spare capacity kept).
                buffer = Array(buffer[start...])
                scanned -= start
                start = 0
            }
            try readMore(1 << 16)
        }
    }

    /// Reads up to `count` more bytes onto the end of the buffer, setting `atEnd` at the end.
    /// - Throws: `CLIError` when reading fails.
    private mutating func readMore(_ count: Int) throws {
        let oldCount = buffer.count, descriptor = descriptor
        buffer.append(contentsOf: [UInt8](repeating: 0, count: count))
        let read = buffer.withUnsafeMutableBytes { raw in
            Foundation.read(descriptor, raw.baseAddress! + oldCount, count)
        }
        guard read >= 0 else {
            throw CLIError("\(name): cannot read: \(String(cString: strerror(errno)))")
        }
        buffer.removeSubrange((oldCount + read)...)
        bytesRead += read
        if read == 0 { atEnd = true }
    }

    /// The rest of the input as one document, as it is.
    /// - Throws: `CLIError` when reading fails or the document holds more than
    ///   ``maxDocumentBytes``.
    mutating func readAll() throws -> [UInt8] {
        if start > 0 { buffer = Array(buffer[start...]) }
        start = 0
        while !atEnd {
            try Self.checkDocumentSize(buffer.count, name: name)
            try readMore(1 << 20)
        }
        try Self.checkDocumentSize(buffer.count, name: name)
        defer { buffer = [] }
        return buffer
    }

    /// The index of the first "\n" in `buffer` at or after `start` (memchr: a long line is
    /// scanned at memory speed).
    private static func firstNewline(in buffer: [UInt8], from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBytes { raw in
            memchr(raw.baseAddress! + start, 0x0A, raw.count - start).map { $0 - UnsafeMutableRawPointer(mutating: raw.baseAddress!) }
        }
    }

    /// Refuses a document of more than ``maxDocumentBytes``.
    /// - Throws: `CLIError` "`NAME: larger than 4 GiB, the most one table document may hold`".
    static func checkDocumentSize(_ count: Int, name: String) throws {
        guard count > maxDocumentBytes else { return }
        throw CLIError("\(name): larger than \(maxDocumentBytes >> 30) GiB, the most one table document may hold")
    }
}
