import CHarfBuzz

/// One design axis of a variable font (its `fvar` table): a tag such as `wght`, `opsz` or
/// `wdth`, and the range of values the font accepts.
public struct FontAxis: Hashable, Sendable {
    /// The four-letter tag, e.g. "wght".
    public let tag: String
    /// The smallest value the font accepts.
    public let minValue: Double
    /// The value of the font's default instance.
    public let defaultValue: Double
    /// The largest value the font accepts.
    public let maxValue: Double

    /// `value` clamped to the axis's range, as the OpenType normalization of user
    /// coordinates (and CoreText) clamps it.
    public func clamp(_ value: Double) -> Double { min(max(value, minValue), maxValue) }

    /// The axes of `face`, in `fvar` order (none for a font that is not variable).
    static func axes(of face: OpaquePointer) -> [FontAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map {
            FontAxis(tag: tagString($0.tag), minValue: Double($0.min_value), defaultValue: Double($0.default_value),
                     maxValue: Double($0.max_value))
        }
    }

    /// The tag `tag` as four characters.
    static func tagString(_ tag: hb_tag_t) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// Whether `string` can be an axis tag: four printable ASCII characters.
    package static func isTag(_ string: String) -> Bool { tag(string) != nil }

    /// The HarfBuzz tag of a four-character string (nil for any other length or non-ASCII).
    static func tag(_ string: String) -> hb_tag_t? {
        let bytes = Array(string.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return bytes.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
