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
    /// The largest size a font is made at, in points: 10,000 (a JSON `"size"` and the
    /// CLI's `--size` stop at 1,000, `TextDecoder.maximumFontSize`). A font whose widest
    /// glyph would not fit a glyph position (Int32 layout units) at the size asked is
    /// refused at that size (`FontError.glyphTooWide`).
    public static let maximumSize: Double = 10_000

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
    @usableFromInline package let id: Int
    package let hbFont: OpaquePointer
    /// The advances of its glyphs at its size, learnt as they are asked.
    package let glyphAdvances: GlyphAdvances

    private static let nextID = Atomic<Int>(0)

    /// The axis values this font was made at, by tag (empty for a font that is not variable):
    /// `wght` from the weight asked for, `opsz` the point size, and any explicit ones.
    public var variations: [String: Double] {
        Dictionary(uniqueKeysWithValues: settings.map { ($0.tag, $0.value) })
    }
    /// The tracking the face's `trak` table gives at this size, in points, added to every
    /// grapheme cluster's advance (0 without the table).
    public var tracking: Double { Double(trackingUnits) / Self.unitsPerPoint }

    /// The axis values set on `hbFont`, in `fvar` order.
    let settings: [FontVariation]
    /// `tracking` in layout units.
    package let trackingUnits: Int32
    /// Whether text in this font may be measured from its face's tables (plain and
    /// ideograph runs, `PlainFace`, `IdeographFace`): those hold the default instance's
    /// untracked advances, so not for a varied or tracked font.
    package var usesFaceTables: Bool { settings.isEmpty && trackingUnits == 0 }
    /// Whether the font sets variation axes (then its GPOS values may vary from the face's).
    package var hasVariations: Bool { !settings.isEmpty }

    /// - Parameters:
    ///   - face: the face.
    ///   - size: the size in points.
    ///   - slanted: whether it draws a synthetic oblique.
    ///   - variations: the axis values to set (validated by the caller, `FontVariation.resolve`).
    ///   - vertical: whose vertical metrics the font reports: its own, or San Francisco's
    ///     (the system font's stand-in).
    package init(face: FontFace, size: Double, slanted: Bool = false, variations: [FontVariation] = [],
         vertical: VerticalMetrics = .font) throws {
        guard size.isFinite, size > 0, size <= Self.maximumSize else { throw FontError.invalidSize(size) }
        let widest = face.widestAdvance
        guard Double(widest.units) * size * Self.unitsPerPoint / Double(face.unitsPerEm) <= Double(Int32.max) else {
            throw FontError.glyphTooWide(path: face.path, size: size, glyph: widest.glyph, units: widest.units,
                                         unitsPerEm: Int(face.unitsPerEm))
        }
        self.face = face
        self.size = size
        self.isSlanted = slanted
        self.settings = variations
        let font = hb_font_create(face.hbFace)!
        let scale = Int32((size * Self.unitsPerPoint).rounded())
        hb_font_set_scale(font, scale, scale)
        var metrics = face.verticalMetrics
        if !variations.isEmpty {
            let hbVariations = variations.map { hb_variation_t(tag: FontAxis.tag($0.tag)!, value: Float($0.value)) }
            hb_font_set_variations(font, hbVariations, UInt32(hbVariations.count))
            // The instance's own ascender, descender and gap (MVAR), in font units.
            let unscaled = hb_font_create(face.hbFace)!
            hb_font_set_variations(unscaled, hbVariations, UInt32(hbVariations.count))
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(unscaled, &extents)
            hb_font_destroy(unscaled)
            metrics = (extents.ascender, extents.descender, max(extents.line_gap, 0))  // as FontFace's
        }
        hb_font_make_immutable(font)
        self.hbFont = face.wideAdvances?.correcting(font) ?? font
        self.glyphAdvances = GlyphAdvances(hbFont: hbFont, glyphCount: Int(hb_face_get_glyph_count(face.hbFace)))
        switch vertical {
        case .font:
            let pointsPerUnit = size / Double(face.unitsPerEm)
            self.ascender = Double(metrics.ascender) * pointsPerUnit
            self.descender = Double(metrics.descender) * pointsPerUnit
            self.lineGap = Double(metrics.lineGap) * pointsPerUnit
        case .sanFrancisco:
            let sf = LineMetrics(sanFranciscoSize: size)
            self.ascender = sf.ascent
            self.descender = -sf.descent
            self.lineGap = sf.gap
        }
        let tracking = face.tracking.map { $0.value(at: size) * size / Double(face.unitsPerEm) } ?? 0
        self.trackingUnits = Int32((tracking * Self.unitsPerPoint).rounded())
        self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).newValue
    }

    deinit { hb_font_destroy(hbFont) }

    /// The height of one line: ascender − descender + line gap, in points (`LineMetrics`).
    public var lineHeight: Double { LineMetrics(font: self).height }

    /// "Inter 17 pt (weight 400)", "Inter 17 pt (weight 400, slanted)", "Roboto Flex 17 pt
    /// (opsz 17, wght 650)".
    public var description: String {
        let style = settings.isEmpty ? "weight \(face.weightClass)"
            : settings.map { "\($0.tag) \($0.value.formatted3)" }.joined(separator: ", ")
        return "\(face.family) \(size.formatted3) pt (\(style)\(isSlanted ? ", slanted" : ""))"
    }

    /// Fonts are equal when they are the same object.
    public static func == (a: Font, b: Font) -> Bool { a === b }

    /// Hashes the font's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
