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

    /// Whether a pixel is clearly colored: its channels far apart (gray ink and white are not).
    private static func isColored(_ pixel: RGBA) -> Bool {
        Int(max(pixel.r, pixel.g, pixel.b)) - Int(min(pixel.r, pixel.g, pixel.b)) > 80
    }

    @Test(arguments: [1, 2, 3])
    func colorEmojiAreDrawnInTheirOwnColors(scale: Int) throws {
        // 😀 (Emoji_Presentation) goes to the bundled Noto Color Emoji, a CBDT bitmap font
        // with one 109-ppem strike: FT_LOAD_COLOR gives its BGRA bitmap, scaled to 17 pt.
        var canvas = try Canvas(width: 70, height: 40, scale: scale, background: .white)
        let origin = CGPoint(x: 5, y: 28)
        let layout = try draw("ab\u{1F600}", at: origin, on: &canvas)
        let runs = layout.glyphRuns(ofLine: 0)
        let emoji = try #require(runs.last)
        #expect(emoji.font.face.family == "Noto Color Emoji")
        #expect(emoji.font.face.isColor)
        let s = Double(scale)
        let from = (origin.x + emoji.x) * s, to = (origin.x + emoji.x + emoji.width) * s
        var inside = 0, outside = 0, yellow = 0
        for y in 0..<canvas.pixelHeight {
            for x in 0..<canvas.pixelWidth where Self.isColored(canvas[x, y]) {
                let pixel = canvas[x, y]
                if Double(x) >= from - 1, Double(x) < to + 1 {
                    inside += 1
                    // The face is yellow (#FCC21B-ish): red and green high, blue low.
                    if pixel.r > 200, pixel.g > 150, pixel.b < 120 { yellow += 1 }
                } else {
                    outside += 1
                }
            }
        }
        // A 17-pt emoji covers about 17 × 17 pt; most of it is the yellow face.
        let area = 17 * 17 * s * s
        #expect(Double(inside) > 0.4 * area, "colored pixels inside the emoji's advance: \(inside)")
        #expect(Double(yellow) > 0.25 * area, "yellow pixels: \(yellow)")
        #expect(outside == 0, "colored pixels outside the emoji: \(outside)")
        // The face sits on the line: its ink within the ascender and descender.
        let font = TestFonts.inter17
        let coloredRows = (0..<canvas.pixelHeight).filter { y in
            (0..<canvas.pixelWidth).contains { Self.isColored(canvas[$0, y]) }
        }
        #expect(Double(coloredRows.min()!) >= (origin.y - font.ascender - 1) * s)
        #expect(Double(coloredRows.max()!) <= (origin.y - font.descender + 1) * s)
    }

    @Test func emojiIgnoreTheTextColor() throws {
        var black = try Canvas(width: 30, height: 30, scale: 2, background: .white)
        var blue = black
        let layout = TestFonts.engine.prepare("\u{1F600}", font: TestFonts.inter17).fit(width: .infinity)
        let rasterizer = try GlyphRasterizer()
        for run in layout.glyphRuns(ofLine: 0) {
            rasterizer.draw(run, at: CGPoint(x: 2, y: 22), color: .label, into: &black)
            rasterizer.draw(run, at: CGPoint(x: 2, y: 22), color: RGBA(hex: 0x0000FF), into: &blue)
        }
        #expect(black.pixels == blue.pixels)
        #expect(black.pixels != (try Canvas(width: 30, height: 30, scale: 2, background: .white)).pixels)
    }

    /// Text far outside the canvas draws nothing; text across its edge draws exactly the
    /// part inside: the same pixels as the same text on a canvas wide enough for all of it,
    /// cut to the small canvas.
    @Test func textOutsideTheCanvasIsClipped() throws {
        let blank = try Canvas(width: 40, height: 40, scale: 1, background: .white)
        var canvas = blank
        _ = try draw("Hello", at: CGPoint(x: -1e6, y: 1e9), on: &canvas)
        _ = try draw("Hello", at: CGPoint(x: 1e6, y: 20), on: &canvas)
        _ = try draw("Hello", at: CGPoint(x: -100, y: 20), on: &canvas)   // ends at about −60
        #expect(canvas.pixels == blank.pixels)
        // "Hello" is about 40 pt wide: from x 20 it crosses the right edge.
        _ = try draw("Hello", at: CGPoint(x: 20, y: 12), on: &canvas)
        var wide = try Canvas(width: 100, height: 40, scale: 1, background: .white)
        _ = try draw("Hello", at: CGPoint(x: 20, y: 12), on: &wide)
        var inside = 0
        for y in 0..<40 {
            for x in 0..<40 {
                #expect(canvas[x, y] == wide[x, y], "pixel \(x), \(y)")
                if canvas[x, y].r < 128 { inside += 1 }
            }
        }
        let beyond = (0..<40).reduce(0) { n, y in n + (40..<100).filter { wide[$0, y].r < 128 }.count }
        #expect(inside > 10 && beyond > 10)   // the text really is cut by the edge
    }
}
