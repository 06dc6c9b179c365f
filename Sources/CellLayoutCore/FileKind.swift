import Foundation

/// What a path names, in words, for refusing anything but a regular file: reading a FIFO
/// blocks for ever, a directory or a device is never a font or an image, and only a
/// regular file is replaced by a write.
package enum FileKind {
    /// "a directory", "a symbolic link", "a FIFO", "a character device", "a block device",
    /// "a socket" (or "not a regular file") for a `st_mode` that is not a regular file's;
    /// nil for a regular file.
    package static func nonRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// What `path` names, after symbolic links, when it exists and is not a regular file;
    /// nil when it is one, or when it cannot be looked at (a missing file: the caller's
    /// read reports it).
    package static func nonRegular(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return nonRegular(info.st_mode)
    }
}
