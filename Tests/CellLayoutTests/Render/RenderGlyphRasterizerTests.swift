import CellLayout
import CellLayoutRender
import Foundation
import Testing

@Suite("Render: glyph rasterizer")
struct RenderGlyphRasterizerTests {
    /// The pixels darker than mid-gray.
    private func darkPixels(_ canvas: Canvas) -> [(x: Int, y: Int)] {
        var dark: [(x: Int, y: Int)] = []
        for y in 0..<canvas.pixelHeight {
            for x in 0..<canvas.pixelWidth where canvas[x, y].r < 128 { dark.append((x, y)) }
        }
        return dark
    }

    /// Draws one line of `text` in Inter 17 with its left end and baseline at `origin`.
    private func draw(_ text: String, at origin: CGPoint, on canvas: inout Canvas) throws -> TextLayout {
        let layout = TestFonts.engine.prepare(text, font: TestFonts.inter17).fit(width: .infinity)
        let rasterizer = try GlyphRasterizer()
        for run in layout.glyphRuns(ofLine: 0) {
            rasterizer.draw(run, at: origin, color: .label, into: &canvas)
        }
        return layout
    }

    @Test func helloIsDrawnInsideItsLineBox() throws {
        var canvas = try Canvas(width: 80, height: 40, scale: 2, background: .white)
        let origin = CGPoint(x: 10, y: 28)
        let layout = try draw("Hello", at: origin, on: &canvas)
        let font = TestFonts.inter17
        let box = (
            minX: origin.x * 2, maxX: (origin.x + layout.usedWidth) * 2,
            minY: (origin.y - font.ascender) * 2, maxY: (origin.y - font.descender) * 2)
        let dark = darkPixels(canvas)
        #expect(dark.count > 150)
        let outside = dark.filter {
            Double($0.x) < box.minX - 1 || Double($0.x) >= box.maxX + 1
                || Double($0.y) < box.minY - 1 || Double($0.y) >= box.maxY + 1
        }
        #expect(outside.isEmpty, "dark pixels outside the line box: \(outside.prefix(5))")
        // Ink spans most of the advance width and sits on the baseline: "H" and "l" reach
        // cap height, nothing of "Hello" descends below it.
        let left = Double(dark.map(\.x).min()!), right = Double(dark.map(\.x).max()!)
        let top = Double(dark.map(\.y).min()!), bottom = dark.map(\.y).max()!
        let capTop: Double = (origin.y - 0.7 * font.size) * 2
        #expect(left < box.minX + 6)
        #expect(right > box.maxX - 6)
        #expect((55...56).contains(bottom))
        #expect(top < capTop)
    }

    @Test func glyphsAreAntiAliased() throws {
        var canvas = try Canvas(width: 80, height: 40, scale: 2, background: .white)
        _ = try draw("Hello", at: CGPoint(x: 10.3, y: 28), on: &canvas)
        #expect(canvas.partlyCoveredPixels > 50)
    }

    @Test func fallbackGlyphsAreDrawnToo() throws {
        var canvas = try Canvas(width: 60, height: 40, scale: 2, background: .white)
        let origin = CGPoint(x: 5, y: 28)
        let layout = try draw("a☃", at: origin, on: &canvas)
        let runs = layout.glyphRuns(ofLine: 0)
        #expect(runs.count == 2)
        #expect(runs.last?.font.face.family == "DejaVu Sans")
        let dark = darkPixels(canvas)
        for run in runs {
            let from = (origin.x + run.x) * 2, to = (origin.x + run.x + run.width) * 2
            let inside = dark.filter { Double($0.x) >= from - 1 && Double($0.x) < to + 1 }
            #expect(inside.count > 30, "run \(run.font) has \(inside.count) dark pixels")
        }
    }

    @Test func uncoveredTextDrawsTheNotdefBoxWithoutCrashing() throws {
        var canvas = try Canvas(width: 40, height: 40, scale: 3, background: .white)
        let layout = try draw("\u{10FFFD}", at: CGPoint(x: 5, y: 28), on: &canvas)
        #expect(layout.glyphRuns(ofLine: 0).first?.glyphs == [0])
        #expect(!darkPixels(canvas).isEmpty)
    }

    @Test func textFarOutsideTheCanvasIsClipped() throws {
        var canvas = try Canvas(width: 40, height: 40, scale: 1, background: .white)
        _ = try draw("Hello", at: CGPoint(x: -1e6, y: 1e9), on: &canvas)
        _ = try draw("Hello", at: CGPoint(x: 30, y: 5), on: &canvas)
        #expect(canvas.pixels.count == 40 * 40 * 4)
    }
}
