import CellLayout

/// A color: 8-bit red, green, blue and (straight, not premultiplied) alpha.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0 … 255.
    public var r: UInt8
    /// Green, 0 … 255.
    public var g: UInt8
    /// Blue, 0 … 255.
    public var b: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var a: UInt8

    /// A color from its four components.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// An opaque color from a 0xRRGGBB number, e.g. `RGBA(hex: 0x007AFF)`.
    public init(hex: UInt32) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
    }

    /// A text run's colour.
    public init(_ color: TextColor) {
        self.init(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    }

    /// A label's default colour: black, gray, the tint's blue or white.
    public init(_ color: LabelColor) {
        switch color {
        case .label: self = .label
        case .secondaryLabel: self = .secondaryLabel
        case .tint: self = .systemBlue
        case .white: self = .white
        }
    }

    /// "#RRGGBBAA".
    public var description: String {
        "#" + [r, g, b, a].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// Fully transparent.
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
    /// White.
    public static let white = RGBA(hex: 0xFFFFFF)
    /// Primary text: black.
    public static let label = RGBA(hex: 0x000000)
    /// Secondary text and disclosure chevrons: iOS gray #8E8E93.
    public static let secondaryLabel = RGBA(hex: 0x8E8E93)
    /// Cell separators: #C8C7CC.
    public static let separator = RGBA(hex: 0xC8C7CC)
    /// Tint, links, checkmarks, buttons: iOS system blue #007AFF.
    public static let systemBlue = RGBA(hex: 0x007AFF)
    /// A switch that is on: iOS system green #34C759.
    public static let systemGreen = RGBA(hex: 0x34C759)
    /// Destructive actions: iOS system red #FF3B30.
    public static let destructiveRed = RGBA(hex: 0xFF3B30)
    /// The background behind grouped table sections: #EFEFF4.
    public static let groupedBackground = RGBA(hex: 0xEFEFF4)
    /// Header and footer text of grouped tables: #6D6D72.
    public static let groupedHeaderText = RGBA(hex: 0x6D6D72)
    /// The background of a plain table's section headers and footers: #F7F7F7.
    public static let plainHeaderBackground = RGBA(hex: 0xF7F7F7)
    /// Image view placeholders and a slider's unfilled track: #D1D1D6.
    public static let placeholder = RGBA(hex: 0xD1D1D6)
    /// A selected cell's background (`UITableViewCell.SelectionStyle.default`, iOS 7–12 gray).
    public static let selectedCellBackground = RGBA(hex: 0xD9D9D9)
    /// A switch's track when off, and a normal swipe action's button.
    public static let systemGray = RGBA(hex: 0xC7C7CC)
    /// An off switch's track fill.
    public static let switchOffTrack = RGBA(hex: 0xE9E9EA)
}
