import Foundation

/// A file read by offset through a window of bytes (1 MiB, loaded with `pread`), so that
/// a document can be walked, and read again, in bounded memory. Reads that move forward
/// stay within the window until they pass its end.
struct FileBytes {
    /// The open file (owned by whoever opened it).
    let descriptor: Int32
    /// How many bytes the file holds.
    let size: Int
    /// How errors name the file.
    let name: String
    private var window: [UInt8] = []
    private var windowStart = 0
    private static let windowSize = 1 << 20

    init(descriptor: Int32, size: Int, name: String) {
        self.descriptor = descriptor
        self.size = size
        self.name = name
    }

    /// The byte at `offset`, or nil at the end of the file.
    /// - Throws: `CLIError` when reading fails.
    mutating func byte(at offset: Int) throws -> UInt8? {
        if offset >= windowStart, offset < windowStart + window.count { return window[offset - windowStart] }
        guard offset < size else { return nil }
        try load(from: offset, count: Self.windowSize)
        return window.first
    }

    /// The bytes from `offset` to the end of the window (loaded at `offset` when it is
    /// outside): empty only at the end of the file.
    /// - Throws: `CLIError` when reading fails.
    mutating func chunk(at offset: Int) throws -> ArraySlice<UInt8> {
        if offset < windowStart || offset >= windowStart + window.count {
            guard offset < size else { return [] }
            try load(from: offset, count: Self.windowSize)
        }
        return window[(offset - windowStart)...]
    }

    /// The bytes in `range` (cut at the end of the file).
    /// - Throws: `CLIError` when reading fails.
    mutating func bytes(_ range: Range<Int>) throws -> [UInt8] {
        let range = range.clamped(to: 0..<size)
        if range.lowerBound < windowStart || range.upperBound > windowStart + window.count {
            try load(from: range.lowerBound, count: Swift.max(Self.windowSize, range.count))
        }
        return Array(window[(range.lowerBound - windowStart)..<(range.upperBound - windowStart)])
    }

    /// The 1-based line and column (in bytes) of `offset`, as `JSONParser` counts them: for
    /// an error message, so the file is read from its start.
    /// - Throws: `CLIError` when reading fails.
    mutating func location(of offset: Int) throws -> (line: Int, column: Int) {
        var line = 1, lineStart = 0, at = 0
        while at < offset {
            let chunk = try chunk(at: at).prefix(offset - at)
            if chunk.isEmpty { break }
            for i in chunk.indices where chunk[i] == 0x0A {
                line += 1
                lineStart = at + (i - chunk.startIndex) + 1
            }
            at += chunk.count
        }
        return (line, offset - lineStart + 1)
    }

    private mutating func load(from offset: Int, count: Int) throws {
        let count = Swift.min(count, size - offset)
        window = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            guard read >= 0 else { throw CLIError("\(name): cannot read: \(String(cString: strerror(errno)))") }
            if read == 0 { break }
            done += read
        }
        window.removeSubrange(done...)
        windowStart = offset
    }
}
