import CHarfBuzz

/// The plain-shaping analysis of a face (`PlainShaping`), worked out here in Prepare from
/// the face's layout tables (`LayoutLookups`) and cached on the face.
extension FontFace {
    /// The characters below `PlainShaping.end` that HarfBuzz shapes in this face as
    /// their nominal glyphs with nominal advances, changed by nothing but pairwise kerning,
    /// whatever their neighbours are — one bit per code point, or none. See `PlainShaping`.
    ///
    /// Worked out once per face from its layout tables (`LayoutLookups`): a character is
    /// plain when its glyph is no mark and no lookup of the default features can start
    /// to act at it in text of such glyphs. Empty for faces with AAT tables (morx, kerx,
    /// trak), a legacy kern table without GPOS kerning, lookup sets that differ between
    /// Latin and Common text, or tables the analysis cannot read.
    var plainScalars: [UInt64] {
        if let known = plainAnalysis.withLock({ $0 }) { return known }
        let bits = (try? analysePlainScalars()) ?? []
        plainAnalysis.withLock { $0 = bits }
        return bits
    }

    private func analysePlainScalars() throws -> [UInt64] {
        func has(_ table: String) -> Bool {
            let blob = hb_face_reference_table(hbFace, LayoutLookups.tag(table))
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
        if has("morx") || has("mort") || has("kerx") || has("trak") { return [] }
        let gsub = LayoutLookups.tag("GSUB"), gpos = LayoutLookups.tag("GPOS")

        var candidates = [UInt64](repeating: 0, count: (Int(hb_face_get_glyph_count(hbFace)) + 63) / 64)
        var glyphOf: [UInt16: UInt32] = [:]
        for unit in PlainShaping.first..<PlainShaping.end where PlainShaping.mayBePlain(unit) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(unscaled, hb_codepoint_t(unit), &glyph) != 0, glyph != 0,
                  Int(glyph >> 6) < candidates.count,
                  hb_ot_layout_get_glyph_class(hbFace, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK else { continue }
            glyphOf[unit] = glyph
            candidates[Int(glyph >> 6)] |= 1 << UInt64(glyph & 63)
        }
        let lookups = LayoutLookups(face: hbFace, candidates: candidates)
        // HarfBuzz kerns with the legacy table (which may kern the second glyph, or be a
        // state machine) when GPOS has no kern feature for the script it selects.
        if has("kern"), ![HB_SCRIPT_LATIN, HB_SCRIPT_COMMON].allSatisfy({
            lookups.hasFeature("kern", in: gpos, script: $0)
        }) { return [] }
        var acting = Set<UInt32>()
        for table in [gsub, gpos] {
            let latin = lookups.lookups(in: table, script: HB_SCRIPT_LATIN)
            guard latin == lookups.lookups(in: table, script: HB_SCRIPT_COMMON) else { return [] }
            acting.formUnion(try lookups.actingGlyphs(in: table, lookups: latin))
        }
        var bits = [UInt64](repeating: 0, count: (Int(PlainShaping.end) + 63) / 64)
        for (unit, glyph) in glyphOf where !acting.contains(glyph) {
            bits[Int(unit >> 6)] |= 1 << UInt64(unit & 63)
        }
        return bits
    }
}
