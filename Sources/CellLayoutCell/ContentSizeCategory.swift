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

    /// The category named `name`: the Swift name (`accessibilityLarge`), UIKit's
    /// Objective-C constant (`UIContentSizeCategoryAccessibilityLarge`), its raw value
    /// (`UICTContentSizeCategoryAccessibilityL`) or the HIG's name (`AX2`, `xLarge`), with or
    /// without a leading dot; nil for anything else.
    public init?(named name: String) {
        var key = name.hasPrefix(".") ? String(name.dropFirst()) : name
        for prefix in ["UIContentSizeCategory", "UICTContentSizeCategory"] where key.hasPrefix(prefix) {
            key = String(key.dropFirst(prefix.count))
        }
        let lowered = key.lowercased()
        let short = ["xs": "extraSmall", "s": "small", "m": "medium", "l": "large", "xl": "extraLarge",
                     "xxl": "extraExtraLarge", "xxxl": "extraExtraExtraLarge",
                     "accessibilitym": "accessibilityMedium", "accessibilityl": "accessibilityLarge",
                     "accessibilityxl": "accessibilityExtraLarge", "accessibilityxxl": "accessibilityExtraExtraLarge",
                     "accessibilityxxxl": "accessibilityExtraExtraExtraLarge"]
        if let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered || $0.higName.lowercased() == lowered }) {
            self = match
        } else if let long = short[lowered], let match = Self(rawValue: long) {
            self = match
        } else {
            return nil
        }
    }
}
