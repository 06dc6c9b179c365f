import CellLayout
import Foundation

/// A table document to be read more than once (its outline, then its rows): a regular
/// file as it is; anything else (standard input, a pipe) first copied into a
/// ``SpillFile``, which goes with this source.
final class DocumentSource {
    /// The document's bytes.
    var bytes: FileBytes
    /// How errors name the document: the path, or `<stdin>`.
    var name: String { bytes.name }
    private let descriptor: Int32
    private let copy: SpillFile?

    /// Opens `path` (standard input for "-").
    /// - Throws: `CLIError` when it cannot be opened, read, or copied, when it holds more
    ///   than `LineReader.maxDocumentBytes`, and, for a stream, as soon as its start shows
    ///   it is not a table (``checkStart(_:name:atEnd:)``).
    init(path: String) throws {
        let (fd, name, size) = try LineReader.open(path)
        if let size {
            try LineReader.checkDocumentSize(size, name: name)
            descriptor = fd
            copy = nil
            bytes = FileBytes(descriptor: fd, size: size, name: name)
            return
        }
        let copy = try SpillFile()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var start: [UInt8]? = []
        while true {
            let read = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            guard read >= 0 else { throw CLIError("\(name): cannot read: \(String(cString: strerror(errno)))") }
            if var first = start {
                first += chunk[..<read]
                start = try Self.checkStart(first, name: name, atEnd: read == 0) ? nil : first
            }
            if read == 0 { break }
            try copy.append(chunk[..<read])
            try LineReader.checkDocumentSize(copy.count, name: name)
        }
        try copy.flush()
        if fd != 0 { close(fd) }
        descriptor = -1
        self.copy = copy
        bytes = FileBytes(descriptor: copy.descriptor, size: copy.count, name: name)
    }

    /// How many bytes of a stream that does not start a JSON object are read before it is
    /// refused: a small document is read whole, so that its error is the one the whole
    /// document gives.
    static let startChecked = 1 << 16

    /// Whether the first bytes of a streamed document, `start`, are enough to go on with:
    /// true once they begin a JSON object (`{` after white space and a byte order mark);
    /// true too when they are only white space past ``startChecked`` bytes; false while
    /// more are needed.
    /// - Throws: `CLIError`, without reading on, when more than ``startChecked`` bytes
    ///   have come and the document does not begin an object: the JSON syntax error they
    ///   hold, located, or else `not a table` (an endless stream of garbage is not copied
    ///   to a temporary file for ever).
    static func checkStart(_ start: [UInt8], name: String, atEnd: Bool) throws -> Bool {
        var i = start.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < start.count, [0x20, 0x09, 0x0A, 0x0D].contains(start[i]) { i += 1 }
        if i < start.count, start[i] == UInt8(ascii: "{") { return true }
        // Only white space so far (as long as it lasts, the outline reads it, bounded by
        // the document limit), or too few bytes yet to judge.
        guard i < start.count, !atEnd, start.count > startChecked else { return atEnd || start.count > startChecked }
        do {
            _ = try JSONParser.parse(start)
        } catch {
            // An error before the last byte read is the document's own; at the end, only
            // that the bytes stop there.
            let end = start.split(separator: 0x0A, omittingEmptySubsequences: false)
            if (error.line, error.column) != (end.count, end.last!.count + 1) {
                throw CLIError("\(name): invalid JSON: \(error)")
            }
        }
        throw CLIError("\(name): not a table: a table document is a JSON object ({…}), and this one starts with '\(Unicode.Scalar(start[i]))' "
            + "(refused after its first \(start.count) bytes)")
    }

    deinit { if descriptor > 0 { close(descriptor) } }
}
