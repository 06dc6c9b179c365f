/// Why a canvas could not be made, encoded or written, or a rasterizer not started.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The canvas size or scale is not usable (not finite, not positive, or too large).
    case invalidCanvas(width: Double, height: Double, scale: Int)
    /// libpng failed to encode the pixels (the `CPNG_` code).
    case pngEncoding(code: Int32)
    /// libpng could not decode the bytes as a PNG (the `CPNG_` code).
    case pngDecoding(code: Int32)
    /// The PNG could not be written to the file; `reason` is the system's (`strerror`):
    /// "No such file or directory" for a missing folder, "Permission denied", "No space
    /// left on device".
    case unwritableFile(path: String, reason: String)
    /// The output path names something other than a regular file — `kind` says what: "a
    /// directory", "a symbolic link", "a FIFO", "a character device", … — which is never
    /// replaced.
    case notARegularFile(path: String, kind: String)
    /// FreeType could not be initialized (the FreeType error code).
    case freeType(code: Int32)

    /// One line naming what went wrong.
    public var description: String {
        switch self {
        case .invalidCanvas(let width, let height, let scale):
            "invalid canvas: \(width) × \(height) pt at scale \(scale)"
        case .pngEncoding(let code):
            "PNG encoding failed (libpng error \(code))"
        case .pngDecoding(let code):
            "not a PNG libpng can decode (libpng error \(code))"
        case .unwritableFile(let path, let reason):
            "\(path): cannot write: \(reason)"
        case .notARegularFile(let path, let kind):
            "\(path): is \(kind), not a regular file: only a regular file is replaced"
        case .freeType(let code):
            "FreeType failed to start (error \(code))"
        }
    }
}
