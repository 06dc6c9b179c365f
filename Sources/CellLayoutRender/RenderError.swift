/// Why a canvas could not be made, encoded or written, or a rasterizer not started.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The canvas size or scale is not usable (not finite, not positive, or too large).
    case invalidCanvas(width: Double, height: Double, scale: Int)
    /// libpng failed to encode the pixels (the `CPNG_` code).
    case pngEncoding(code: Int32)
    /// libpng could not decode the bytes as a PNG (the `CPNG_` code).
    case pngDecoding(code: Int32)
    /// The PNG could not be written to the file.
    case unwritableFile(path: String)
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
        case .unwritableFile(let path):
            "cannot write \(path)"
        case .freeType(let code):
            "FreeType failed to start (error \(code))"
        }
    }
}
