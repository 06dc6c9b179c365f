extension TableLayout {
    /// Checks the row at `path` the way checkmark lists do, and re-lays out the rows whose
    /// accessory changed (a checkmark narrows the content, so text may re-wrap).
    ///
    /// `.exclusive` (a choice of one): the row gets the checkmark and every other checked
    /// row of its section loses it. `.inclusive` (any number): the row's checkmark toggles.
    /// - Returns: the rows whose accessory changed, in order.
    /// - Throws: `FontError`.
    @discardableResult
    public func selectCheckmark(at path: RowPath, mode: CheckmarkMode) throws -> [RowPath] {
        var changed: [RowPath] = []
        let rows = spec.sections[path.section].rows
        for (r, cell) in rows.enumerated() {
            // As the guide's listings: only a row without an accessory gains the checkmark,
            // and only a checked row loses it; other accessories are left alone.
            guard cell.accessory == .none || cell.accessory == .checkmark else { continue }
            let isChecked = cell.accessory == .checkmark
            let shouldBeChecked: Bool
            switch mode {
            case .exclusive: shouldBeChecked = r == path.row
            case .inclusive: shouldBeChecked = r == path.row ? !isChecked : isChecked
            }
            guard isChecked != shouldBeChecked else { continue }
            var updated = cell
            updated.accessory = shouldBeChecked ? .checkmark : .none
            try reloadRows([updated], at: RowPath(section: path.section, row: r))
            changed.append(RowPath(section: path.section, row: r))
        }
        return changed
    }
}

/// How a checkmark list selects.
public enum CheckmarkMode: String, CaseIterable, Sendable {
    /// One checked row per section.
    case exclusive
    /// Any number of checked rows.
    case inclusive
}
