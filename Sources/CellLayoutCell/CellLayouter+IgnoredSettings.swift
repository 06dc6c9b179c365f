import Foundation

extension CellLayouter {
    /// What `cell` sets that UIKit would silently ignore, one warning each; the layout
    /// ignores the same things (the warnings change no frame):
    ///
    /// - a detail text on a `default`-style cell, which has no `detailTextLabel` (the text
    ///   set through `cell.detailTextLabel?.text` goes nowhere);
    /// - a size asked of a switch by its `"size"` or frame, or a flexible width or height in
    ///   its autoresizing mask: a `UISwitch` is always `TableMetrics/switchSize` (51 × 31);
    /// - an accessory on a cell in editing mode, which shows its `editingAccessoryType`
    ///   (none) in its place;
    /// - `minHeight` or `additionalHeight` on a row of fixed height, which only a
    ///   self-sizing row's height takes.
    ///
    /// Every layout of the row reports these (`RowLayout/warnings`), the same at every width.
    /// - Parameters:
    ///   - cell: the row.
    ///   - height: the row's height setting (its own, else the table's).
    /// - Throws: `FontError` when a font cannot be resolved (a label's width from its text).
    public func ignoredSettings(_ cell: CellSpec, height: RowHeight) throws -> [LayoutWarning] {
        var found: [LayoutWarning] = []
        if cell.content == nil, cell.style == .default, let detail = cell.detailText, !detail.isEmpty {
            found.append(LayoutWarning(
                view: "detailTextLabel",
                description: "detailText is not shown: a default-style cell has no detailTextLabel, "
                    + "so UIKit drops the text (value1, value2 and subtitle show one)",
                kind: .ignoredSetting))
        }
        for view in cell.subviews { found += try ignoredSettings(of: view, id: view.id) }
        if let view = cell.accessory.viewSpec { found += try ignoredSettings(of: view, id: "accessoryView") }
        if cell.editing.isEditing, cell.accessory != .none {
            let what = cell.accessory.viewSpec == nil ? "the \(cell.accessory.name) accessory" : "the accessory view"
            found.append(LayoutWarning(
                view: "accessoryView",
                description: "\(what) is hidden while editing: a cell in editing mode shows its "
                    + "editingAccessoryType (none) instead",
                kind: .ignoredSetting))
        }
        if case .fixed(let fixed) = height {
            let given = [cell.minHeight != nil ? "minHeight" : nil, cell.additionalHeight != 0 ? "additionalHeight" : nil]
                .compactMap { $0 }
            if !given.isEmpty {
                found.append(LayoutWarning(
                    view: "contentView",
                    description: "\(given.joined(separator: " and ")) \(given.count == 1 ? "is" : "are") ignored: "
                        + "the row's height is fixed at \(fixed.formatted3) (only a self-sizing row's height takes "
                        + "\(given.count == 1 ? "it" : "them"))",
                    kind: .ignoredSetting))
            }
        }
        return found
    }

    /// What a custom view (or accessory view), named `id`, sets that UIKit ignores: a
    /// switch's size and stretching.
    private func ignoredSettings(of view: ViewSpec, id: String) throws -> [LayoutWarning] {
        guard let fixed = fixedSize(view) else { return [] }
        var found: [LayoutWarning] = []
        let own = "\(fixed.width.formatted3) × \(fixed.height.formatted3)"
        let asked = try requestedFrame(view).size
        let (width, height) = (Double(asked.width), Double(asked.height))
        if width != fixed.width || height != fixed.height {
            found.append(LayoutWarning(
                view: id,
                description: "\(id) is a switch, always \(own): the \(width.formatted3) × \(height.formatted3) "
                    + "its size or frame asks for is ignored, as UISwitch ignores it",
                kind: .ignoredSetting))
        }
        let stretching = [AutoresizingMask.flexibleWidth, .flexibleHeight].filter { view.autoresizing.contains($0) }
        if !stretching.isEmpty {
            found.append(LayoutWarning(
                view: id,
                description: "\(id) is a switch, always \(own): \(stretching.map(\.name).joined(separator: " and ")) "
                    + "does not stretch it",
                kind: .ignoredSetting))
        }
        return found
    }
}
