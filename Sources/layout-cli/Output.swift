import Foundation

/// Standard output, buffered in large blocks, every write checked: a failed write (a full
/// disk, a closed descriptor, a file system error) is a `CLIError` naming `<stdout>` and the
/// system's reason, exit 1 (SPEC.md: "Every write is checked").
///
/// A reader that goes away (`layout-cli measure … | head -1`) ends the process with SIGPIPE,
/// as it does every Unix filter: the reader asked for no more, nothing is lost silently.
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    /// How errors name standard output.
    static let name = "<stdout>"

    /// Appends `bytes` and a newline, writing the buffer out once it passes 64 KiB.
    /// - Throws: `CLIError` when writing fails.
    static func writeLine(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { try flushStandardOutput() }
    }

    /// Appends `bytes`, writing the buffer out once it passes 64 KiB.
    /// - Throws: `CLIError` when writing fails.
    static func write(_ bytes: some Collection<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flushStandardOutput() }
    }

    /// Writes out what is buffered.
    /// - Throws: `CLIError` "`<stdout>: cannot write: No space left on device`" when writing
    ///   fails (what was buffered is dropped: the run has failed).
    static func flushStandardOutput() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        if let failure = writeAll(buffer, to: STDOUT_FILENO) {
            throw CLIError("\(name): cannot write: \(failure)")
        }
    }

    /// Writes all of `bytes` to `descriptor`, going on after short writes and interrupts.
    /// - Returns: nil when every byte was written, else the system's reason (`strerror`).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        let failure: Int32? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                // write(2) returning 0 for a nonzero count does not happen on Linux files,
                // pipes or terminals; taken as "no space" rather than looped on forever.
                guard written > 0 else { return written == 0 ? ENOSPC : errno }
                offset += written
            }
            return nil
        }
        return failure.map { String(cString: strerror($0)) }
    }

    /// Writes `text` to standard error. A failure is not reported (there is nowhere left to
    /// report it) and never stops the process: the exit status still says what happened.
    static func standardError(_ text: String) {
        _ = writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Gives each of standard input, output and error that the process was started without
    /// (`2>&-`) a descriptor of /dev/null opened the wrong way round (standard input
    /// write-only, output and error read-only), so that reading or writing it fails with
    /// EBADF as it would closed, and no file opened later (an input, a temporary file)
    /// takes its number: layout bytes written to "standard output" must never land in a
    /// temporary file that happened to get descriptor 1.
    static func holdClosedStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            // open(2) returns the lowest free descriptor: this one, the lower ones being open.
            let held = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if held >= 0, held != descriptor { close(held) }
        }
    }
}
