import CellLayoutCell

extension TableLayout {
    /// Every row's warnings (`RowLayout/warnings`), in table order, each with its row.
    public var warnings: [(path: RowPath, warning: LayoutWarning)] {
        var found: [(path: RowPath, warning: LayoutWarning)] = []
        for (s, section) in sections.enumerated() {
            for (r, row) in section.rows.enumerated() where row.hasWarnings {
                found += row.warnings.map { (RowPath(section: s, row: r), $0) }
            }
        }
        return found
    }
}
