/// The user's preferred text size, as UIKit's `UIContentSizeCategory` names it (its Swift
/// names): seven standard sizes and five larger accessibility sizes, `large` the default.
///
/// Text styles (`TextStyle`) take their size at a category from Apple's Human Interface
/// Guidelines (the CellLayout catalog's article "The system font and Dynamic Type").
public enum ContentSizeCategory: String, CaseIterable, Sendable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The category an iPhone starts with: `large`.
    public static let `default` = ContentSizeCategory.large

    /// Whether this is one of the five larger accessibility sizes (AX1 … AX5), as
    /// `UIContentSizeCategory.isAccessibilityCategory` says.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The HIG's name of the category: xSmall … xxxLarge, AX1 … AX5.
    public var higName: String {
        switch self {
        case .extraSmall: "xSmall"
        case .small: "Small"
        case .medium: "Medium"
        case .large: "Large"
        case .extraLarge: "xLarge"
        case .extraExtraLarge: "xxLarge"
        case .extraExtraExtraLarge: "xxxLarge"
        case .accessibilityMedium: "AX1"
        case .accessibilityLarge: "AX2"
        case .accessibilityExtraLarge: "AX3"
        case .accessibilityExtraExtraLarge: "AX4"
        case .accessibilityExtraExtraExtraLarge: "AX5"
        }
    }

    /// The category's position from `extraSmall` (0) to AX5 (11).
    var index: Int { Self.allCases.firstIndex(of: self)! }

    /// Smaller categories come first.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
}
