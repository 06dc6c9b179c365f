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
    @inlinable
    public init(ascent: Double, descent: Double, gap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.gap = gap
    }

    /// San Francisco's line metrics at `size` points: ascender 1950 and descender 494 over
    /// 2048 units, no gap (`UIFont.systemFont(ofSize: 17).lineHeight` = 20.287109375).
    public init(sanFranciscoSize size: Double) {
        self.init(ascent: size * 1950 / 2048, descent: size * 494 / 2048, gap: 0)
    }

    /// The height of the line box: ascent + descent + gap.
    @inlinable
    public var height: Double { ascent + descent + gap }

    /// The metrics of a line holding both: the largest ascent, descent and gap.
    @inlinable
    public func union(_ other: LineMetrics) -> LineMetrics {
        LineMetrics(ascent: max(ascent, other.ascent), descent: max(descent, other.descent), gap: max(gap, other.gap))
    }
}
