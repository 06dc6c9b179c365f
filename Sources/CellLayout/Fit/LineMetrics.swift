/// How tall a line of text is and where its baseline sits: the one place line heights are
/// computed, for measuring, cell layout and drawing alike.
///
/// A font gives its ascent, descent and line gap (`Font.ascender`, `Font.descender`,
/// `Font.lineGap`, from hhea or OS/2 typo metrics); a line of several fonts takes the
/// largest of each among its runs (`union(_:)`), as TextKit does. The line box is
/// `ascent + descent + gap` tall, the baseline `ascent` below its top (the gap sits below
/// the descender, as in UIKit).
public struct LineMetrics: Hashable, Sendable {
    /// Distance from the baseline up to the top of the line box, in points.
    public var ascent: Double
    /// Distance from the baseline down to the bottom of the glyphs' box, in points (positive).
    public var descent: Double
    /// Space below the descent (the font's line gap), in points.
    public var gap: Double

    /// - Parameters: ascent, descent (positive below the baseline) and gap, in points.
    public init(ascent: Double, descent: Double, gap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.gap = gap
    }

    /// The line metrics of `font` under `vertical`.
    public init(font: Font, vertical: VerticalMetrics = .font) {
        switch vertical {
        case .font:
            self.init(ascent: font.ascender, descent: -font.descender, gap: font.lineGap)
        case .sanFrancisco:
            self.init(ascent: font.size * 1950 / 2048, descent: font.size * 494 / 2048, gap: 0)
        }
    }

    /// The height of the line box: ascent + descent + gap.
    public var height: Double { ascent + descent + gap }

    /// The metrics of a line holding both: the largest ascent, descent and gap.
    public func union(_ other: LineMetrics) -> LineMetrics {
        LineMetrics(ascent: max(ascent, other.ascent), descent: max(descent, other.descent), gap: max(gap, other.gap))
    }
}

/// Whose vertical metrics a font's lines take.
public enum VerticalMetrics: String, Hashable, Sendable, CaseIterable {
    /// The font's own (hhea, or OS/2 typo metrics when USE_TYPO_METRICS is set).
    case font
    /// San Francisco's, scaled to the font's size: ascender 1950 and descender 494 over
    /// 2048 units, no gap — 1.193359375 × size per line. For laying out with a stand-in
    /// font what an iPhone lays out in SF (`TableMetrics.sfVerticalMetrics`).
    case sanFrancisco
}

/// The screen's pixel grid: how lengths in points snap to whole pixels at a scale — the
/// one place heights are rounded up and origins rounded, for text, cells and tables.
public struct PixelGrid: Hashable, Sendable {
    /// Pixels per point (1, 2 or 3); anything not positive and finite counts as 1.
    public let scale: Double

    /// - Parameter scale: pixels per point.
    public init(scale: Double) {
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }

    /// `value` rounded up to the next pixel, as UIKit callers `ceil` a measured size,
    /// ignoring floating-point noise below a millionth of a point.
    public func ceil(_ value: Double) -> Double {
        ((value * scale) - 1e-6).rounded(.up) / scale
    }

    /// `value` rounded to the nearest pixel (halves up), as UIKit aligns view origins.
    public func round(_ value: Double) -> Double {
        (value * scale + 0.5).rounded(.down) / scale
    }
}
