import CHarfBuzz
import CellLayoutFontLibrary

/// Shapes one piece of text — one font, one script, one direction — with HarfBuzz.
package enum Shaper {
    /// The glyphs of `units` in `font`, shaped without surrounding context, so that the
    /// result depends on nothing but the arguments (what makes it safe to memoize).
    package static func shape(
        _ units: UnsafeBufferPointer<UInt16>, font: Font, script: hb_script_t, isRightToLeft: Bool,
        language: hb_language_t? = nil
    ) -> ShapedText {
        font.face.shapings.add(1, ordering: .relaxed)
        return shape(units, hbFont: font.hbFont, script: script, isRightToLeft: isRightToLeft, language: language,
                     tracking: font.trackingUnits)
    }

    /// The glyphs of `units` in the HarfBuzz font `hbFont` (a `Font`'s, or a face's
    /// unscaled one, whose positions are in font units), `tracking` added to the advance of
    /// each cluster's first glyph in buffer order, as CoreText applies a `trak` table
    /// (HarfBuzz 6.0 applies none: the fonts' `ptem` is never set). Tracking is not
    /// kerning: the kerns (`ShapedText.kern(_:)`) leave it out.
    package static func shape(
        _ units: UnsafeBufferPointer<UInt16>, hbFont: OpaquePointer, script: hb_script_t, isRightToLeft: Bool,
        language: hb_language_t? = nil, tracking: Int32 = 0
    ) -> ShapedText {
        shaped(units, hbFont: hbFont, script: script, isRightToLeft: isRightToLeft, language: language) {
            infos, positions in
            let n = infos.count
            return ShapedText(count: n) { columns in
                let base = columns.baseAddress!
                for i in 0..<n {
                    base[i] = Int32(bitPattern: infos[i].codepoint)
                    base[n + i] = positions[i].x_advance
                    base[2 * n + i] = positions[i].x_offset
                    base[3 * n + i] = positions[i].y_offset
                    base[4 * n + i] = Int32(bitPattern: infos[i].cluster)
                }
                // The nominal advances go to the kerns' column, then each kern replaces its own.
                let kerns = base + 5 * n
                hb_font_get_glyph_h_advances(
                    hbFont, UInt32(n), UnsafeRawPointer(base).assumingMemoryBound(to: hb_codepoint_t.self),
                    UInt32(MemoryLayout<Int32>.stride), kerns, UInt32(MemoryLayout<Int32>.stride))
                for i in 0..<n {
                    // Zero-advance glyphs (marks HarfBuzz zeroed) are left alone: their change is not kerning.
                    let advance = base[n + i]
                    kerns[i] = advance == 0 ? 0 : Int32(clamping: Int64(advance) - Int64(kerns[i]))
                }
                if tracking != 0 {
                    for i in 0..<n where i == 0 || base[4 * n + i] != base[4 * n + i - 1] {
                        base[n + i] = Int32(clamping: Int64(base[n + i]) + Int64(tracking))
                    }
                }
            }
        }
    }

    /// The width of `units` in `font` as `shape` measures it (`ShapedText.width`: the
    /// advances, tracking included), without keeping the glyphs: the kerning of a pair asks
    /// three such widths, which need no arrays or object each.
    package static func width(
        _ units: UnsafeBufferPointer<UInt16>, font: Font, script: hb_script_t, isRightToLeft: Bool,
        language: hb_language_t? = nil
    ) -> Int64 {
        font.face.shapings.add(1, ordering: .relaxed)
        let tracking = font.trackingUnits
        return shaped(units, hbFont: font.hbFont, script: script, isRightToLeft: isRightToLeft, language: language) {
            infos, positions in
            var width: Int64 = 0
            for i in infos.indices {
                var advance = positions[i].x_advance
                if tracking != 0, i == 0 || infos[i].cluster != infos[i - 1].cluster {
                    advance = Int32(clamping: Int64(advance) + Int64(tracking))
                }
                width += Int64(advance)
            }
            return width
        }
    }

    /// `units` shaped by HarfBuzz in `hbFont` — one script, one direction, no surrounding
    /// context — and `body` called with the glyph infos and positions (valid only inside it).
    private static func shaped<Result>(
        _ units: UnsafeBufferPointer<UInt16>, hbFont: OpaquePointer, script: hb_script_t, isRightToLeft: Bool,
        language: hb_language_t?,
        _ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) -> Result
    ) -> Result {
        // The thread's buffer, empty: a buffer per shaping cost its creation and arrays.
        ShapingBuffer.with(units: units.count) { buffer in
            hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), 0, Int32(units.count))
            hb_buffer_set_script(buffer, script)
            if let language { hb_buffer_set_language(buffer, language) }
            hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_shape(hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            return body(UnsafeBufferPointer(start: infos, count: Int(count)),
                        UnsafeBufferPointer(start: positions, count: Int(count)))
        }
    }

    /// The script of `scalar` (Common and Inherited for characters of no one script).
    package static func script(of scalar: Unicode.Scalar) -> hb_script_t {
        let value = scalar.value
        if value < 0x80 {
            let letter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            return letter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        }
        return hb_unicode_script(unicodeFunctions, value)
    }

    /// The language a piece of `script` is shaped in, which selects the font's
    /// language-specific forms (`locl`: Korean spacing in Noto Sans CJK, for one): the
    /// text's `preferred` language when it is written in that script, else the script's
    /// sample language — Pango's `compute_derived_language` for a text tagged English. Han
    /// has no sample language (it is shared by Chinese, Japanese and Korean), and Latin
    /// and Common text is shaped without one, so plain shaping's analysis (which reads the
    /// default language system) holds.
    package static func language(for script: hb_script_t, preferred: String?) -> hb_language_t? {
        if let preferred, let primary = preferred.lowercased().split(separator: "-").first,
           writes(String(primary), script) {
            return hb_language_from_string(preferred, -1)
        }
        return samples.first { $0.script == script }?.language
    }

    /// The sample language of each script that has one, interned once: the lookup is made
    /// for every piece shaped for the first time, and interning a tag each time cost more
    /// than the rest of the choice.
    nonisolated(unsafe) private static let samples: [(script: hb_script_t, language: hb_language_t?)] = [
        (HB_SCRIPT_HANGUL, "ko"), (HB_SCRIPT_HIRAGANA, "ja"), (HB_SCRIPT_KATAKANA, "ja"), (HB_SCRIPT_THAI, "th"),
        (HB_SCRIPT_HEBREW, "he"), (HB_SCRIPT_ARABIC, "ar"), (HB_SCRIPT_DEVANAGARI, "hi"), (HB_SCRIPT_CYRILLIC, "ru"),
        (HB_SCRIPT_GREEK, "el"), (HB_SCRIPT_BENGALI, "bn"), (HB_SCRIPT_TAMIL, "ta"), (HB_SCRIPT_GEORGIAN, "ka"),
        (HB_SCRIPT_ARMENIAN, "hy"), (HB_SCRIPT_KHMER, "km"), (HB_SCRIPT_LAO, "lo"), (HB_SCRIPT_MYANMAR, "my"),
    ].map { ($0.0, hb_language_from_string($0.1, -1)) }

    /// Whether the language `primary` (a primary subtag) is written in `script`, for the
    /// scripts where it decides between fonts or forms: Han, Kana, Hangul.
    private static func writes(_ primary: String, _ script: hb_script_t) -> Bool {
        switch primary {
        case "ja": [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA].contains(script)
        case "ko": [HB_SCRIPT_HAN, HB_SCRIPT_HANGUL].contains(script)
        case "zh": [HB_SCRIPT_HAN, HB_SCRIPT_BOPOMOFO].contains(script)
        default: false
        }
    }

    /// Whether `script` is a real script rather than Common, Inherited or Unknown.
    package static func isSpecific(_ script: hb_script_t) -> Bool {
        script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }

    nonisolated(unsafe) private static let unicodeFunctions = hb_unicode_funcs_get_default()
}
