extension TableMetrics {
    /// The `UICellAccessory` sizes of the metrics' profile (Profiles.md, "List cell
    /// accessories"): a system accessory's own size at `category` (the
    /// reorder grip's height 0: it takes the content view's), or nil for a label or a custom
    /// view, which size themselves.
    public func listAccessorySize(_ kind: CellAccessory.Kind, category: ContentSizeCategory) -> Size? {
        // The chevron (chevron.forward, EmphasizedBody, small scale: D1) as C12 measured it:
        // 10.5 × 14 at 2x, 10.333 × 14 at 3x (a width just over 10.2 rounded up to the
        // pixel); 14 × 19.5 at xxxLarge and 20 × 28.5 at the accessibility sizes.
        func chevron() -> Size {
            if category.isAccessibilityCategory { return .init(width: 20, height: 28.5) }
            if category == .extraExtraExtraLarge { return .init(width: 14, height: 19.5) }
            return .init(width: ceilToPixel(10.2), height: 14)
        }
        switch kind {
        case .disclosureIndicator, .outlineDisclosure: return chevron()
        // C12: 19 × 18 at 2x, 19 × 17.333 at 3x.
        case .checkmark: return .init(width: 19, height: scale >= 3 ? ceilToPixel(17.3) : 18)
        // C12: the edit controls' 26-pt box (a 22-pt disc), 34.5 at xxxLarge, 39 × 38 at the
        // accessibility sizes; multiselect's circle: estimate, the same box.
        case .delete, .insert, .multiselect:
            if category.isAccessibilityCategory { return .init(width: 39, height: 38) }
            if category == .extraExtraExtraLarge { return .init(width: 34.5, height: 34.5) }
            return .init(width: 26, height: 26)
        // C12: the grip is 27 wide, 36.5 at xxxLarge, 41 at the accessibility sizes (its height
        // is the content view's).
        case .reorder:
            if category.isAccessibilityCategory { return .init(width: 41, height: 0) }
            if category == .extraExtraExtraLarge { return .init(width: 36.5, height: 0) }
            return .init(width: 27, height: 0)
        // Unsourced: the info button as the legacy detail button (22 × 22).
        case .detail: return detailButtonSize
        case .label, .customView: return nil
        }
    }

    /// The width `UICellAccessoryStandardDimension` stands for at `category`: 24 scaled as
    /// Body text scales, none at accessibility sizes (D1: the standard layout width is only
    /// given where the cell centres symbols horizontally).
    public func listAccessoryStandardWidth(category: ContentSizeCategory) -> Double {
        category.isAccessibilityCategory ? 0 : TextStyle.body.scaled(24, at: category)
    }
}
