import CellLayoutRender

/// A PNG decoded back to RGBA8 by libpng (through `Canvas(png:)`).
struct DecodedPNG {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// Decodes `png`; nil when libpng rejects it.
    init?(_ png: [UInt8]) {
        guard let canvas = try? Canvas(png: png) else { return nil }
        width = canvas.pixelWidth
        height = canvas.pixelHeight
        pixels = canvas.pixels
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
