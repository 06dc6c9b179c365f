import CHarfBuzz
import Synchronization
import CellLayoutFontLibrary

/// The CJK letters and punctuation a face draws, in text of one script and language, as
/// their nominal glyphs at their nominal advances, changed by nothing but pairwise
/// kerning, whatever their neighbours are: what lets a run of ideographs in a font that
/// covers them (Noto Sans CJK, found by fallback) be measured from the font's tables as
/// one piece instead of being shaped a break segment at a time.
///
/// The characters are `PlainShaping.notdefCandidates` (Han, Hiragana, Katakana, Bopomofo
/// and Hangul letters, CJK punctuation and fullwidth forms; no mark, space, format
/// character, default ignorable or emoji), each one cluster. A glyph of theirs is *plain*
/// when it is no mark and no lookup HarfBuzz applies to the script and language
/// (`LayoutLookups`) can start to act at it in text of such glyphs, pairwise kerning
/// aside — the analysis that makes Latin plain (`PlainFace`). For such glyphs HarfBuzz's
/// result for a run is the nominal glyphs and advances plus, between neighbours, the pair
/// adjustment of the one lookup that covers the left glyph; shaped a segment at a time,
/// each segment gives the same inside it, and the engine adds the same pair adjustment
/// across segment boundaries (`ParagraphBuilder.kerning`, the width of the pair shaped
/// together less the two alone). So one piece measured from the tables equals the
/// per-segment pieces, kerning across their boundaries included (`IdeographRunTests`).
///
/// None for faces with AAT tables (morx, kerx, trak), a legacy kern table HarfBuzz would
/// use, or layout tables the analysis cannot read.
package final class IdeographFace: Sendable {
    /// One bit per glyph id: the plain glyphs.
    private let plain: [UInt64]
    /// One bit per glyph id: plain glyphs some pairwise adjustment covers as the left glyph
    /// of a pair (their kerning with the next glyph may be nonzero).
    private let kerned: [UInt64]
    /// Per BMP code unit: its nominal glyph when that glyph is plain, else 0 — a load
    /// instead of a cmap lookup through HarfBuzz (~240 instructions) per CJK character.
    private let plainGlyphs: [UInt16]
    /// The pair adjustments of the face's positioning lookups for the script and language
    /// (nil when they cannot be read: every pair is shaped).
    private let pairs: PairKerning?

    private init(plain: [UInt64], kerned: [UInt64], plainGlyphs: [UInt16], pairs: PairKerning?) {
        self.plain = plain
        self.kerned = kerned
        self.plainGlyphs = plainGlyphs
        self.pairs = pairs
    }

    /// Whether `glyph` is plain.
    @inline(__always)
    package func isPlain(_ glyph: UInt32) -> Bool { Self.bit(plain, glyph) }

    /// The nominal glyph of the CJK character `unit` (`PlainShaping.isNotdefCandidate`)
    /// when it is plain, else 0: `isPlain` of the face's own cmap answer, read from a table.
    @inline(__always)
    package func plainGlyph(_ unit: UInt16) -> UInt16 { plainGlyphs[Int(unit)] }

    /// Whether the plain `glyph` may be kerned with the glyph after it.
    @inline(__always)
    package func mayKern(_ glyph: UInt32) -> Bool { Self.bit(kerned, glyph) }

    /// The kerning HarfBuzz puts between the plain glyphs `left` and `right` (neighbours) in
    /// `font` (of this face, its advances the face's: `Font.usesFaceTables`), read from the
    /// pair adjustments instead of shaped: for plain glyphs only the pairwise adjustments
    /// of one lookup act (the analysis, as for `PlainFace`), so the kerning is that record,
    /// scaled as HarfBuzz scales it. Nil when either glyph is not plain or the tables do not
    /// settle it (`PairKerning.kern`): shape the pair.
    package func kerning(_ left: UInt16, _ right: UInt16, in font: Font) -> Int32? {
        guard isPlain(UInt32(left)), isPlain(UInt32(right)),
              let units = pairs?.kern(UInt32(left), UInt32(right)) else { return nil }
        return units == 0 ? 0 : PlainShaping.scaled(Int64(units), PlainShaping.multiplier(of: font))
    }

    @inline(__always)
    private static func bit(_ bits: [UInt64], _ glyph: UInt32) -> Bool {
        let word = Int(glyph >> 6)
        return word < bits.count && bits[word] & (1 << UInt64(glyph & 63)) != 0
    }

    /// About the bytes held.
    package var byteCount: Int { (plain.count + kerned.count) * 8 + plainGlyphs.count * 2 }

    /// The lookups HarfBuzz applies to text of `script` in `language` in `face` (GSUB,
    /// GPOS), or nil when the face has tables the analysis refuses: AAT tables, or a
    /// legacy kern table HarfBuzz would use (GPOS has no kern feature for the script).
    package static func lookups(_ face: FontFace, script: hb_script_t, language: hb_language_t?) -> Lookups? {
        let lookups = LayoutLookups(face: face.hbFace, candidates: [])
        if lookups.hasTablesRefused(script: script, language: language) { return nil }
        let gsub = LayoutLookups.tag("GSUB"), gpos = LayoutLookups.tag("GPOS")
        return Lookups(substitutions: lookups.lookups(in: gsub, script: script, language: language),
                       positionings: lookups.lookups(in: gpos, script: script, language: language))
    }

    /// The lookups of GSUB and GPOS that text of one script and language gets.
    package struct Lookups: Hashable, Sendable {
        package let substitutions: Set<UInt32>
        let positionings: Set<UInt32>
    }

    /// The face's CJK characters with their nominal glyphs, and those glyphs that are no
    /// mark (`candidates`): what the analysis starts from whatever the script and language,
    /// worked out once per face and shared by its analyses (a CJK face is analysed once per
    /// language — Chinese, Japanese and Korean text select different lookups — and the cmap
    /// pass is most of an analysis's cost).
    package struct Candidates: Sendable {
        /// Per BMP code unit: the nominal glyph of a candidate character, else 0.
        let nominal: [UInt16]
        /// One bit per glyph id: the candidates' nominal glyphs that are no mark.
        let glyphs: [UInt64]
    }

    /// The face's `Candidates`, or nil when it draws no candidate character.
    ///
    /// The candidates the face covers are looked up in its cmap in one batch
    /// (`hb_font_get_nominal_glyphs`) and their glyphs tested against GDEF's mark class taken
    /// once as a set: one `hb_font_get_nominal_glyph` and one `hb_ot_layout_get_glyph_class`
    /// call per CJK character cost a new engine ~16 M instructions for Noto Sans CJK before its
    /// first ideograph (the start of every international cold pass, which both threads of a
    /// two-thread pass wait on).
    package static func candidates(of face: FontFace) -> Candidates? {
        let hbFace = face.hbFace
        let words = (Int(hb_face_get_glyph_count(hbFace)) + 63) / 64
        // `covers` is the cmap's own set: a character outside it has no nominal glyph.
        var characters: [hb_codepoint_t] = []
        for (w, bits) in PlainShaping.notdefCandidates.enumerated() where bits != 0 {
            for b in 0..<64 where bits & (1 << UInt64(b)) != 0 {
                let value = UInt32(w * 64 + b)
                if let scalar = Unicode.Scalar(value), face.covers(scalar) { characters.append(value) }
            }
        }
        var found = [hb_codepoint_t](repeating: 0, count: characters.count)
        var done = 0
        while done < characters.count {
            // Stops at a character without a glyph (left 0), which the next call skips.
            done += 1 + Int(characters.withUnsafeBufferPointer { characters in
                found.withUnsafeMutableBufferPointer { found in
                    hb_font_get_nominal_glyphs(face.unscaled, UInt32(characters.count - done), characters.baseAddress! + done,
                                               4, found.baseAddress! + done, 4)
                }
            })
        }
        let marks = markGlyphs(of: hbFace, words: words)
        var glyphs = [UInt64](repeating: 0, count: words)
        var nominal = [UInt16](repeating: 0, count: 1 << 16)
        for (value, glyph) in zip(characters, found) where glyph != 0 && glyph <= 0xFFFF {
            nominal[Int(value)] = UInt16(glyph)
            let word = Int(glyph >> 6), bit: UInt64 = 1 << UInt64(glyph & 63)
            guard word < words, marks[word] & bit == 0 else { continue }
            glyphs[word] |= bit
        }
        guard glyphs.contains(where: { $0 != 0 }) else { return nil }
        return Candidates(nominal: nominal, glyphs: glyphs)
    }

    /// One bit per glyph id below `64 × words`: the glyphs GDEF classes as marks.
    static func markGlyphs(of face: OpaquePointer, words: Int) -> [UInt64] {
        var marks = [UInt64](repeating: 0, count: words)
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_ot_layout_get_glyphs_in_class(face, HB_OT_LAYOUT_GLYPH_CLASS_MARK, set)
        var glyph = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &glyph) != 0, Int(glyph >> 6) < words {
            marks[Int(glyph >> 6)] |= 1 << UInt64(glyph & 63)
        }
        return marks
    }

    /// The analysis of the face whose `candidates` these are, for text that gets `lookups`,
    /// or nil when no CJK glyph of the face is plain in it or its tables cannot be read.
    static func analyse(_ face: FontFace, candidates: Candidates, lookups: Lookups) -> IdeographFace? {
        try? make(face, candidates: candidates, lookups: lookups)
    }

    private static func make(_ face: FontFace, candidates: Candidates, lookups selected: Lookups) throws
        -> IdeographFace? {
        let hbFace = face.hbFace
        let gsub = LayoutLookups.tag("GSUB"), gpos = LayoutLookups.tag("GPOS")
        let words = candidates.glyphs.count
        let lookups = LayoutLookups(face: hbFace, candidates: candidates.glyphs)
        let acting = try lookups.actingGlyphs(in: gsub, lookups: selected.substitutions)
            .union(try lookups.actingGlyphs(in: gpos, lookups: selected.positionings))
        let touched = try lookups.actingGlyphs(in: gpos, lookups: selected.positionings, pairwiseActs: true)
        var plain = candidates.glyphs, kerned = [UInt64](repeating: 0, count: words)
        for glyph in acting where Int(glyph >> 6) < words { plain[Int(glyph >> 6)] &= ~(1 << UInt64(glyph & 63)) }
        for glyph in touched where Int(glyph >> 6) < words {
            kerned[Int(glyph >> 6)] |= plain[Int(glyph >> 6)] & (1 << UInt64(glyph & 63))
        }
        guard plain.contains(where: { $0 != 0 }) else { return nil }
        var nominal = candidates.nominal
        for (unit, glyph) in nominal.enumerated() where glyph != 0 && !bit(plain, UInt32(glyph)) { nominal[unit] = 0 }
        return IdeographFace(plain: plain, kerned: kerned, plainGlyphs: nominal,
                             pairs: PairKerning(face: hbFace, font: face.unscaled, lookups: selected.positionings))
    }
}
