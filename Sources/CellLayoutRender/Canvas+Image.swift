import CellLayout
import Foundation

extension Canvas {
    /// Draws `image` scaled to fill `rect` (points), as a `UIImageView` does by default
    /// (`.scaleToFill`), blended source-over.
    ///
    /// Each canvas pixel takes the average of the image pixels under it, each weighted by
    /// how much of the canvas pixel it covers and by its alpha (so a transparent pixel lends
    /// no colour to its neighbours), at the average alpha; a pixel the rect covers only in
    /// part is blended by that part, as a filled rectangle's edge is. Drawn at a whole
    /// multiple of its size, every canvas pixel is one image pixel, unchanged.
    public mutating func draw(_ image: ImageBitmap, in rect: CGRect) {
        let r = pixelRect(rect)
        guard r.width > 0, r.height > 0,
              let box = pixelBox(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY) else { return }
        let columns = box.xs.map { x in
            Self.sourceSpan(from: max(Double(x), r.minX), to: min(Double(x + 1), r.maxX), origin: r.minX,
                            ratio: Double(image.pixelWidth) / r.width, count: image.pixelWidth)
        }
        let rows = box.ys.map { y in
            Self.sourceSpan(from: max(Double(y), r.minY), to: min(Double(y + 1), r.maxY), origin: r.minY,
                            ratio: Double(image.pixelHeight) / r.height, count: image.pixelHeight)
        }
        let x0 = box.xs.lowerBound, y0 = box.ys.lowerBound, width = image.pixelWidth
        image.pixels.withUnsafeBufferPointer { source in
            paint(in: box) { x, y in
                let coverage = Self.area(of: r, inPixel: x, y)
                guard coverage > 0 else { return nil }
                var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0, total = 0.0
                for (j, wy) in rows[y - y0] {
                    for (i, wx) in columns[x - x0] {
                        let p = (j * width + i) * 4, weight = wx * wy
                        let a = Double(source[p + 3]) / 255 * weight
                        red += Double(source[p]) * a
                        green += Double(source[p + 1]) * a
                        blue += Double(source[p + 2]) * a
                        alpha += a
                        total += weight
                    }
                }
                guard alpha > 0, total > 0 else { return nil }
                func channel(_ sum: Double) -> UInt8 { UInt8(min(max((sum / alpha).rounded(), 0), 255)) }
                return (RGBA(r: channel(red), g: channel(green), b: channel(blue)), Float(alpha / total * coverage))
            }
        }
    }

    /// The image pixels (index, overlap in image pixels) under the canvas span from `from`
    /// to `to` (pixels) of an image drawn from `origin` at `ratio` image pixels a canvas
    /// pixel, `count` pixels long.
    private static func sourceSpan(from: Double, to: Double, origin: Double, ratio: Double, count: Int)
        -> [(Int, Double)] {
        let u0 = (from - origin) * ratio, u1 = (to - origin) * ratio
        guard u1 > u0 else { return [] }
        let first = max(0, Int(u0.rounded(.down))), last = min(count, Int(u1.rounded(.up)))
        return (first..<max(first, last)).compactMap { i in
            let overlap = min(u1, Double(i + 1)) - max(u0, Double(i))
            return overlap > 0 ? (i, overlap) : nil
        }
    }
}
