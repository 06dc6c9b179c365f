/// The safe area's leading and trailing insets of a table (`UIView.safeAreaInsets`, iOS 11):
/// landscape on a phone with a notch or a Dynamic Island insets the left and right edges.
///
/// UITableView insets its cells' content views, headers and footers to the safe area
/// (`insetsContentViewsToSafeArea`, true by default; Profiles.md `insetsContentViewsToSafeArea`):
/// a cell's background still reaches the table's edges, its content, accessory and
/// controls move in. insetGrouped sections are inset from the safe area by the margin.
public struct SafeAreaInsets: Hashable, Sendable {
    /// Points from the table's left edge.
    public var left: Double
    /// Points from the table's right edge.
    public var right: Double

    /// - Parameters: the left and right insets in points.
    public init(left: Double = 0, right: Double = 0) {
        self.left = left
        self.right = right
    }

    /// No insets.
    public static let zero = SafeAreaInsets()

    /// The insets at the leading and trailing edges for `direction`.
    func edges(_ direction: LayoutDirection) -> (leading: Double, trailing: Double) {
        direction == .rightToLeft ? (right, left) : (left, right)
    }
}
