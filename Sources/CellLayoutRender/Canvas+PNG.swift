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

    /// Writes the canvas as a PNG to the file at `path`, replacing it.
    /// - Throws: `RenderError.pngEncoding` when libpng fails, `RenderError.unwritableFile`
    ///   when the file cannot be written.
    public func write(to path: String) throws {
        let png = try pngData()
        do {
            try Data(png).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RenderError.unwritableFile(path: path)
        }
    }
}
