import CellLayoutCore
import Foundation

/// Writes a file whole or not at all: the bytes go to a temporary file beside it, which is
/// then renamed over it, so a reader never sees it half-written.
///
/// Only a regular file is ever replaced. `rename(2)` swaps whatever directory entry has the
/// name — a FIFO, a device node, a symbolic link, a folder's empty entry — and a render run
/// as root once replaced a device with a PNG; anything but a missing path or a regular file
/// is refused, naming what it is.
enum FileReplacement {
    /// Replaces the file at `path` with `bytes` (or creates it), keeping an existing file's
    /// permission bits; a new file gets 0666 less the umask, as `open(2)` would give it.
    /// - Throws: `RenderError.notARegularFile` when `path` names anything but a regular
    ///   file (a symbolic link included, whatever it points to); `RenderError.unwritableFile`
    ///   with the system's reason when the temporary file cannot be made or written, or
    ///   the rename fails.
    static func replace(_ path: String, with bytes: [UInt8]) throws(RenderError) {
        var mode: mode_t
        var existing = stat()
        if lstat(path, &existing) == 0 {
            if let kind = FileKind.nonRegular(existing.st_mode) { throw .notARegularFile(path: path, kind: kind) }
            mode = existing.st_mode & 0o7777
        } else if errno == ENOENT {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        } else {
            throw .unwritableFile(path: path, reason: reason(errno))
        }
        let folder = (path as NSString).deletingLastPathComponent
        var template = Array("\(folder.isEmpty ? "." : folder)/.\((path as NSString).lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .unwritableFile(path: path, reason: reason(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    failure = written == 0 ? ENOSPC : errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(fd, mode) != 0 { failure = errno }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .unwritableFile(path: path, reason: reason(failure))
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
