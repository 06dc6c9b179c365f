/// The direction a view lays out its contents in, as `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: String, CaseIterable, Sendable {
    /// Leading edge on the left (English).
    case leftToRight
    /// Leading edge on the right (Arabic, Hebrew): the standard cell layout is mirrored.
    case rightToLeft
}

/// How a view's contents follow the layout direction, as `UISemanticContentAttribute`.
public enum SemanticContentAttribute: String, CaseIterable, Sendable {
    /// Follows the direction of the view it is in (UIKit's default).
    case unspecified
    /// Playback controls: never flipped (always left to right).
    case playback
    /// Directional controls: never flipped.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft

    /// The direction a view with this attribute lays out in, inside one laid out in
    /// `inherited`: `UIView.userInterfaceLayoutDirection(for:relativeTo:)`.
    public func layoutDirection(inheriting inherited: LayoutDirection) -> LayoutDirection {
        switch self {
        case .unspecified: inherited
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }
}
