import Foundation

/// Buffered standard output: whole lines, written in large blocks.
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    /// Appends `bytes` and a newline, writing the buffer out once it passes 64 KiB.
    static func writeLine(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flushStandardOutput() }
    }

    /// Appends `bytes`, writing the buffer out once it passes 64 KiB.
    static func write(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flushStandardOutput() }
    }

    /// Writes out what is buffered.
    static func flushStandardOutput() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(1, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
