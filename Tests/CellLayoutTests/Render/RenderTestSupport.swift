import CPNG
import CellLayoutRender

/// A PNG decoded back to RGBA8 by libpng.
struct DecodedPNG {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// Decodes `png` with `cpng_decode_rgba`; nil when libpng rejects it.
    init?(_ png: [UInt8]) {
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let code = png.withUnsafeBufferPointer { cpng_decode_rgba($0.baseAddress, $0.count, &rgba, &width, &height) }
        guard code == CPNG_OK, let rgba else { return nil }
        defer { cpng_free(rgba) }
        self.width = Int(width)
        self.height = Int(height)
        self.pixels = Array(UnsafeBufferPointer(start: rgba, count: Int(width) * Int(height) * 4))
    }
}

extension Canvas {
    /// How much of each pixel black ink covers on an opaque white canvas (0 … 1), summed
    /// over the canvas: the inked area in pixels.
    var inkedArea: Double {
        var total = 0.0
        for y in 0..<pixelHeight { for x in 0..<pixelWidth { total += ink(x, y) } }
        return total
    }

    /// The fraction of pixel (`x`, `y`) black ink covers on an opaque white canvas.
    func ink(_ x: Int, _ y: Int) -> Double {
        Double(255 - Int(self[x, y].r)) / 255
    }

    /// The number of pixels neither white nor black: edge pixels of black shapes on white.
    var partlyCoveredPixels: Int {
        var count = 0
        for y in 0..<pixelHeight { for x in 0..<pixelWidth where (1...254).contains(self[x, y].r) { count += 1 } }
        return count
    }
}
