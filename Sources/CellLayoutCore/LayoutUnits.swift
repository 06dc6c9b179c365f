/// Lengths in layout units: 1/1024 pt, the fixed-point grid glyph advances come in (a
/// font's HarfBuzz scale is its size × 1024, as Pango's), so widths add up exactly.
///
/// The one place points become layout units and back, each direction with one rounding
/// rule.
@usableFromInline
package enum LayoutUnits {
    /// Layout units per point.
    @usableFromInline package static let perPoint: Double = 1024

    /// A width or an indent in points as layout units, rounded down (a line may use no
    /// more than the width it is given), ignoring floating-point noise below a millionth of a unit; NaN
    /// and negatives are 0, and anything past a billion points is treated as unlimited.
    @inlinable
    package static func roundedDown(_ points: Double) -> Int64 {
        guard points > 0 else { return 0 }
        guard points < 1e9 else { return Int64.max / 4 }
        return Int64((points * perPoint + 1e-6).rounded(.down))
    }

    /// A signed length in points (kerning) as layout units, rounded to the
    /// nearest unit; not finite is 0, and the length is held within ±100,000 pt.
    @inlinable
    package static func rounded(_ points: Double) -> Int32 {
        Int32((points.isFinite ? min(max(points, -1e5), 1e5) * perPoint : 0).rounded())
    }

    /// Layout units as points (exact: the unit is a power of two).
    @inlinable
    package static func points(_ units: Int64) -> Double {
        Double(units) / perPoint
    }
}
