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
    /// - Throws: `CLIError` when it cannot be opened, read, or copied.
    init(path: String) throws {
        let (fd, name, size) = try LineReader.open(path)
        if let size {
            descriptor = fd
            copy = nil
            bytes = FileBytes(descriptor: fd, size: size, name: name)
            return
        }
        let copy = try SpillFile()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            guard read >= 0 else { throw CLIError("\(name): cannot read: \(String(cString: strerror(errno)))") }
            if read == 0 { break }
            try copy.append(chunk[..<read])
        }
        try copy.flush()
        if fd != 0 { close(fd) }
        descriptor = -1
        self.copy = copy
        bytes = FileBytes(descriptor: copy.descriptor, size: copy.count, name: name)
    }

    deinit { if descriptor > 0 { close(descriptor) } }
}
