import Dispatch
import Foundation

/// A laid-out table: every row's frames, every section's header and footer, and the y
/// offsets of all of them in an `OffsetIndex`, so that "where is row N", "which row is at
/// y" and "which rows are visible" are O(log n), a rotation re-fits prepared text, and an
/// update re-lays out only the rows it touches.
///
/// Queries are in `TableLayout+Queries.swift`, updates in `TableLayout+Updates.swift`,
/// checkmark lists in `TableLayout+Checkmarks.swift`, the item index in
/// `TableLayout+Index.swift`.
///
/// Not thread-safe: a table is a mutable model, confined to one thread (or actor) at a
/// time. Rows are laid out in parallel internally, on all cores.
public final class TableLayout {
    /// The table as last laid out (rows, texts, metrics).
    public internal(set) var spec: TableSpec
    /// The width the table is laid out at.
    public var width: Double { spec.width }
    /// Lays out cells.
    public let layouter: CellLayouter
    /// Each section's header, rows and footer.
    public internal(set) var sections: [SectionLayout] = []

    /// Heights of the items in table order: per section its header, its rows, its footer.
    var offsets = OffsetIndex()
    /// The item index of each section's header, and one past the last item.
    var sectionStarts: [Int] = [0]

    /// Lays out `spec`.
    /// - Parameters:
    ///   - spec: the table.
    ///   - engine: the text engine (shared: its shape memo serves every table).
    /// - Throws: `FontError` when a font cannot be resolved.
    public init(spec: TableSpec, engine: TextEngine) throws {
        self.spec = spec
        self.layouter = CellLayouter(measurer: LabelMeasurer(engine: engine, metrics: spec.metrics))
        try relayout(previous: nil)
    }

    /// The metrics in use.
    public var metrics: TableMetrics { spec.metrics }

    /// The sum of all headers, rows and footers.
    public var contentHeight: Double { offsets.total }

    /// The table's layout direction (from its `semanticContentAttribute`), which rows that
    /// leave theirs unspecified follow.
    public var layoutDirection: LayoutDirection { spec.semanticContentAttribute.layoutDirection(inheriting: .leftToRight) }

    /// The x and width of cells: the table's full width, or inset in insetGrouped tables.
    public var cellFrameX: (x: Double, width: Double) {
        spec.style == .insetGrouped
            ? (metrics.insetGroupedMargin, max(0, width - 2 * metrics.insetGroupedMargin)) : (0, width)
    }

    /// Lays the table out again at `width` (a rotation): text is re-fitted, not re-shaped,
    /// and custom subviews autoresize from where the last width left them.
    /// - Throws: `FontError`.
    public func setWidth(_ width: Double) throws {
        spec.width = width
        try relayout(previous: sections.map { $0.rows.map(\.subviewState) })
    }

    // MARK: Layout

    private func relayout(previous: [[SubviewState]]?) throws {
        var laid: [SectionLayout] = []
        for (s, section) in spec.sections.enumerated() {
            laid.append(try layoutSection(section, index: s, previous: previous?[s]))
        }
        sections = laid
        var heights: [Double] = []
        sectionStarts = [0]
        for section in laid {
            heights.append(contentsOf: section.itemHeights)
            sectionStarts.append(heights.count)
        }
        offsets = OffsetIndex(heights: heights)
    }

    func layoutSection(_ section: SectionSpec, index: Int, previous: [SubviewState]?) throws -> SectionLayout {
        SectionLayout(
            header: try headerLayout(section.header, section.headerAttributes, isHeader: true, section: index),
            footer: try headerLayout(section.footer, section.footerAttributes, isHeader: false, section: index),
            rows: try layoutRows(section.rows, previous: previous))
    }

    /// Lays out rows on all cores (in order, each from its previous subview state).
    func layoutRows<Cells: RandomAccessCollection & Sendable>(
        _ cells: Cells, previous: [SubviewState]?
    ) throws -> BlockedArray<RowLayout> where Cells.Element == CellSpec, Cells.Index == Int {
        let cellWidth = cellFrameX.width
        let layouter = self.layouter
        let direction = layoutDirection
        if cells.count < 64 {
            return BlockedArray(try cells.indices.map { i in
                try layouter.layout(cells[i], width: cellWidth, previous: previous?[i - cells.startIndex],
                                    inheriting: direction)
            })
        }
        // In slices of 64 Ki rows, each moved into the blocks as it is done: a million rows
        // are never held twice over while they are built.
        var rows = BlockedArray<RowLayout>()
        for start in stride(from: cells.startIndex, to: cells.endIndex, by: 1 << 16) {
            let slice = start..<Swift.min(cells.endIndex, start + (1 << 16))
            let results = slice.concurrentMap(chunk: 256) { i in
                Result {
                    try layouter.layout(cells[i], width: cellWidth, previous: previous?[i - cells.startIndex],
                                        inheriting: direction)
                }
            }
            if let failure = results.first(where: { if case .failure = $0 { true } else { false } }) {
                _ = try failure.get()
            }
            rows.insert(contentsOf: results.lazy.map { if case .success(let row) = $0 { row } else { preconditionFailure() } },
                        at: rows.endIndex)
        }
        return rows
    }

    /// Section `section`'s header or footer, sized by `CellLayouter.header(_:attributes:kind:section:grouped:cellX:cellWidth:direction:)`.
    func headerLayout(_ text: String?, _ attributes: LabelText?, isHeader: Bool, section: Int) throws -> HeaderLayout {
        let cell = cellFrameX
        return try layouter.header(text, attributes: attributes, kind: isHeader ? .header : .footer, section: section,
                                   grouped: spec.style != .plain, cellX: cell.x, cellWidth: cell.width,
                                   direction: layoutDirection)
    }
}
