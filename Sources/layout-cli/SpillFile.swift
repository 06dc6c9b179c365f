import Foundation

/// A temporary file with no name: created in `$TMPDIR` (or /tmp) and unlinked at once, so
/// that it goes when it is closed or the process ends, however it ends (an error, a signal).
/// Written through a buffer; read back with ``FileBytes``.
final class SpillFile {
    /// The open file.
    let descriptor: Int32
    /// Bytes appended so far (written or buffered).
    private(set) var count = 0
    private var buffer: [UInt8] = []

    /// - Throws: `CLIError` when no temporary file can be made.
    init() throws {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/layout-cli-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw CLIError("cannot make a temporary file in \(directory): \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = fd
        buffer.reserveCapacity(1 << 20)
    }

    deinit { close(descriptor) }

    /// Appends `bytes`.
    /// - Throws: `CLIError` when the disk refuses them.
    func append(_ bytes: some Collection<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Appends `value` as four little-endian bytes (a record's length).
    func append(length value: Int) throws {
        try append((0..<4).map { UInt8(truncatingIfNeeded: UInt32(value) >> (8 * $0)) })
    }

    /// Writes out what is buffered, so that the whole file can be read.
    /// - Throws: `CLIError` when the disk refuses it.
    func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else {
                throw CLIError("cannot write a temporary file: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
