import CHarfBuzz

/// Glyph advances of 32,768 font units or more, read as the OpenType spec has them.
///
/// `hmtx` advance widths are `UFWORD`, unsigned 16-bit: 0…65,535 units are legal, and
/// CoreText and FreeType read them so. HarfBuzz 6.0.0 scales a static font's advance
/// through `em_scale_x(int16_t)`, so one of 32,768 or more comes out 65,536 units short
/// (negative): a legal font with wide glyphs measured 0 pt wide (issue 21). For a face
/// that has such glyphs, its HarfBuzz fonts are sub-fonts whose advance functions add the
/// 65,536 units back: exactly `x_mult` in HarfBuzz's own fixed point (`(scale << 16) /
/// upem`), since `((v + 65536) × m) >> 16 = ((v × m) >> 16) + m`. A font with variation
/// coordinates takes HarfBuzz's float path, which reads the advance unsigned, and is left
/// alone.
package final class WideAdvances: @unchecked Sendable {
    /// One bit per glyph, set where the advance is 32,768 units or more.
    private let wide: [UInt64]
    private let unitsPerEm: Int64
    /// The advance functions of the faces' fonts (immutable, shared by every font of it).
    let funcs: OpaquePointer

    /// The wide glyphs of `face`, or nil when it has none (the usual case: nothing changes).
    static func of(_ face: OpaquePointer) -> WideAdvances? {
        let hhea = hb_face_reference_table(face, hb_tag("hhea")), hmtx = hb_face_reference_table(face, hb_tag("hmtx"))
        defer {
            hb_blob_destroy(hhea)
            hb_blob_destroy(hmtx)
        }
        var headerLength: UInt32 = 0, length: UInt32 = 0
        guard let header = hb_blob_get_data(hhea, &headerLength), headerLength >= 36,
              let metrics = hb_blob_get_data(hmtx, &length) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: metrics, count: Int(length))
        let u16 = { (data: UnsafePointer<CChar>, at: Int) in Int(UInt8(bitPattern: data[at])) << 8 | Int(UInt8(bitPattern: data[at + 1])) }
        let longMetrics = min(u16(header, 34), bytes.count / 4)
        let glyphs = Int(hb_face_get_glyph_count(face))
        guard longMetrics > 0 else { return nil }
        var wide = [UInt64](repeating: 0, count: glyphs / 64 + 1)
        var any = false
        for g in 0..<glyphs {
            // Glyphs past the long metrics share the last advance.
            let m = min(g, longMetrics - 1)
            if Int(bytes[4 * m]) << 8 | Int(bytes[4 * m + 1]) >= 0x8000 {
                wide[g >> 6] |= 1 << UInt64(g & 63)
                any = true
            }
        }
        return any ? WideAdvances(wide: wide, unitsPerEm: Int64(hb_face_get_upem(face))) : nil
    }

    private init(wide: [UInt64], unitsPerEm: Int64) {
        self.wide = wide
        self.unitsPerEm = unitsPerEm
        funcs = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advances_func(funcs, { font, _, count, firstGlyph, glyphStride, firstAdvance, advanceStride, data in
            let parent = hb_font_get_parent(font)
            hb_font_get_glyph_h_advances(parent, count, firstGlyph, glyphStride, firstAdvance, advanceStride)
            var coordinates: UInt32 = 0
            _ = hb_font_get_var_coords_normalized(parent, &coordinates)
            guard coordinates == 0, let data, let firstGlyph, let firstAdvance else { return }
            let me = Unmanaged<WideAdvances>.fromOpaque(data).takeUnretainedValue()
            var xScale: Int32 = 0, yScale: Int32 = 0
            hb_font_get_scale(parent, &xScale, &yScale)
            let mult = (Int64(xScale) << 16) / me.unitsPerEm
            let glyphs = UnsafeRawPointer(firstGlyph), advances = UnsafeMutableRawPointer(firstAdvance)
            for i in 0..<Int(count) {
                let glyph = Int(glyphs.load(fromByteOffset: i * Int(glyphStride), as: hb_codepoint_t.self))
                guard glyph >> 6 < me.wide.count, me.wide[glyph >> 6] & (1 << UInt64(glyph & 63)) != 0 else { continue }
                let at = advances + i * Int(advanceStride)
                at.storeBytes(of: at.load(as: hb_position_t.self) &+ hb_position_t(truncatingIfNeeded: mult), as: hb_position_t.self)
            }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        hb_font_funcs_make_immutable(funcs)
    }

    deinit { hb_font_funcs_destroy(funcs) }

    /// `font` (scaled, not yet immutable) as HarfBuzz should have read it: a sub-font with
    /// these advance functions, which takes `font`'s reference; immutable.
    func correcting(_ font: OpaquePointer) -> OpaquePointer {
        hb_font_make_immutable(font)
        let sub = hb_font_create_sub_font(font)!
        hb_font_destroy(font)
        hb_font_set_funcs(sub, funcs, nil, nil)
        hb_font_make_immutable(sub)
        return sub
    }
}

/// HarfBuzz's tag of four ASCII characters.
private func hb_tag(_ name: String) -> hb_tag_t {
    name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
}
