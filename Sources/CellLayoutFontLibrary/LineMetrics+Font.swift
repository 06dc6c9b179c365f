import CellLayoutCore
import CellLayoutCore

extension LineMetrics {
    /// The line metrics of `font` under `vertical`.
    public init(font: Font, vertical: VerticalMetrics = .font) {
        switch vertical {
        case .font:
            self.init(ascent: font.ascender, descent: -font.descender, gap: font.lineGap)
        case .sanFrancisco:
            self.init(sanFranciscoSize: font.size)
        }
    }
}
