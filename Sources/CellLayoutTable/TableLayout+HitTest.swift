import Foundation
import CellLayoutCell

/// Where a tap lands in a table: the row and the innermost view.
public struct HitTestResult: Hashable, Sendable {
    /// The row.
    public var path: RowPath
    /// The innermost view, or nil for the cell itself (see `RowLayout.hitTest(_:)`).
    public var view: HitView?

    /// - Parameters: the row and the view.
    public init(path: RowPath, view: HitView?) {
        self.path = path
        self.view = view
    }
}

extension TableLayout {
    /// What a tap at `point` (table coordinates) lands on, as UIKit's `hitTest(_:with:)`:
    /// nil on a header, a footer, an inset margin or outside the content; else the row and
    /// the innermost view. Rows of height 0 are never hit.
    /// - Complexity: O(log n).
    public func hitTest(_ point: CGPoint) -> HitTestResult? {
        guard let path = row(atY: point.y) else { return nil }
        let cell = rect(of: path)
        guard point.x >= cell.minX, point.x < cell.maxX else { return nil }
        let row = rowLayout(at: path)
        return HitTestResult(path: path, view: row.hitTest(CGPoint(x: point.x - cell.minX, y: point.y - cell.minY)))
    }

    /// Where `view` of row `path` is, in table coordinates (`RowLayout.frame(of:)`): the
    /// rect whose points `hitTest(_:)` answers with that view, unless a view in front of it
    /// covers them. nil when the row has no such view, or the table no such row.
    public func rect(of view: HitView, at path: RowPath) -> CGRect? {
        guard containsRow(path) else { return nil }
        let cell = rect(of: path)
        return rowLayout(at: path).frame(of: view)?.offsetBy(dx: cell.minX, dy: cell.minY)
    }

    /// Whether a switch is on (`UISwitch.isOn`): the switch subview `id`, or with nil the
    /// row's switch accessory view; nil when the row has no such switch, or the table no
    /// such row.
    public func isSwitchOn(at path: RowPath, view id: String? = nil) -> Bool? {
        guard containsRow(path) else { return nil }
        let cell = spec.sections[path.section].rows[path.row]
        if let id { return cell.subviews.first { $0.id == id && $0.kind == .switch }?.on }
        guard case .view(let view) = cell.accessory, view.kind == .switch else { return nil }
        return view.on
    }

    /// Sets a switch on or off (`UISwitch.setOn(_:animated:)`): the switch subview `id`,
    /// or with nil the row's switch accessory view. A switch's size does not depend on its
    /// state, so nothing is laid out again.
    /// - Returns: false when the row has no such switch, or the table no such row.
    @discardableResult
    public func setSwitch(_ on: Bool, at path: RowPath, view id: String? = nil) -> Bool {
        guard containsRow(path) else { return false }
        var cell = spec.sections[path.section].rows[path.row]
        if let id {
            guard let i = cell.subviews.firstIndex(where: { $0.id == id && $0.kind == .switch }) else { return false }
            cell.subviews[i].on = on
        } else {
            guard case .view(var view) = cell.accessory, view.kind == .switch else { return false }
            view.on = on
            cell.accessory = .view(view)
        }
        spec.sections[path.section].rows[path.row] = cell
        return true
    }

    /// Marks row `path` selected or not (drawn with the selection background); no re-layout.
    public func setSelected(_ selected: Bool, at path: RowPath) {
        spec.sections[path.section].rows[path.row].selected = selected
    }

    /// Swipes row `path` open or closed: only that row is laid out again.
    /// - Throws: `FontError`.
    public func setSwipeOpen(_ open: Bool, at path: RowPath) throws {
        var cell = spec.sections[path.section].rows[path.row]
        cell.swipeOpen = open && !cell.swipeActions.isEmpty
        try reloadRows([cell], at: path)
    }
}
