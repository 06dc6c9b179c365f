import CellLayoutRender
import Foundation
import Testing

/// Black shapes on white at scale 2: the inked area (pixels) against the shape's area.
@Suite("Render: canvas shapes")
struct RenderCanvasShapeTests {
    private func whiteCanvas() throws -> Canvas {
        try Canvas(width: 60, height: 40, scale: 2, background: .white)
    }

    @Test func rectOnWholePixelsIsExactAndOnHalfPixelsIsHalfCovered() throws {
        var canvas = try whiteCanvas()
        canvas.fill(CGRect(x: 1, y: 1, width: 10, height: 5), color: .label)
        #expect(canvas.inkedArea == 200)
        #expect(canvas.partlyCoveredPixels == 0)
        #expect(canvas[2, 2] == .label && canvas[1, 1] == .white && canvas[22, 12] == .white)

        var half = try whiteCanvas()
        half.fill(CGRect(x: 1.25, y: 1, width: 10, height: 5), color: .label)
        #expect(abs(half.inkedArea - 200) < 0.5)
        #expect(half.ink(2, 5) > 0.49 && half.ink(2, 5) < 0.51)
        #expect(half.ink(22, 5) > 0.49 && half.ink(22, 5) < 0.51)
    }

    @Test func strokedRectCoversTheBorderOnly() throws {
        var canvas = try whiteCanvas()
        canvas.stroke(CGRect(x: 5.25, y: 5, width: 40, height: 20), lineWidth: 0.5, color: .label)
        let expected = (80.0 * 40) - (78.0 * 38)
        #expect(abs(canvas.inkedArea - expected) < 1)
        #expect(canvas[50, 30] == .white)
        #expect(canvas[20, 10] == .label)
    }

    @Test func circleHasTheAreaOfACircleAndSoftEdges() throws {
        var canvas = try whiteCanvas()
        canvas.fillCircle(center: CGPoint(x: 30, y: 20), radius: 13.5, color: .label)
        let r = 27.0
        #expect(abs(canvas.inkedArea - Double.pi * r * r) / (Double.pi * r * r) < 0.01)
        #expect(canvas.partlyCoveredPixels > 100)
        #expect(canvas[60, 40] == .label && canvas[60, 10] == .white)
    }

    @Test func ellipseHasTheAreaOfAnEllipse() throws {
        var canvas = try whiteCanvas()
        canvas.fillEllipse(in: CGRect(x: 5, y: 10, width: 50, height: 20), color: .label)
        let area = Double.pi * 50 * 20
        #expect(abs(canvas.inkedArea - area) / area < 0.01)
        #expect(canvas.partlyCoveredPixels > 100)
    }

    @Test func roundedRectHasRoundedCorners() throws {
        var canvas = try whiteCanvas()
        canvas.fillRoundedRect(CGRect(x: 4, y: 4, width: 51, height: 31), cornerRadius: 15.5, color: .label)
        let w = 102.0, h = 62.0, r = 31.0
        let area = w * h - (4 - Double.pi) * r * r
        #expect(abs(canvas.inkedArea - area) / area < 0.01)
        #expect(canvas.partlyCoveredPixels > 100)
        #expect(canvas[9, 9] == .white)
        #expect(canvas[58, 8] == .label)
    }

    @Test func polylineIsAStrokeWithRoundEnds() throws {
        var canvas = try whiteCanvas()
        canvas.strokePolyline([CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 30)], lineWidth: 2, color: .label)
        let length = hypot(80.0, 40), width = 4.0
        let area = length * width + Double.pi * width * width / 4
        #expect(abs(canvas.inkedArea - area) / area < 0.02)
        #expect(canvas.partlyCoveredPixels > 50)

        var chevron = try whiteCanvas()
        chevron.strokePolyline(
            [CGPoint(x: 20, y: 10), CGPoint(x: 27, y: 17), CGPoint(x: 20, y: 24)], lineWidth: 2, color: .label)
        #expect(chevron.partlyCoveredPixels > 20)
        #expect(chevron[54, 34] == .label)
        #expect(chevron[40, 34] == .white)
    }

    @Test func translucentColorsBlendOverTheBackground() throws {
        var canvas = try whiteCanvas()
        canvas.fill(CGRect(x: 0, y: 0, width: 10, height: 10), color: RGBA(r: 0, g: 0, b: 0, a: 128))
        let pixel = canvas[3, 3]
        #expect(pixel.a == 255 && (126...128).contains(pixel.r))

        var clear = try Canvas(width: 4, height: 4, scale: 1, background: .clear)
        clear.fill(CGRect(x: 0, y: 0, width: 2, height: 2), color: RGBA(r: 0, g: 122, b: 255, a: 128))
        #expect(clear[0, 0] == RGBA(r: 0, g: 122, b: 255, a: 128))
        #expect(clear[3, 3] == .clear)
    }

    @Test func shapesOutsideTheCanvasOrNotFiniteDrawNothing() throws {
        var canvas = try whiteCanvas()
        canvas.fill(CGRect(x: -100, y: -100, width: 50, height: 50), color: .label)
        canvas.fillCircle(center: CGPoint(x: Double.nan, y: 3), radius: 5, color: .label)
        canvas.fillRoundedRect(CGRect(x: 0, y: 0, width: Double.infinity, height: 10), cornerRadius: 3, color: .label)
        canvas.strokePolyline([CGPoint(x: 1, y: 1), CGPoint(x: Double.nan, y: 1)], lineWidth: 1, color: .label)
        canvas.strokePolyline([], lineWidth: 1, color: .label)
        canvas.stroke(CGRect(x: 1, y: 1, width: 5, height: 5), lineWidth: -1, color: .label)
        #expect(canvas.inkedArea == 0)
    }
}
