import CellLayoutCore
import CHarfBuzz
import Foundation
import Synchronization

/// One font file's face: its names, weight and glyph coverage, size-independent.
///
/// Sendable because the HarfBuzz face and the unscaled font it holds are made immutable
/// right after creation, and HarfBuzz documents immutable objects as safe to use from
/// any thread.
public final class FontFace: @unchecked Sendable {
    /// The file the face was loaded from.
    public let path: String
    /// The face's index inside its file (0 but in a collection, `.ttc`).
    public let index: UInt32
    /// The typographic family name (name ID 16, else 1), e.g. "Inter".
    public let family: String
    /// The OpenType weight class, 100 … 900.
    public let weightClass: Int
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// Font units per em.
    public let unitsPerEm: Int32
    /// The Han orthography the face was designed for ("ja", "ko", "zh-Hans", "zh-Hant",
    /// "zh-HK"; `TextLanguage.han`), or nil: from its `meta` table's design languages
    /// (`dlng`), else from the region its family name ends with, as the CJK collections
    /// name their faces (Noto Sans CJK JP, KR, SC, TC, HK; Source Han Sans K, SC, TC, HC).
    /// Falling back for Han in a language, the face of its orthography comes first.
    public let designLanguage: String?
    /// Whether the face draws in color (CBDT/sbix bitmaps, COLR layers or SVG glyphs): an
    /// emoji font, preferred for clusters shown as emoji.
    public let isColor: Bool
    /// The design axes of a variable font (`fvar`), empty for any other.
    public let axes: [FontAxis]
    /// The horizontal `trak` table, when the face has one (what CoreText tracks it by).
    let tracking: TrackingTable?

    package let hbFace: OpaquePointer
    /// The face at its own units (scale = units per em), for coverage and metrics.
    package let unscaled: OpaquePointer
    /// One bit per Basic Multilingual Plane code point the cmap maps, read once at load:
    /// coverage is asked for every cluster of every text, and a bit test is far cheaper
    /// than a cmap lookup.
    @usableFromInline let bmpCoverage: [UInt64]
    /// One bit per code point of the Supplementary Multilingual Plane (U+10000–U+1FFFF:
    /// emoji, historic scripts, math letters) the cmap maps, read at load as `bmpCoverage`;
    /// empty when it maps none there. (Through HarfBuzz's cmap each test cost ~215
    /// instructions: every emoji of a text asked its font, and a fallback search asked every
    /// face, ~4 M instructions per 10,000 rows of public or international text.)
    @usableFromInline let smpCoverage: [UInt64]
    /// The glyphs whose advances HarfBuzz 6.0 would read as negative, and the advance
    /// functions every HarfBuzz font of this face goes through (nil: none).
    package let wideAdvances: WideAdvances?
    /// The widest glyph and its advance in font units (`Font` refuses a size at which it
    /// would pass a glyph position).
    let widestAdvance: (glyph: Int, units: Int)
    /// How many pieces of text HarfBuzz has shaped in a `Font` of this face (every
    /// `Shaper.shape(_:font:…)`, the one way text reaches `hb_shape`; the plain pairs'
    /// kerning, measured once per face in font units, is not counted): what shows that a
    /// stage never shapes, whichever memo or table it goes through.
    package let shapings = Atomic<Int>(0)

    /// Loads face `index` of the font file at `path`.
    /// - Throws: `FontError.unreadableFile` when the file is missing or holds no font;
    ///   `FontError.notARegularFile` when the path (after symbolic links) is a FIFO, a
    ///   device, a socket or a folder, which is not opened; `FontError.malformedFile` when
    ///   its structure contradicts itself (`FontFileCheck`).
    public init(path: String, index: UInt32 = 0) throws {
        try Self.checkRegularFile(path)
        guard FileManager.default.isReadableFile(atPath: path),
              let blob = hb_blob_create_from_file(path) else {
            throw FontError.unreadableFile(path: path)
        }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        if let data = hb_blob_get_data(blob, &length), length > 0,
           let problem = FontFileCheck.problem(in: UnsafeRawBufferPointer(start: data, count: Int(length)), faceIndex: index) {
            throw FontError.malformedFile(path: path, problem: problem)
        }
        guard hb_blob_get_length(blob) > 0, hb_face_count(blob) > index,
              let face = hb_face_create(blob, index) else {
            throw FontError.unreadableFile(path: path)
        }
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            throw FontError.unreadableFile(path: path)
        }
        hb_face_make_immutable(face)
        let wideAdvances = WideAdvances.of(face)
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        self.wideAdvances = wideAdvances
        self.path = path
        self.index = index
        self.hbFace = face
        self.unscaled = wideAdvances?.correcting(font) ?? font
        self.widestAdvance = Self.widestAdvance(unscaled, glyphCount: Int(hb_face_get_glyph_count(face)))
        self.unitsPerEm = Int32(hb_face_get_upem(face))
        self.axes = FontAxis.axes(of: face)
        self.tracking = TrackingTable(face: face)
        self.isColor = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
            || hb_ot_color_has_svg(face) != 0
        self.family = Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY))
            ?? Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY))
            ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        self.designLanguage = Self.designLanguage(face) ?? Self.designLanguage(family: family)
        let weight = hb_style_get_value(font, HB_STYLE_TAG_WEIGHT)
        self.weightClass = weight > 0 ? Int(weight.rounded()) : 400
        self.isItalic = hb_style_get_value(font, HB_STYLE_TAG_ITALIC) > 0
            || hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE) != 0
        let unicodes = hb_set_create()
        hb_face_collect_unicodes(face, unicodes)
        (self.bmpCoverage, self.smpCoverage) = Self.coverageBits(of: unicodes)
        hb_set_destroy(unicodes)
    }

    /// One bit per code point of the Basic Multilingual Plane that `set` holds, and one per
    /// code point of the Supplementary Multilingual Plane (none when it holds none there).
    /// Taken 1,024 code points at a time (`hb_set_next_many`): a call per code point
    /// (`hb_set_next`) cost ~45 instructions each, and `hb_set_next_range` steps through a
    /// range one code point at a time inside HarfBuzz (~1,250 instructions a range; 2.8 M for
    /// the four system faces 10,000 international rows load, a CJK face mapping ~30,000 BMP
    /// code points). Past U+1FFFF nothing is read (a CJK face's ~43,000 of plane 2).
    private static func coverageBits(of set: OpaquePointer?) -> (bmp: [UInt64], smp: [UInt64]) {
        var bmp = [UInt64](repeating: 0, count: 0x10000 / 64)
        var smp: [UInt64] = []
        let chunk = 1024
        withUnsafeTemporaryAllocation(of: hb_codepoint_t.self, capacity: chunk) { codepoints in
            var after = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while true {
                let count = Int(hb_set_next_many(set, after, codepoints.baseAddress, UInt32(chunk)))
                for k in 0..<count {
                    let codepoint = codepoints[k]
                    if codepoint <= 0xFFFF {
                        bmp[Int(codepoint >> 6)] |= 1 << UInt64(codepoint & 63)
                    } else if codepoint <= 0x1FFFF {
                        if smp.isEmpty { smp = [UInt64](repeating: 0, count: 0x10000 / 64) }
                        smp[Int((codepoint - 0x10000) >> 6)] |= 1 << UInt64(codepoint & 63)
                    } else {
                        return
                    }
                }
                if count < chunk { return }
                after = codepoints[count - 1]
            }
        }
        return (bmp, smp)
    }

    /// The glyph with the largest advance of the `glyphCount` glyphs of `font` (the first of
    /// them when several have it) and that advance, asked of HarfBuzz 512 glyphs at a time
    /// (a CJK face's 65,535 glyphs no longer make two arrays of that size).
    private static func widestAdvance(_ font: OpaquePointer, glyphCount: Int) -> (glyph: Int, units: Int) {
        let chunk = 512
        var widest: (glyph: Int, units: hb_position_t)? = nil
        withUnsafeTemporaryAllocation(of: hb_codepoint_t.self, capacity: chunk) { glyphs in
            withUnsafeTemporaryAllocation(of: hb_position_t.self, capacity: chunk) { advances in
                var start = 0
                while start < glyphCount {
                    let count = min(chunk, glyphCount - start)
                    for k in 0..<count { glyphs[k] = hb_codepoint_t(start + k) }
                    hb_font_get_glyph_h_advances(font, UInt32(count), glyphs.baseAddress,
                                                 UInt32(MemoryLayout<hb_codepoint_t>.stride), advances.baseAddress,
                                                 UInt32(MemoryLayout<hb_position_t>.stride))
                    for k in 0..<count where widest == nil || advances[k] > widest!.units {
                        widest = (start + k, advances[k])
                    }
                    start += count
                }
            }
        }
        return widest.map { ($0.glyph, Int($0.units)) } ?? (0, 0)
    }

    deinit {
        hb_font_destroy(unscaled)
        hb_face_destroy(hbFace)
    }

    /// Whether the face maps `scalar` to a glyph of its own (not .notdef).
    ///
    /// Inlined where it is asked (the text's font and each fallback, per cluster): as a call
    /// into this module it cost ~23 instructions around a bit test.
    @inlinable @inline(__always)
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x10000 { return bmpCoverage[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 }
        if value < 0x20000 {
            let word = Int(truncatingIfNeeded: (value - 0x10000) >> 6)
            return word < smpCoverage.count && smpCoverage[word] & (1 << UInt64(value & 63)) != 0
        }
        return coversPastPlaneOne(value)
    }

    /// `covers(_:)` past the Supplementary Multilingual Plane: the cmap, through HarfBuzz.
    @usableFromInline
    func coversPastPlaneOne(_ value: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(unscaled, value, &glyph) != 0
    }

    /// Whether the face maps any code point of `range`, a range of the Basic Multilingual
    /// Plane (64 code points at a time where it maps none of them).
    package func coversAny(_ range: ClosedRange<UInt16>) -> Bool {
        var value = Int(range.lowerBound)
        let end = Int(range.upperBound)
        while value <= end {
            let word = bmpCoverage[value >> 6]
            if word == 0 {
                value = (value | 63) + 1
            } else {
                if word & (1 << UInt64(value & 63)) != 0 { return true }
                value += 1
            }
        }
        return false
    }

    /// Ascender, descender (negative below the baseline) and line gap in font units:
    /// OS/2 typo metrics when USE_TYPO_METRICS is set, else hhea, as HarfBuzz resolves them.
    /// A negative line gap (legal: an FWORD) counts as 0, as TextKit takes it:
    /// NSLayoutManager's default line height does `if (leading < 0) leading = 0` on
    /// `CTFontGetLeading` (its disassembly, stackoverflow.com/questions/5511830); so a
    /// gap of −32,768 gives no negative line heights.
    package var verticalMetrics: (ascender: Int32, descender: Int32, lineGap: Int32) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(unscaled, &extents)
        return (extents.ascender, extents.descender, max(extents.line_gap, 0))
    }

    /// How many faces the file at `path` holds: those of a collection, else 1 (also for a
    /// file HarfBuzz cannot read, which loading the face then reports).
    static func faceCount(path: String) -> UInt32 {
        guard (try? checkRegularFile(path)) != nil, let blob = hb_blob_create_from_file(path) else { return 1 }
        defer { hb_blob_destroy(blob) }
        return max(1, hb_face_count(blob))
    }

    /// Refuses a path that is, after symbolic links, anything but a regular file: HarfBuzz
    /// would open and read it, and a FIFO blocks for ever (a missing file passes, for the
    /// caller to report as unreadable).
    /// - Throws: `FontError.notARegularFile`.
    package static func checkRegularFile(_ path: String) throws(FontError) {
        if let kind = FileKind.nonRegular(at: path) { throw .notARegularFile(path: path, kind: kind) }
    }

    /// The Han orthography of the `meta` table's design languages (ScriptLangTags such as
    /// "Jpan", "Hant", "zh-Hant-HK"), when they name exactly one.
    private static func designLanguage(_ face: OpaquePointer) -> String? {
        guard let blob = hb_ot_meta_reference_entry(face, HB_OT_META_TAG_DESIGN_LANGUAGES) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self)
        let found = Set(text.split(separator: ",").compactMap { tag -> String? in
            let parts = tag.trimmingCharacters(in: .whitespaces).lowercased().split(separator: "-")
            if parts.contains("jpan") || parts.first == "ja" { return "ja" }
            if parts.contains("kore") || parts.contains("hang") || parts.first == "ko" { return "ko" }
            if parts.contains("hant") { return parts.contains("hk") ? "zh-HK" : "zh-Hant" }
            if parts.contains("hans") { return "zh-Hans" }
            return nil
        })
        return found.count == 1 ? found.first : nil
    }

    /// The Han orthography of the region a CJK family's name ends with, or nil.
    private static func designLanguage(family: String) -> String? {
        guard family.uppercased().contains("CJK") || family.hasPrefix("Source Han") else { return nil }
        switch family.split(separator: " ").last {
        case "JP", "J": return "ja"
        case "KR", "K": return "ko"
        case "SC": return "zh-Hans"
        case "TC": return "zh-Hant"
        case "HK", "HC": return "zh-HK"
        default: return nil
        }
    }

    private static func name(_ face: OpaquePointer, _ id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 0
        let total = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, nil)
        guard total > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(total) + 1)
        length = total + 1
        hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}
