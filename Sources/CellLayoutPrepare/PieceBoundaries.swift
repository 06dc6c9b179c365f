import CHarfBuzz
import CellLayoutFontLibrary

/// A proof from a face's layout tables that two neighbouring clusters shaped together are
/// exactly as wide as the two shaped alone, so that a pair met for the first time
/// (`ParagraphBuilder.kerning(in:…)`) need not be shaped: for text of one script and
/// language, left to right.
///
/// Shaped together, the pair's glyphs are the two clusters' glyphs side by side, positioned
/// as alone, when nothing acts across the boundary. Take the last character of the left
/// cluster and the first of the right one — each a non-mark, no default ignorable, drawn by
/// the face — and their nominal glyphs:
/// - Before the lookups, HarfBuzz changes neither character nor joins them: its normalizer
///   composes a character with the one before only when it is a mark, and decomposes a
///   character the face draws only when marks follow it (refused when the right character
///   has a canonical decomposition and its cluster goes on); the Thai and Lao shapers split
///   SARA AM (refused), the Hangul shaper joins conjoining jamo (refused).
/// - No GSUB lookup (of the script's features, and every lookup they call) names the right
///   glyph, and none may replace the left one (`replaceableGlyphs`): neither is ever
///   substituted, and a rule matching across the boundary would hold the right glyph (no
///   lookup may skip base glyphs or ligatures, flags 0x2 and 0x4; a non-mark is not skipped
///   as a mark), so none does. A rule that only matches the left glyph (in its backtrack or
///   lookahead) replaces glyphs of the left cluster, as it does alone.
/// - In GPOS, the subtables that can match two neighbouring non-marks — pair adjustments,
///   cursive attachment, contexts — do not name both glyphs, except pairwise adjustments
///   (`PairKerning`), which must give the pair no value but 0. A single adjustment acts on
///   one glyph; a mark attachment looks back from a mark to the nearest non-mark, which
///   for a mark of the right cluster is in that cluster.
///
/// A left cluster that ends with marks (a base and up to two marks: Thai and Lao vowels
/// and tone marks) meets the right cluster through its base, when the face keeps marks to
/// themselves (`marksStayApart`): its GDEF classes every mark of the cluster as a mark, GSUB
/// turns marks into marks only (`substitutesMarksByMarks`), and every GPOS subtable that
/// may act between neighbours either skips marks or names none (`skipsOrIgnoresMarks`).
/// Then, with the right glyph named by no GSUB lookup, the left cluster's glyphs are those
/// it has alone (no rule reaches the right glyph), its base's nominal glyph among them; a
/// lookup that skips marks pairs that base with the right glyph (held to the conditions
/// above), and one that does not meets a mark it does not name. The normalizer leaves such
/// a cluster as it is when none of its characters decomposes and no two compose.
///
/// Only Thai and Lao are analysed (`scripts`), and faces with AAT tables, a legacy kern table HarfBuzz would use, a `rand`
/// feature (its random alternates depend on how many came before), or tables the reader
/// does not know, are not. The proof is only ever of a zero kerning: any other pair is
/// shaped as before.
package final class PieceBoundaries: @unchecked Sendable {
    /// The HarfBuzz face and its unscaled font (owned by the `FontFace`, which the engine's
    /// analyses hold).
    private let hbFace: OpaquePointer
    private let unscaled: OpaquePointer
    /// Glyphs some GSUB lookup names.
    private let substituted: GlyphSet
    /// Glyphs some GSUB lookup may replace (`replaceableGlyphs`).
    private let replaceable: GlyphSet
    /// Glyphs some GPOS subtable that may match two neighbouring non-marks names, pairwise
    /// adjustments aside.
    private let positioned: GlyphSet
    /// The pairwise adjustments.
    private let pairs: PairKerning
    /// Whether the face's GDEF classifies glyphs (else HarfBuzz classifies by character).
    private let hasGlyphClasses: Bool
    /// Whether marks that end the left cluster stay out of the boundary (see above): the
    /// face classes glyphs, GSUB substitutes marks by marks only, and no GPOS subtable that
    /// may act between neighbours both sees marks and names one.
    private let marksStayApart: Bool

    private init(hbFace: OpaquePointer, unscaled: OpaquePointer, substituted: GlyphSet, replaceable: GlyphSet,
                 positioned: GlyphSet, pairs: PairKerning, marksStayApart: Bool) {
        self.hbFace = hbFace
        self.unscaled = unscaled
        self.substituted = substituted
        self.replaceable = replaceable
        self.positioned = positioned
        self.pairs = pairs
        hasGlyphClasses = hb_ot_layout_has_glyph_classes(hbFace) != 0
        self.marksStayApart = hasGlyphClasses && marksStayApart
    }

    /// The scripts analysed: Thai and Lao, whose HarfBuzz shaper acts across clusters only
    /// as above, and whose pieces (dictionary words) meet many new pairs. The proof holds
    /// for the default shaper's scripts and for Hangul too, but their faces here (Noto Sans
    /// CJK) name most of their glyphs in GSUB: reading those tables cost more than shaping
    /// the pairs it settled.
    private static let scripts: Set<UInt32> = [HB_SCRIPT_THAI.rawValue, HB_SCRIPT_LAO.rawValue]

    /// Features HarfBuzz may apply besides the default ones (`LayoutLookups.defaultFeatures`):
    /// the fraction features around U+2044, the Hangul shaper's jamo features. Counted in.
    private static let otherFeatures: Set<String> = ["frac", "numr", "dnom", "ljmo", "vjmo", "tjmo"]

    /// The analysis of `face` for text of `script` in `language`, or nil when it is refused.
    package static func analyse(_ face: FontFace, script: hb_script_t, language: hb_language_t?) -> PieceBoundaries? {
        guard scripts.contains(script.rawValue) else { return nil }
        let tables = LayoutLookups(face: face.hbFace, candidates: [])
        if tables.hasTablesRefused(script: script, language: language) { return nil }
        let gsub = LayoutLookups.tag("GSUB"), gpos = LayoutLookups.tag("GPOS")
        if tables.hasFeature("rand", in: gsub, script: script, language: language) { return nil }
        let substitutions = tables.lookups(in: gsub, script: script, language: language, also: otherFeatures)
        let positionings = tables.lookups(in: gpos, script: script, language: language, also: otherFeatures)
        guard let called = try? tables.withCalledLookups(in: gsub, substitutions),
              let substituted = try? tables.mentionedGlyphs(in: gsub, lookups: called, .every),
              let replaceable = try? tables.replaceableGlyphs(in: gsub, lookups: called),
              let calledPositionings = try? tables.withCalledLookups(in: gpos, positionings),
              // Lookups only contexts call are read whole, pairwise adjustments too.
              let positioned = try? tables.mentionedGlyphs(in: gpos, lookups: positionings, .positioning(pairwise: false)),
              let calledOnly = try? tables.mentionedGlyphs(in: gpos, lookups: calledPositionings.subtracting(positionings),
                                                           .positioning(pairwise: true)),
              let pairs = PairKerning(face: face.hbFace, font: face.unscaled, lookups: positionings)
        else { return nil }
        let isMark = { (glyph: UInt32) in hb_ot_layout_get_glyph_class(face.hbFace, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK }
        let marksStayApart = (try? tables.substitutesMarksByMarks(in: gsub, lookups: called, isMark: isMark)) == true
            && (try? tables.skipsOrIgnoresMarks(in: gpos, lookups: calledPositionings, isMark: isMark)) == true
        return PieceBoundaries(hbFace: face.hbFace, unscaled: face.unscaled, substituted: substituted,
                               replaceable: replaceable, positioned: positioned.union(calledOnly), pairs: pairs,
                               marksStayApart: marksStayApart)
    }

    /// Whether the clusters `left` and `right` (their code units; neighbours) are proved not
    /// to kern.
    package func provesNoKerning(_ left: UnsafeBufferPointer<UInt16>, _ right: UnsafeBufferPointer<UInt16>) -> Bool {
        guard let last = boundaryCharacter(of: left) else { return false }
        var scalars = right.makeIterator()
        var decoder = UTF16()
        guard case .scalarValue(let first) = decoder.decode(&scalars), Self.isQuiet(first) else { return false }
        // What follows in the cluster must leave its first character as it is: HarfBuzz
        // decomposes a character that marks follow, and composes it with a mark.
        let unicode = hb_unicode_funcs_get_default()
        var decomposing = true
        while case .scalarValue(let next) = decoder.decode(&scalars) {
            var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0, composed: hb_codepoint_t = 0
            if decomposing, hb_unicode_decompose(unicode, first.value, &a, &b) != 0 { return false }
            decomposing = false
            if hb_unicode_compose(unicode, first.value, next.value, &composed) != 0 { return false }
        }
        var left: hb_codepoint_t = 0, right: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(unscaled, last.value, &left) != 0, left != 0,
              hb_font_get_nominal_glyph(unscaled, first.value, &right) != 0, right != 0,
              !replaceable.contains(left), !substituted.contains(right),
              !(positioned.contains(left) && positioned.contains(right)) else { return false }
        if hasGlyphClasses {
            for glyph in [left, right] {
                let glyphClass = hb_ot_layout_get_glyph_class(hbFace, glyph)
                if glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_MARK || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE {
                    return false
                }
            }
        }
        return pairs.kernsNothing(left, right)
    }

    /// The character of the left cluster whose glyph meets the right cluster: its last
    /// when that is quiet (`isQuiet`), else its first when every other is a mark kept apart
    /// (`marksStayApart`: a mark character whose nominal glyph GDEF classes as a mark, none
    /// of them decomposing or composing with one before it); nil otherwise.
    private func boundaryCharacter(of left: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar? {
        var units = left.makeIterator()
        var decoder = UTF16()
        guard case .scalarValue(let first) = decoder.decode(&units) else { return nil }
        // The characters before the one at hand (a kept-apart cluster has at most three)
        // and whether each after the first is a mark kept apart.
        var before: (Unicode.Scalar, Unicode.Scalar?) = (first, nil)
        var last = first, count = 1, marksApart = marksStayApart
        let unicode = hb_unicode_funcs_get_default()
        var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0, composed: hb_codepoint_t = 0
        while true {
            switch decoder.decode(&units) {
            case .scalarValue(let next):
                count += 1
                if marksApart {
                    var glyph: hb_codepoint_t = 0
                    marksApart = Self.isMark(next)
                        && hb_font_get_nominal_glyph(unscaled, next.value, &glyph) != 0 && glyph != 0
                        && hb_ot_layout_get_glyph_class(hbFace, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK
                        && hb_unicode_decompose(unicode, next.value, &a, &b) == 0
                        && hb_unicode_compose(unicode, before.0.value, next.value, &composed) == 0
                        && before.1.map { hb_unicode_compose(unicode, $0.value, next.value, &composed) == 0 } ?? true
                        && count <= 3
                }
                before.1 = next
                last = next
            case .emptyInput:
                if Self.isQuiet(last) { return last }
                guard marksApart, count > 1, Self.isQuiet(first),
                      hb_unicode_decompose(unicode, first.value, &a, &b) == 0 else { return nil }
                return first
            case .error:
                return nil
            }
        }
    }

    /// A non-spacing, spacing or enclosing mark (HarfBuzz's general category).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar.value) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
             HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
            return true
        default:
            return false
        }
    }

    /// A character HarfBuzz neither joins to its neighbour nor skips: no mark, no default
    /// ignorable, control or unassigned character, no conjoining jamo or Hangul filler, no
    /// SARA AM, no fraction slash. The general category is HarfBuzz's own (a table read;
    /// the standard library's took ~350 instructions); the default ignorables that are not
    /// marks or format characters are the Hangul fillers, listed.
    private static func isQuiet(_ scalar: Unicode.Scalar) -> Bool {
        switch hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar.value) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
             HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK, HB_UNICODE_GENERAL_CATEGORY_FORMAT,
             HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_SURROGATE,
             HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED, HB_UNICODE_GENERAL_CATEGORY_PRIVATE_USE:
            return false
        default:
            break
        }
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x3164, 0xFFA0, 0x0E33, 0x0EB3, 0x2044: return false
        default: return true
        }
    }
}
