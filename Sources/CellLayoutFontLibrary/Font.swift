import CHarfBuzz
import Synchronization
import CellLayoutCore

/// A face at a point size: what text is shaped and measured with.
///
/// Glyph advances come out of HarfBuzz in *layout units* of 1/1024 pt (the font's scale is
/// `size × 1024`), the same fixed-point grid Pango uses, so widths add up exactly and
/// compare with a width without rounding drift.
///
/// Sendable because the HarfBuzz font is made immutable after creation (HarfBuzz fonts are
/// safe to share between threads then); everything else is a constant.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Layout units per point.
    public static let unitsPerPoint: Double = LayoutUnits.perPoint

    /// The face this font draws with.
    public let face: FontFace
    /// The size in points.
    public let size: Double
    /// Distance from the baseline to the top of the line box, in points.
    public let ascender: Double
    /// Distance from the baseline to the bottom of the line box, in points (negative).
    public let descender: Double
    /// Extra space between lines the font asks for, in points.
    public let lineGap: Double
    /// Whether the font stands for an italic its family lacks: the upright face, measured
    /// as it is and drawn sheared (`slant`), as Core Text and fontconfig synthesize one.
    public let isSlanted: Bool
    /// The shear a renderer applies to a slanted font's glyphs (x += slant × y): 0.2,
    /// fontconfig's synthetic oblique (`90-synthetic.conf`).
    public static let slant = 0.2

    /// A process-unique number, the font's key in caches.
    package let id: Int
    package let hbFont: OpaquePointer

    private static let nextID = Atomic<Int>(0)

    package init(face: FontFace, size: Double, slanted: Bool = false) throws {
        guard size.isFinite, size > 0, size <= 10_000 else { throw FontError.invalidSize(size) }
        self.face = face
        self.size = size
        self.isSlanted = slanted
        let font = hb_font_create(face.hbFace)!
        let scale = Int32((size * Self.unitsPerPoint).rounded())
        hb_font_set_scale(font, scale, scale)
        hb_font_make_immutable(font)
        self.hbFont = font
        let metrics = face.verticalMetrics
        let pointsPerUnit = size / Double(face.unitsPerEm)
        self.ascender = Double(metrics.ascender) * pointsPerUnit
        self.descender = Double(metrics.descender) * pointsPerUnit
        self.lineGap = Double(metrics.lineGap) * pointsPerUnit
        self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).newValue
    }

    deinit { hb_font_destroy(hbFont) }

    /// The height of one line: ascender − descender + line gap, in points (`LineMetrics`).
    public var lineHeight: Double { LineMetrics(font: self).height }

    /// "Inter 17 pt (weight 400)", "Inter 17 pt (weight 400, slanted)".
    public var description: String {
        "\(face.family) \(size.formatted3) pt (weight \(face.weightClass)\(isSlanted ? ", slanted" : ""))"
    }

    /// Fonts are equal when they are the same object.
    public static func == (a: Font, b: Font) -> Bool { a === b }

    /// Hashes the font's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
