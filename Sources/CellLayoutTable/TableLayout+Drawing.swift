import CellLayoutCell

extension TableLayout {
    /// The table's style (plain, grouped or insetGrouped), which decides its background,
    /// its sections' shape and its headers' look.
    public var style: TableSpec.Style { spec.style }

    /// Row `path` laid out, with what only drawing needs of its cell and every text fitted
    /// once: what a renderer draws the row from (nothing of it is kept per row).
    public func drawing(of path: RowPath) -> RowDrawing {
        RowDrawing(rowLayout(at: path), of: spec.sections[path.section].rows[path.row])
    }
}
