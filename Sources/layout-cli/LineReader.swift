import Foundation

/// Reads a file or standard input one line at a time, as bytes, with bounded memory.
struct LineReader {
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
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
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
            if start > 0 {
                // A new buffer for the rest, not the old one shifted: the lines handed out
                // share the old one's storage, which goes with the last of them (so a long
                // line is never held twice, nor its buffer's spare capacity kept).
                buffer = Array(buffer[start...])
                scanned -= start
                start = 0
            }
            let chunk = 1 << 16
            let oldCount = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            let read = buffer.withUnsafeMutableBytes { raw in
                Foundation.read(descriptor, raw.baseAddress! + oldCount, chunk)
            }
            guard read >= 0 else {
                throw CLIError("\(name): cannot read: \(String(cString: strerror(errno)))")
            }
            buffer.removeSubrange((oldCount + read)...)
            bytesRead += read
            if read == 0 { atEnd = true }
        }
    }

    /// The rest of the input as one document, each line ending in "\n".
    /// - Throws: `CLIError` when reading fails.
    mutating func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let line = try next() {
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
        }
        return bytes
    }
}
