import CellLayout
import Foundation

/// An RGBA8 bitmap a table is drawn into, sized in points at a screen scale.
///
/// Every drawing call takes points (x rightward, y downward from the top-left corner) and
/// multiplies them by `scale`; pixel `(x, y)` covers the square from `(x, y)` to
/// `(x + 1, y + 1)` in pixels. Colors are blended source-over with straight alpha, so a
/// canvas may start transparent.
public struct Canvas: Sendable {
    /// The most pixels a canvas may have (a gigabyte of RGBA).
    static let maxPixels = 1 << 28

    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// Pixels per point: 1, 2 or 3.
    public let scale: Int
    /// The pixels, rows top to bottom, 4 bytes each (red, green, blue, alpha).
    public internal(set) var pixels: [UInt8]
    /// The only pixels drawing may change, when `clip(to:)` narrowed them; nil: all.
    var clipBox: (xs: Range<Int>, ys: Range<Int>)?

    /// A canvas of `width` × `height` points at `scale`, filled with `background`.
    ///
    /// The pixel size is the point size times the scale, rounded up.
    /// - Throws: `RenderError.invalidCanvas` when a size is not finite or not positive,
    ///   the scale is not 1, 2 or 3, or the canvas would be larger than 2²⁸ pixels.
    public init(width: Double, height: Double, scale: Int, background: RGBA) throws {
        let invalid = RenderError.invalidCanvas(width: width, height: height, scale: scale)
        guard (1...3).contains(scale), width.isFinite, height.isFinite, width > 0, height > 0,
              width * Double(scale) <= Double(Self.maxPixels), height * Double(scale) <= Double(Self.maxPixels)
        else { throw invalid }
        let grid = PixelGrid(scale: Double(scale))
        let pixelWidth = grid.pixelCount(width), pixelHeight = grid.pixelCount(height)
        guard pixelWidth * pixelHeight <= Self.maxPixels else { throw invalid }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        // The four bytes r, g, b, a in memory order, written a pixel at a time.
        let pattern = UInt32(littleEndian: UInt32(background.r) | UInt32(background.g) << 8
            | UInt32(background.b) << 16 | UInt32(background.a) << 24)
        var pixels = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        pixels.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { $0.update(repeating: pattern) }
        }
        self.pixels = pixels
    }

    /// The color of pixel (`x`, `y`), counted in pixels from the top-left corner.
    public subscript(x: Int, y: Int) -> RGBA {
        precondition(x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight, "pixel (\(x), \(y)) is outside the canvas")
        let i = (y * pixelWidth + x) * 4
        return RGBA(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }

    /// The pixels whose squares meet the rectangle from (`minX`, `minY`) to (`maxX`,
    /// `maxY`) in pixels, clipped to the canvas and to `clipBox`; nil when that is empty or
    /// a bound is not finite.
    func pixelBox(minX: Double, minY: Double, maxX: Double, maxY: Double) -> (xs: Range<Int>, ys: Range<Int>)? {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        var x0 = clamp(minX.rounded(.down), pixelWidth), x1 = clamp(maxX.rounded(.up), pixelWidth)
        var y0 = clamp(minY.rounded(.down), pixelHeight), y1 = clamp(maxY.rounded(.up), pixelHeight)
        if let clip = clipBox {
            (x0, x1) = (max(x0, clip.xs.lowerBound), min(x1, clip.xs.upperBound))
            (y0, y1) = (max(y0, clip.ys.lowerBound), min(y1, clip.ys.upperBound))
        }
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// Limits drawing to the pixels `rect` (points) touches, within the clip already set,
    /// as `CGContext.clip(to:)` does; setting `clipBox` back to what it was undoes it.
    mutating func clip(to rect: CGRect) {
        let s = Double(scale)
        let box = pixelBox(minX: rect.minX * s, minY: rect.minY * s, maxX: rect.maxX * s, maxY: rect.maxY * s)
        clipBox = box ?? (0..<0, 0..<0)
    }

    /// Blends `color` into every pixel of `box` by the fraction of it `coverage(x, y)`
    /// (clamped to 0 … 1) says the shape covers.
    mutating func paint(_ color: RGBA, in box: (xs: Range<Int>, ys: Range<Int>), coverage: (Int, Int) -> Double) {
        guard color.a > 0 else { return }
        let width = pixelWidth
        let opacity = Float(color.a) / 255
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in box.ys {
                for x in box.xs {
                    let c = coverage(x, y)
                    guard c > 0 else { continue }
                    Self.blend(color, alpha: opacity * Float(min(c, 1)), into: buffer.baseAddress! + (y * width + x) * 4)
                }
            }
        }
    }

    /// Blends into every pixel of `box` the color and opacity (0 … 1) `source(x, y)`
    /// gives it; nil leaves the pixel as it is. For images, whose color varies by pixel.
    mutating func paint(in box: (xs: Range<Int>, ys: Range<Int>), source: (Int, Int) -> (RGBA, Float)?) {
        let width = pixelWidth
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in box.ys {
                for x in box.xs {
                    guard let (color, alpha) = source(x, y), alpha > 0 else { continue }
                    Self.blend(color, alpha: min(alpha, 1), into: buffer.baseAddress! + (y * width + x) * 4)
                }
            }
        }
    }

    /// Source-over blending of `color` at opacity `alpha` (0 … 1) onto one straight-alpha pixel.
    @inline(__always)
    static func blend(_ color: RGBA, alpha: Float, into pixel: UnsafeMutablePointer<UInt8>) {
        if alpha >= 1 {
            pixel[0] = color.r
            pixel[1] = color.g
            pixel[2] = color.b
            pixel[3] = 255
            return
        }
        let below = Float(pixel[3]) / 255 * (1 - alpha)
        let total = alpha + below
        guard total > 0 else { return }
        func mix(_ source: UInt8, _ destination: UInt8) -> UInt8 {
            UInt8(min((Float(source) * alpha + Float(destination) * below) / total + 0.5, 255))
        }
        pixel[0] = mix(color.r, pixel[0])
        pixel[1] = mix(color.g, pixel[1])
        pixel[2] = mix(color.b, pixel[2])
        pixel[3] = UInt8(min(total * 255 + 0.5, 255))
    }
}
