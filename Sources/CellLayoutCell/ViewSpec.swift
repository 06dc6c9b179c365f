/// A custom subview, built the way UIKit code builds one: its frame is computed once
/// against the cell's *initial* content bounds (320 × 44), and afterwards only its
/// autoresizing mask moves it.
public struct ViewSpec: Hashable, Sendable {
    /// What kind of view it is, which decides its intrinsic size and how it is drawn.
    public enum Kind: String, CaseIterable, Sendable {
        /// A UILabel: sized by its text.
        case label
        /// A UISwitch: always 51 × 31; a frame or size written for it only places its origin.
        case `switch`
        /// A UISlider: 31 tall.
        case slider
        /// A UIButton: its title plus padding.
        case button
        /// A UIImageView: its size must be given.
        case image
        /// A plain UIView: its size must be given.
        case view
        /// A UIButton of type `.detailDisclosure`: the info button, `detailButtonSize`
        /// (22 × 22) unless given another size.
        case detailDisclosureButton
    }

    /// The key of the view's frame in the output.
    public var id: String
    /// The kind.
    public var kind: Kind
    /// Label text or button title.
    public var text: String?
    /// The text's runs and paragraph style, when it is attributed (`text` is the runs' string).
    public var textAttributes: LabelText?
    /// The text's font; nil is the system font at 17 (labels) or the metrics' button font.
    public var font: FontSpec?
    /// A label's line limit (0 = none).
    public var numberOfLines: Int = 0
    /// An explicit size, overriding the intrinsic one (a switch's frame is computed with it,
    /// then the switch keeps its own 51 × 31 at that origin, as `UISwitch(frame:)` does).
    public var size: TableMetrics.Size?
    /// Where the view goes in the initial 320 × 44 bounds.
    public var frame = FrameRule()
    /// How the view follows its superview's size changes.
    public var autoresizing: AutoresizingMask = []
    /// A switch's state (`UISwitch.isOn`); only drawing depends on it.
    public var on = true

    /// - Parameters: the view's id and kind.
    public init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}

/// A frame written the way UIKit code writes one against its superview's bounds: each axis
/// from at most two of leading/trailing inset, centre offset, and size (absolute or a
/// fraction of the superview's).
public struct FrameRule: Hashable, Sendable {
    /// Inset from the superview's left edge.
    public var left: Double?
    /// Inset from the right edge.
    public var right: Double?
    /// Inset from the top.
    public var top: Double?
    /// Inset from the bottom.
    public var bottom: Double?
    /// Offset of the view's centre from the superview's horizontal centre.
    public var centerX: Double?
    /// Offset of the view's centre from the superview's vertical centre.
    public var centerY: Double?
    /// The width in points.
    public var width: Double?
    /// The width as a fraction of the superview's.
    public var widthFraction: Double?
    /// The height in points.
    public var height: Double?
    /// The height as a fraction of the superview's.
    public var heightFraction: Double?

    /// An empty rule: the view at the origin at its intrinsic size.
    public init() {}
}

/// `UIView.AutoresizingMask`: which of a view's margins and sizes stretch when its
/// superview's size changes.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits.
    public let rawValue: Int
    /// - Parameter rawValue: the bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}
