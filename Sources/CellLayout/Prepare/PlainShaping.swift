import CHarfBuzz
import Synchronization

/// Shaping without HarfBuzz for *plain* text: Latin and common characters that the
/// font's layout tables leave alone (`FontFace.plainScalars`).
///
/// For such text HarfBuzz gives each character its nominal glyph and nominal advance,
/// changed only by pairwise kerning (GPOS pair adjustments of the first glyph's advance,
/// which depend on the pair alone). So a plain run's advances are a table lookup per
/// character plus one per neighbouring pair, and runs of plain words need neither the
/// shape memo nor HarfBuzz. Kerning per pair is asked of HarfBuzz the first time the pair
/// is met (the pair shaped alone, less the two nominal advances) and kept in a dense table.
///
/// `PlainShapingTests` checks the result against HarfBuzz for every word and every pair
/// of the corpora.
///
/// Thread-safe: the kerning table is filled with relaxed atomic stores, and two threads
/// that meet a new pair at once store the same value.
final class PlainShaping: @unchecked Sendable {
    /// The first code unit plain text may hold.
    static let first: UInt16 = 0x20
    /// One past the last: ASCII, Latin-1, Latin Extended-A and -B.
    static let end: UInt16 = 0x250
    private static var span: Int { Int(end - first) }
    /// About the bytes one font's tables hold (the kerning table, mostly).
    static var byteCount: Int { span * (2 + 4) + span * span * 4 }

    /// The font the tables are for.
    let font: Font
    /// The nominal glyph of each code unit from `first`, or 0 where the unit is not plain.
    private let glyphs: [UInt16]
    /// The nominal advance of each code unit from `first`, in layout units.
    private let advances: [Int32]
    /// Kerning of each pair of code units, `span × span`: 0 while not yet measured, else
    /// `kern << 1 | 1`.
    private let kerning: UnsafeMutablePointer<Atomic<Int32>>

    /// Characters that may be plain in some font: no controls, no soft hyphen (a default
    /// ignorable HarfBuzz hides).
    static func mayBePlain(_ unit: UInt16) -> Bool {
        unit >= first && unit < end && !(0x7F...0x9F).contains(unit) && unit != 0xAD
    }

    /// Tables for `font`, or nil when its face has no plain characters.
    init?(font: Font) {
        let plain = font.face.plainScalars
        guard !plain.isEmpty else { return nil }
        self.font = font
        var glyphs = [UInt16](repeating: 0, count: Self.span)
        var advances = [Int32](repeating: 0, count: Self.span)
        for unit in Self.first..<Self.end where plain[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font.hbFont, hb_codepoint_t(unit), &glyph) != 0,
                  glyph != 0, glyph <= UInt16.max else { continue }
            glyphs[Int(unit - Self.first)] = UInt16(glyph)
            advances[Int(unit - Self.first)] = hb_font_get_glyph_h_advance(font.hbFont, glyph)
        }
        self.glyphs = glyphs
        self.advances = advances
        let count = Self.span * Self.span
        kerning = .allocate(capacity: count)
        for i in 0..<count { (kerning + i).initialize(to: Atomic(0)) }
    }

    deinit {
        kerning.deinitialize(count: Self.span * Self.span)
        kerning.deallocate()
    }

    /// Whether `unit` is plain in this font.
    @inline(__always)
    func isPlain(_ unit: UInt16) -> Bool {
        unit >= Self.first && unit < Self.end && glyphs[Int(unit &- Self.first)] != 0
    }

    /// The nominal glyph of a plain `unit`.
    @inline(__always)
    func glyph(_ unit: UInt16) -> UInt16 { glyphs[Int(unit &- Self.first)] }

    /// The nominal advance of a plain `unit`, in layout units.
    @inline(__always)
    func advance(_ unit: UInt16) -> Int32 { advances[Int(unit &- Self.first)] }

    /// The kerning between plain units `left` and `right` (added to `left`'s advance when
    /// `right` follows it), in layout units.
    @inline(__always)
    func kern(_ left: UInt16, _ right: UInt16) -> Int32 {
        let index = Int(left &- Self.first) &* Self.span &+ Int(right &- Self.first)
        let known = kerning[index].load(ordering: .relaxed)
        if known != 0 { return known >> 1 }
        let measured = measureKern(left, right)
        kerning[index].store(measured &<< 1 | 1, ordering: .relaxed)
        return measured
    }

    /// The pair shaped by HarfBuzz, less the two nominal advances.
    private func measureKern(_ left: UInt16, _ right: UInt16) -> Int32 {
        let pair = [left, right]
        let shaped = pair.withUnsafeBufferPointer {
            Shaper.shape($0, font: font, script: HB_SCRIPT_LATIN, isRightToLeft: false)
        }
        return Int32(shaped.width - Int64(advance(left)) - Int64(advance(right)))
    }
}
