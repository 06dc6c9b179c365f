/// The screen's pixel grid: how lengths in points snap to whole pixels at a scale — the
/// one place heights are rounded up and origins rounded, for text, cells, tables and the
/// canvases drawing them.
public struct PixelGrid: Hashable, Sendable {
    /// Pixels per point (1, 2 or 3); anything not positive and finite counts as 1.
    public let scale: Double

    /// - Parameter scale: pixels per point.
    public init(scale: Double) {
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }

    /// `value` rounded up to the next pixel, as UIKit callers `ceil` a measured size,
    /// ignoring floating-point noise below a millionth of a point.
    @inlinable
    public func ceil(_ value: Double) -> Double {
        pixelsCovering(value) / scale
    }

    /// How many whole pixels `value` points cover: rounded up as `ceil(_:)` rounds (a
    /// canvas's size in pixels).
    @inlinable
    package func pixelCount(_ value: Double) -> Int {
        Int(pixelsCovering(value))
    }

    /// `value` in pixels, rounded up, ignoring floating-point noise below a millionth.
    @inlinable
    func pixelsCovering(_ value: Double) -> Double {
        ((value * scale) - 1e-6).rounded(.up)
    }

    /// `value` rounded to the nearest pixel (halves up), as UIKit aligns view origins.
    @inlinable
    public func round(_ value: Double) -> Double {
        (value * scale + 0.5).rounded(.down) / scale
    }
}
