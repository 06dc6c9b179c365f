/// One axis value a variable font is set at.
package struct FontVariation: Hashable, Sendable {
    /// The axis tag, e.g. "wght".
    package let tag: String
    /// The value, in the axis's own units.
    package let value: Double

    /// The axis values a font of `face` at `size` points is set at, as CoreText sets them,
    /// leaving out those equal to the face's defaults (in `fvar` order):
    /// - `wght` = `weight` when the face has the axis and a weight was asked for (clamped);
    /// - `opsz` = `size`, clamped to the axis (CoreText's automatic optical size);
    /// - every `explicit` value, which wins over both: an axis the face lacks or a value
    ///   outside its range is an error (a value written by hand is not clamped silently).
    /// - Throws: `FontError.unknownAxis`, `FontError.axisValueOutOfRange`.
    static func resolve(face: FontFace, size: Double, weight: Double?,
                        explicit: [String: Double]) throws(FontError) -> [FontVariation] {
        // A face without axes, asked no values (every fallback font but a variable one): none.
        if face.axes.isEmpty, explicit.isEmpty { return [] }
        for (tag, value) in explicit.sorted(by: { $0.key < $1.key }) {
            guard let axis = face.axes.first(where: { $0.tag == tag }) else {
                throw .unknownAxis(tag, font: "\"\(face.family)\"", known: face.axes.map(\.tag))
            }
            guard value >= axis.minValue, value <= axis.maxValue else {
                throw .axisValueOutOfRange(tag, value: value, min: axis.minValue, max: axis.maxValue)
            }
        }
        return face.axes.compactMap { axis in
            var value = axis.defaultValue
            if axis.tag == "wght", let weight { value = axis.clamp(weight) }
            if axis.tag == "opsz" { value = axis.clamp(size) }
            if let given = explicit[axis.tag] { value = given }
            return value == axis.defaultValue ? nil : FontVariation(tag: axis.tag, value: value)
        }
    }
}
