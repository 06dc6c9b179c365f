import CPNG
import Foundation

extension Canvas {
    /// The canvas as a PNG (8-bit RGBA, not interlaced), encoded by libpng.
    /// - Throws: `RenderError.pngEncoding` when libpng fails.
    public func pngData() throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = pixels.withUnsafeBufferPointer {
            cpng_encode_rgba($0.baseAddress, UInt32(pixelWidth), UInt32(pixelHeight), &out, &length)
        }
        guard code == CPNG_OK, let out else { throw RenderError.pngEncoding(code: code) }
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// A canvas holding a PNG's pixels (any color type and bit depth, converted to RGBA8 by
    /// libpng): to compare a picture with a stored one, pixel by pixel.
    /// - Parameters:
    ///   - png: the PNG file's bytes.
    ///   - scale: the pixels per point the picture was drawn at (1, 2 or 3); it only sets
    ///     ``scale``, the pixels are taken as they are.
    /// - Throws: `RenderError.pngDecoding` when libpng rejects the bytes,
    ///   `RenderError.invalidCanvas` when the scale is not 1, 2 or 3 or the picture has more
    ///   than 2²⁸ pixels.
    public init(png: [UInt8], scale: Int = 1) throws {
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let code = png.withUnsafeBufferPointer { cpng_decode_rgba($0.baseAddress, $0.count, &rgba, &width, &height) }
        guard code == CPNG_OK, let rgba else { throw RenderError.pngDecoding(code: code) }
        defer { cpng_free(rgba) }
        try self.init(width: Double(width) / Double(scale), height: Double(height) / Double(scale), scale: scale,
                      background: .clear)
        guard pixelWidth == Int(width), pixelHeight == Int(height) else {
            throw RenderError.invalidCanvas(width: Double(width), height: Double(height), scale: scale)
        }
        pixels = Array(UnsafeBufferPointer(start: rgba, count: Int(width) * Int(height) * 4))
    }

    /// Writes the canvas as a PNG to the file at `path`, replacing it whole (written beside
    /// it and renamed over it, so it is never half-written; an existing file keeps its
    /// permissions).
    /// - Throws: `RenderError.pngEncoding` when libpng fails; `RenderError.notARegularFile`
    ///   when `path` names a directory, a symbolic link, a FIFO, a device or a socket (only a
    ///   regular file is replaced); `RenderError.unwritableFile` with the system's reason
    ///   when the file cannot be written.
    public func write(to path: String) throws {
        try FileReplacement.replace(path, with: try pngData())
    }
}
