import Foundation

// Shapes are anti-aliased analytically. Rectangles blend each pixel by the exact area of
// it they cover; curved shapes and lines use the signed distance d from the pixel's
// center to the shape's edge (in pixels, negative inside) and cover 0.5 − d of it,
// clamped to 0 … 1 — exact for straight edges, within a few hundredths for curves.
// Non-finite coordinates draw nothing.

extension Canvas {
    /// Fills `rect` (points) with `color`.
    public mutating func fill(_ rect: CGRect, color: RGBA) {
        let r = pixelRect(rect)
        guard let box = pixelBox(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY) else { return }
        paint(color, in: box) { x, y in Self.area(of: r, inPixel: x, y) }
    }

    /// Outlines `rect` (points) with a line `lineWidth` points wide drawn inside its edges,
    /// as a layer's border is; a line as wide as half the rectangle fills it.
    public mutating func stroke(_ rect: CGRect, lineWidth: Double, color: RGBA) {
        guard lineWidth > 0 else { return }
        let outer = pixelRect(rect)
        let inset = lineWidth * Double(scale)
        let inner = outer.insetBy(dx: min(inset, outer.width / 2), dy: min(inset, outer.height / 2))
        guard let box = pixelBox(minX: outer.minX, minY: outer.minY, maxX: outer.maxX, maxY: outer.maxY) else { return }
        paint(color, in: box) { x, y in Self.area(of: outer, inPixel: x, y) - Self.area(of: inner, inPixel: x, y) }
    }

    /// Fills `rect` (points) with its corners rounded to `cornerRadius` points (at most
    /// half the shorter side, which makes a capsule such as a switch track).
    public mutating func fillRoundedRect(_ rect: CGRect, cornerRadius: Double, color: RGBA) {
        let r = pixelRect(rect)
        let halfWidth = r.width / 2, halfHeight = r.height / 2
        let radius = min(max(cornerRadius * Double(scale), 0), halfWidth, halfHeight)
        guard radius.isFinite,
              let box = pixelBox(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY) else { return }
        paint(color, in: box) { x, y in
            let qx = abs(Double(x) + 0.5 - r.midX) - halfWidth + radius
            let qy = abs(Double(y) + 0.5 - r.midY) - halfHeight + radius
            let distance = hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
            return 0.5 - distance
        }
    }

    /// Fills the ellipse inscribed in `rect` (points).
    public mutating func fillEllipse(in rect: CGRect, color: RGBA) {
        let r = pixelRect(rect)
        let a = r.width / 2, b = r.height / 2
        guard a > 0, b > 0,
              let box = pixelBox(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY) else { return }
        paint(color, in: box) { x, y in
            let px = Double(x) + 0.5 - r.midX, py = Double(y) + 0.5 - r.midY
            // Distance to the ellipse to first order, k0 (k0 − 1) / k1; exact for circles.
            let k0 = hypot(px / a, py / b)
            let k1 = hypot(px / (a * a), py / (b * b))
            let distance = k1 > 0 ? k0 * (k0 - 1) / k1 : -min(a, b)
            return 0.5 - distance
        }
    }

    /// Fills the circle of `radius` points around `center` (points).
    public mutating func fillCircle(center: CGPoint, radius: Double, color: RGBA) {
        fillEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), color: color)
    }

    /// Strokes the line through `points` (points), `lineWidth` points wide, with round
    /// ends and round corners — a disclosure chevron or a checkmark. One point draws a dot.
    public mutating func strokePolyline(_ points: [CGPoint], lineWidth: Double, color: RGBA) {
        guard !points.isEmpty, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), lineWidth > 0 else { return }
        let s = Double(scale)
        let path = points.map { CGPoint(x: $0.x * s, y: $0.y * s) }
        let half = lineWidth * s / 2
        let segments = path.count == 1 ? [(path[0], path[0])] : Array(zip(path, path.dropFirst()))
        guard let box = pixelBox(
            minX: path.map(\.x).min()! - half, minY: path.map(\.y).min()! - half,
            maxX: path.map(\.x).max()! + half, maxY: path.map(\.y).max()! + half) else { return }
        paint(color, in: box) { x, y in
            let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
            let distance = segments.lazy.map { Self.distance(from: p, toSegment: $0.0, $0.1) }.min()! - half
            return 0.5 - distance
        }
    }

    /// `rect` in pixels, standardized (non-negative width and height).
    func pixelRect(_ rect: CGRect) -> CGRect {
        let s = Double(scale)
        let r = rect.standardized
        return CGRect(x: r.minX * s, y: r.minY * s, width: r.width * s, height: r.height * s)
    }

    /// The fraction of pixel (`x`, `y`) that `rect` (pixels) covers.
    static func area(of rect: CGRect, inPixel x: Int, _ y: Int) -> Double {
        let px = Double(x), py = Double(y)
        let w = min(px + 1, rect.maxX) - max(px, rect.minX)
        let h = min(py + 1, rect.maxY) - max(py, rect.minY)
        return w > 0 && h > 0 ? w * h : 0
    }

    /// The distance from `p` to the segment from `a` to `b`.
    private static func distance(from p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> Double {
        let abx = b.x - a.x, aby = b.y - a.y
        let apx = p.x - a.x, apy = p.y - a.y
        let squared = abx * abx + aby * aby
        let t = squared > 0 ? min(max((apx * abx + apy * aby) / squared, 0), 1) : 0
        return hypot(apx - abx * t, apy - aby * t)
    }
}
