import CHarfBuzz
import CellLayoutFontLibrary

/// Shaping without HarfBuzz for *plain* text: Latin, Greek, Cyrillic and common
/// characters that the font's layout tables leave alone (`PlainFace`).
///
/// For such text HarfBuzz gives each character its nominal glyph and nominal advance,
/// changed only by pairwise kerning (GPOS pair adjustments of the first glyph's advance,
/// which depend on the pair alone). So a plain run's advances are a table lookup per
/// character plus one per neighbouring pair, and runs of plain words need neither the
/// shape memo nor HarfBuzz.
///
/// This is the per-size half: the advances at the font's size. The kerning is kept per
/// face in font units (`PlainFace`) and scaled here as HarfBuzz scales a GPOS value
/// record, `(v × mult + 32768) >> 16` with `mult = (scale << 16) / unitsPerEm` — checked
/// when the tables are made against HarfBuzz's own scaling of every plain glyph's
/// advance, which goes through the same rounding.
///
/// `PlainShapingTests` checks the result against HarfBuzz for every word and every pair
/// of the corpora.
package final class PlainShaping: Sendable {
    /// The first code unit plain text may hold.
    package static let first: UInt16 = 0x20
    /// One past the last: Latin (to Latin Extended-B, U+024F), Greek and Coptic,
    /// Cyrillic and Cyrillic Supplement (U+052F).
    package static let end: UInt16 = 0x530
    /// About the bytes one font's own tables hold (the face's are counted with the face).
    package static var byteCount: Int { Int(end - first) * MemoryLayout<Unit>.stride + 64 }

    /// The scripts plain text may be in.
    package enum ScriptClass: UInt8 {
        case common = 1, latin = 2, greek = 4, cyrillic = 8

        /// The HarfBuzz script.
        package var script: hb_script_t {
            switch self {
            case .common: HB_SCRIPT_COMMON
            case .latin: HB_SCRIPT_LATIN
            case .greek: HB_SCRIPT_GREEK
            case .cyrillic: HB_SCRIPT_CYRILLIC
            }
        }

        /// The language the engine shapes the script in (`Shaper.language(for:preferred:)`).
        package var language: hb_language_t? { Shaper.language(for: script, preferred: nil) }
    }

    /// The font the tables are for.
    package let font: Font
    /// The face's tables.
    package let face: PlainFace
    /// What a plain run reads of each code unit from `first` (all zero where the unit is
    /// not plain): one entry a unit, where the glyph, the kerning row and the advance were
    /// three tables (each read with its bounds check, ~40 instructions a unit of Latin text).
    private let units: [Unit]
    /// HarfBuzz's multiplier from font units to layout units at the font's size.
    private let mult: Int64
    /// The advance of the .notdef glyph in layout units, when characters the face lacks
    /// may be measured as it (`PlainFace.notdefIsPlain`); else nil.
    package let notdefAdvance: Int32?
    /// Whether the face maps any Hangul syllable or conjoining jamo (`decomposesToCovered`).
    private let coversHangul: Bool

    /// A plain code unit as a run measures it.
    package struct Unit {
        /// Its nominal advance at the font's size, in layout units.
        package let advance: Int32
        /// Its nominal glyph.
        package let glyph: UInt16
        /// Its row in the face's kerning table (`PlainFace.row(_:)`).
        package let row: UInt16
    }

    /// Characters that may be plain in some font: Latin, Greek, Cyrillic or Common, no
    /// controls, no soft hyphen (a default ignorable HarfBuzz hides), nothing that extends
    /// a grapheme cluster (so a plain character is a cluster of its own).
    package static func mayBePlain(_ unit: UInt16) -> Bool {
        guard unit >= first, unit < end, !(0x7F...0x9F).contains(unit), unit != 0xAD,
              let scalar = Unicode.Scalar(unit) else { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format: return false
        default: break
        }
        return !properties.isGraphemeExtend && scriptClasses[Int(unit - first)] != 0
    }

    /// The script class of a code unit in the plain range (`ScriptClass` raw value; 0 for
    /// other scripts and Inherited), from the same script property the itemizer reads.
    private static let scriptClasses: [UInt8] = (first..<end).map { unit in
        switch Shaper.script(of: Unicode.Scalar(unit)!) {
        case HB_SCRIPT_COMMON: ScriptClass.common.rawValue
        case HB_SCRIPT_LATIN: ScriptClass.latin.rawValue
        case HB_SCRIPT_GREEK: ScriptClass.greek.rawValue
        case HB_SCRIPT_CYRILLIC: ScriptClass.cyrillic.rawValue
        default: 0
        }
    }

    /// The script class of a unit in the plain range.
    @inline(__always)
    package static func scriptClass(_ unit: UInt16) -> ScriptClass {
        ScriptClass(rawValue: scriptClasses[Int(unit &- first)]) ?? .common
    }

    /// The script classes (`ScriptClass` bits) of the units `base[units]` together, or nil
    /// when one of them is not plain in this font. The class table is read once, not once
    /// per unit (a global's lazy-initialization check a unit was 1 % of preparing Latin text).
    func scriptClasses(of base: UnsafePointer<UInt16>, _ units: Range<Int>) -> UInt8? {
        Self.scriptClasses.withUnsafeBufferPointer { classes in
            face.glyphs.withUnsafeBufferPointer { glyphs in
                // Both tables run from `first` to `end`: a unit below `first` wraps past it.
                var bits: UInt8 = 0
                for i in units {
                    let k = Int(base[i] &- Self.first)
                    guard k < glyphs.count, glyphs[k] != 0 else { return nil }
                    bits |= classes[k]
                }
                return bits
            }
        }
    }

    /// Tables for `font`, or nil when its face has no plain characters or HarfBuzz does
    /// not scale its advances as `kern(_:_:)` scales kerning.
    /// - Parameters:
    ///   - font: the font (none for a varied or tracked one: `Font.usesFaceTables`).
    ///   - analyses: where its face's `PlainFace` is kept.
    package init?(font: Font, analyses: FaceAnalyses) {
        guard font.usesFaceTables, let face = analyses.plainFace(of: font.face) else { return nil }
        let mult = Self.multiplier(of: font)
        var units = [Unit](repeating: Unit(advance: 0, glyph: 0, row: 0), count: face.glyphs.count)
        for (i, glyph) in face.glyphs.enumerated() where glyph != 0 {
            let atSize = hb_font_get_glyph_h_advance(font.hbFont, hb_codepoint_t(glyph))
            let unscaled = Int64(hb_font_get_glyph_h_advance(font.face.unscaled, hb_codepoint_t(glyph)))
            guard atSize == Self.scaled(unscaled, mult) else { return nil }
            units[i] = Unit(advance: atSize, glyph: glyph, row: face.row(Self.first + UInt16(i)))
        }
        self.font = font
        self.face = face
        self.units = units
        self.mult = mult
        notdefAdvance = face.notdefIsPlain ? hb_font_get_glyph_h_advance(font.hbFont, 0) : nil
        coversHangul = font.face.coversAny(0x1100...0x11FF) || font.face.coversAny(0xAC00...0xD7A3)
    }

    /// Whether HarfBuzz draws the one-character cluster `scalar`, which the font lacks
    /// (the caller knows), as the font's .notdef glyph at its nominal advance, unkerned,
    /// whatever its neighbours are — when a piece of such clusters is shaped left to right
    /// in a script of HarfBuzz's default or Hangul shaper (`shapesNotdef(_:)`). So text
    /// no font of the chain covers (CJK without a CJK font, most often) needs no shaping.
    ///
    /// The characters (`notdefCandidates`): Han, Hiragana, Katakana, Bopomofo and Hangul
    /// letters and CJK punctuation, none a mark, format or space character, default
    /// ignorable or emoji — and none whose canonical decomposition (a voiced kana, a
    /// Hangul syllable, a compatibility ideograph) holds a character the font has, which
    /// HarfBuzz's normalizer would draw instead.
    @inline(__always)
    package func drawsAsNotdef(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard notdefAdvance != nil, value < 0x10000,
              Self.notdefCandidates[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 else { return false }
        return !decomposesToCovered(value)
    }

    /// `drawsAsNotdef(_:)` for any character: false for one the font covers.
    @inline(__always)
    package func lacksAndDrawsAsNotdef(_ scalar: Unicode.Scalar) -> Bool {
        !font.face.covers(scalar) && drawsAsNotdef(scalar)
    }

    /// Whether the canonical decomposition of `value`, followed all the way down, holds a
    /// character the font covers. A Hangul syllable decomposes only to a syllable and
    /// conjoining jamo (U+1100–U+11FF), so in a font with neither (`coversHangul`) it holds
    /// none: no decomposition to follow per syllable of Korean text in a Latin font.
    /// (The two parts one by one: an array of them was allocated per call, three times per
    /// Hangul syllable, which decomposes to two parts and its LV part to two more.)
    private func decomposesToCovered(_ value: UInt32) -> Bool {
        if !coversHangul, (0xAC00...0xD7A3).contains(value) { return false }
        var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0
        guard hb_unicode_decompose(Self.unicodeFunctions, value, &a, &b) != 0 else { return false }
        return partIsCovered(a) || partIsCovered(b)
    }

    /// Whether a part of a decomposition (0: none) is covered, or decomposes to one that is.
    private func partIsCovered(_ part: hb_codepoint_t) -> Bool {
        guard part != 0, let scalar = Unicode.Scalar(part) else { return false }
        return font.face.covers(scalar) || decomposesToCovered(part)
    }

    nonisolated(unsafe) private static let unicodeFunctions = hb_unicode_funcs_get_default()

    /// Whether a piece in `script` (a resolved script) is shaped by HarfBuzz's default
    /// shaper or its Hangul shaper, which leave .notdef glyphs of `drawsAsNotdef` alone.
    static func shapesNotdef(_ script: hb_script_t) -> Bool {
        switch script {
        case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO, HB_SCRIPT_HANGUL,
             HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_COMMON: true
        default: false
        }
    }

    /// The characters of `drawsAsNotdef`, one bit per BMP code point, worked out once from
    /// HarfBuzz's Unicode data (script, general category). Swift's property lookups (default
    /// ignorable, emoji, grapheme extend: none of them holds for a Han character or a Hangul
    /// syllable) are asked only for the few thousand other characters of these scripts.
    /// `NotdefShapingTests` checks the table against the rule spelled with Swift's
    /// properties alone.
    package static let notdefCandidates: [UInt64] = {
        let unicode = unicodeFunctions
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in UInt32(0x2E80)..<0x10000 {
            let script = hb_unicode_script(unicode, value)
            let isHan = script == HB_SCRIPT_HAN, isSyllable = (0xAC00...0xD7A3).contains(value)
            switch script {
            case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO, HB_SCRIPT_HANGUL: break
            case HB_SCRIPT_COMMON where (0x3001...0x303F).contains(value) || (0x30FB...0x30FC).contains(value)
                || (0xFF01...0xFF9F).contains(value): break
            default: continue
            }
            switch hb_unicode_general_category(unicode, value) {
            case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
                 HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK, HB_UNICODE_GENERAL_CATEGORY_CONTROL,
                 HB_UNICODE_GENERAL_CATEGORY_FORMAT, HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR,
                 HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR, HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR,
                 HB_UNICODE_GENERAL_CATEGORY_SURROGATE, HB_UNICODE_GENERAL_CATEGORY_PRIVATE_USE,
                 HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED: continue
            default: break
            }
            if !isHan, !isSyllable {
                guard let properties = Unicode.Scalar(value)?.properties, !properties.isDefaultIgnorableCodePoint,
                      !properties.isEmoji, !properties.isGraphemeExtend else { continue }
            }
            bits[Int(value >> 6)] |= 1 << UInt64(value & 63)
        }
        return bits
    }()

    /// Whether `unit` is one of the characters of `drawsAsNotdef` (CJK letters and
    /// punctuation, `notdefCandidates`), whichever font draws it.
    @inline(__always)
    static func isNotdefCandidate(_ unit: UInt16) -> Bool {
        unit >= 0x2E80 && notdefCandidates[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
    }

    /// Whether `unit` is plain in this font.
    @inline(__always)
    package func isPlain(_ unit: UInt16) -> Bool {
        unit >= Self.first && unit < Self.end && face.glyphs[Int(unit &- Self.first)] != 0
    }

    /// Whether text of `script` (a resolved script) may be shaped plain in this font.
    @inline(__always)
    func shapesPlain(_ script: hb_script_t) -> Bool {
        let bit: PlainShaping.ScriptClass? = switch script {
        case HB_SCRIPT_LATIN: .latin
        case HB_SCRIPT_COMMON: .common
        case HB_SCRIPT_CYRILLIC: .cyrillic
        case HB_SCRIPT_GREEK: .greek
        default: nil
        }
        return bit.map { face.scripts & $0.rawValue != 0 } ?? false
    }

    /// The nominal glyph of a plain `unit`.
    @inline(__always)
    package func glyph(_ unit: UInt16) -> UInt16 { units[Int(unit &- Self.first)].glyph }

    /// The nominal advance of a plain `unit`, in layout units.
    @inline(__always)
    package func advance(_ unit: UInt16) -> Int32 { units[Int(unit &- Self.first)].advance }

    /// `body` on the table of `Unit`s, indexed by code unit less `first` (a piece's loop
    /// reads it without bounds checks: its units are plain, so in the table).
    @inline(__always)
    func withUnits<R>(_ body: (UnsafePointer<Unit>) -> R) -> R {
        units.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The kerning between plain units `left` and `right` (added to `left`'s advance when
    /// `right` follows it in the same script), in layout units.
    @inline(__always)
    package func kern(_ left: UInt16, _ right: UInt16) -> Int32 {
        Self.scaled(face.kern(left, right), mult)
    }

    /// The kerning of pairs as a loop over a piece reads it (`Pairs`).
    var pairs: Pairs { Pairs(table: face.kerningTable, mult: mult) }

    /// `kern(_:_:)` for a loop over a piece's pairs, of pairs met before: the face's table
    /// and the font's multiplier read once a piece, the units' rows from their entries
    /// (`withUnits`).
    struct Pairs {
        let table: PlainFace.KerningTable
        let mult: Int64

        /// The kerning between the units of entries `l` and `r` in layout units, or nil when
        /// the pair was never met (`kern` measures it).
        @inline(__always)
        func known(_ l: Unit, _ r: Unit) -> Int32? {
            table.known(rows: l.row, r.row).map { PlainShaping.scaled($0, mult) }
        }
    }

    /// Kerning in font units at the size of `mult` (0 stays 0 without the multiplication).
    @inline(__always)
    fileprivate static func scaled(_ units: Int32, _ mult: Int64) -> Int32 {
        units == 0 ? 0 : scaled(Int64(units), mult)
    }

    /// HarfBuzz's multiplier from font units to layout units at `font`'s size:
    /// `(scale << 16) / unitsPerEm`.
    package static func multiplier(of font: Font) -> Int64 {
        var xScale: Int32 = 0, yScale: Int32 = 0
        hb_font_get_scale(font.hbFont, &xScale, &yScale)
        return (Int64(xScale) << 16) / Int64(font.face.unitsPerEm)
    }

    /// `units` (font units) at the size of `mult` (`multiplier(of:)`), as HarfBuzz scales a
    /// GPOS value record: `(units × mult + 32768) >> 16`.
    @inline(__always)
    package static func scaled(_ units: Int64, _ mult: Int64) -> Int32 {
        Int32(truncatingIfNeeded: (units * mult + 32768) >> 16)
    }
}
