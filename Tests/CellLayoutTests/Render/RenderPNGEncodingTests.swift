import CellLayoutRender
import Foundation
import Testing

@Suite("Render: PNG encoding")
struct RenderPNGEncodingTests {
    @Test func encodedCanvasDecodesToTheSamePixels() throws {
        var canvas = try Canvas(width: 21.5, height: 9, scale: 2, background: .clear)
        canvas.fill(CGRect(x: 1, y: 1, width: 10, height: 5), color: .systemBlue)
        canvas.fillCircle(center: CGPoint(x: 15, y: 4.5), radius: 4, color: RGBA(r: 255, g: 59, b: 48, a: 128))
        canvas.strokePolyline([CGPoint(x: 2, y: 8), CGPoint(x: 20, y: 2)], lineWidth: 1, color: .label)
        let png = try canvas.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try #require(DecodedPNG(png))
        #expect(decoded.width == 43)
        #expect(decoded.height == 18)
        #expect(decoded.pixels == canvas.pixels)
    }

    @Test func writesAFileAndReportsAnUnwritableOne() throws {
        let canvas = try Canvas(width: 3, height: 2, scale: 3, background: .groupedBackground)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try canvas.write(to: path)
        let decoded = try #require(DecodedPNG(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(decoded.width == 9 && decoded.height == 6)
        #expect(decoded.pixels.prefix(4) == [0xEF, 0xEF, 0xF4, 0xFF])
        #expect(throws: RenderError.unwritableFile(path: "/nonexistent/dir/x.png", reason: "No such file or directory")) {
            try canvas.write(to: "/nonexistent/dir/x.png")
        }
    }

    @Test func corruptPNGIsRejectedWithoutCrashing() throws {
        let png = try Canvas(width: 4, height: 4, scale: 1, background: .white).pngData()
        #expect(DecodedPNG(Array(png.prefix(png.count / 2))) == nil)
        #expect(DecodedPNG(Array(png.dropFirst(8))) == nil)
        var damaged = png
        damaged[45] ^= 0xFF
        #expect(DecodedPNG(damaged) == nil)
        // CPNG_NOT_PNG: the bytes lack the PNG signature.
        #expect(throws: RenderError.pngDecoding(code: -5)) { try Canvas(png: Array("not a PNG".utf8)) }
    }

    @Test func decodedCanvasKeepsTheScaleItIsGiven() throws {
        let png = try Canvas(width: 3, height: 2, scale: 3, background: .white).pngData()
        let canvas = try Canvas(png: png, scale: 3)
        #expect(canvas.scale == 3 && canvas.pixelWidth == 9 && canvas.pixelHeight == 6)
        #expect(throws: RenderError.self) { try Canvas(png: png, scale: 4) }
    }

    @Test(arguments: [(0.0, 10.0, 2), (10, -1, 2), (10, 10, 0), (10, 10, 4), (.nan, 10, 1), (.infinity, 10, 1), (1e9, 1e9, 3)])
    func unusableCanvasSizesThrow(width: Double, height: Double, scale: Int) {
        #expect(throws: RenderError.self) { try Canvas(width: width, height: height, scale: scale, background: .white) }
    }

    @Test func pixelSizeIsThePointSizeTimesTheScaleRoundedUp() throws {
        let canvas = try Canvas(width: 375, height: 44.3, scale: 3, background: .white)
        #expect(canvas.pixelWidth == 1125)
        #expect(canvas.pixelHeight == 133)
        #expect(canvas.pixels.count == 1125 * 133 * 4)
    }
}
