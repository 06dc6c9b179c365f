import Foundation

/// What a tap lands on inside a row, named as the layout output names frames.
public enum HitView: Hashable, Sendable, CustomStringConvertible {
    /// Swipe action button `index` of a swiped-open row (0: the one at the trailing edge).
    case swipeAction(Int)
    /// The delete or insert control.
    case editingControl
    /// The reorder control.
    case reorderControl
    /// A switch that is the accessory view.
    case `switch`
    /// The accessory: a built-in type, or a custom view other than a switch.
    case accessoryView
    /// A custom subview of the content view, by its id.
    case subview(String)
    /// The text label.
    case textLabel
    /// The detail text label.
    case detailTextLabel
    /// The image view.
    case imageView
    /// The content view, where no subview of it is.
    case contentView

    /// The name `query --hit` prints: `"swipeActions[i]"`, a subview's id, or the case's name.
    public var description: String {
        switch self {
        case .swipeAction(let i): "swipeActions[\(i)]"
        case .editingControl: "editingControl"
        case .reorderControl: "reorderControl"
        case .switch: "switch"
        case .accessoryView: "accessoryView"
        case .subview(let id): id
        case .textLabel: "textLabel"
        case .detailTextLabel: "detailTextLabel"
        case .imageView: "imageView"
        case .contentView: "contentView"
        }
    }
}

extension RowLayout {
    /// Where `view` is, in cell coordinates — the way back from `hitTest(_:)`, to find the
    /// point to tap on a view; nil when the row has no such view. A swipe action's frame is
    /// where it shows once the row is swiped open.
    public func frame(of view: HitView) -> CGRect? {
        func inContent(_ rect: CGRect?) -> CGRect? { rect?.offsetBy(dx: contentView.minX, dy: contentView.minY) }
        switch view {
        case .swipeAction(let i): return swipeActions.indices.contains(i) ? swipeActions[i] : nil
        case .editingControl: return editingControl
        case .reorderControl: return reorderControl
        case .switch:
            guard case .view(let accessory) = accessory, accessory.kind == .switch else { return nil }
            return accessoryView
        case .accessoryView: return accessoryView
        case .subview(let id): return inContent(subviews.first { $0.id == id }?.frame)
        case .textLabel: return inContent(textLabel)
        case .detailTextLabel: return inContent(detailTextLabel)
        case .imageView: return inContent(imageView)
        case .contentView: return contentView
        }
    }

    /// The innermost view at `point` (cell coordinates), front to back as UIKit's
    /// `hitTest(_:with:)` visits them: a swiped-open row's buttons, the editing and reorder
    /// controls, the accessory, then the content view and its subviews (the last added
    /// first, then the standard labels and image). nil: the cell itself (its separator
    /// strip, or around the accessory). A frame holds `[minX, maxX) × [minY, maxY)`.
    public func hitTest(_ point: CGPoint) -> HitView? {
        func holds(_ rect: CGRect?) -> Bool {
            guard let rect else { return false }
            return point.x >= rect.minX && point.x < rect.maxX && point.y >= rect.minY && point.y < rect.maxY
        }
        if swipeOffset > 0, let i = swipeActions.firstIndex(where: { holds($0) }) { return .swipeAction(i) }
        if holds(editingControl) { return .editingControl }
        if holds(reorderControl) { return .reorderControl }
        if holds(accessoryView) {
            if case .view(let view) = accessory, view.kind == .switch { return .switch }
            return .accessoryView
        }
        guard holds(contentView) else { return nil }
        // Subviews of the content view only receive points inside it (UIKit tests the
        // parent's bounds first), in content-view coordinates.
        let inner = CGPoint(x: point.x - contentView.minX, y: point.y - contentView.minY)
        func innerHolds(_ rect: CGRect?) -> Bool {
            guard let rect else { return false }
            return inner.x >= rect.minX && inner.x < rect.maxX && inner.y >= rect.minY && inner.y < rect.maxY
        }
        if let subview = subviews.last(where: { innerHolds($0.frame) }) { return .subview(subview.id) }
        if innerHolds(detailTextLabel) { return .detailTextLabel }
        if innerHolds(textLabel) { return .textLabel }
        if innerHolds(imageView) { return .imageView }
        return .contentView
    }
}
