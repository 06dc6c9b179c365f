import Dispatch
import Foundation
import CellLayoutPrepare
import CellLayoutCell

/// A laid-out table: every row's height, every section's header and footer, and the y
/// offsets of all of them in an `OffsetIndex`, so that "where is row N", "which row is at
/// y" and "which rows are visible" are O(log n), a rotation re-fits prepared text, and an
/// update re-lays out only the rows it touches.
///
/// Per row the table keeps its `CellSpec` (in `spec`), its height (in the offset index)
/// and, once a width change has autoresized its custom subviews, where they continue
/// from; a row's frames are derived when read (`sections`, `TableEncoder`, hit tests), as
/// UIKit keeps little more than a height per row until a cell is shown. Pipeline.md,
/// "What a table keeps per row", has the bytes.
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
    public private(set) var layouter: CellLayouter

    /// Each section's header and footer, and where its rows' custom subviews autoresize from.
    var sectionStates: [SectionState] = []
    /// Heights of the items in table order: per section its header, its rows, its footer.
    package var offsets = OffsetIndex()
    /// The item index of each section's header, and one past the last item.
    package var sectionStarts: [Int] = [0]

    /// What a table keeps of a section besides its spec.
    package struct SectionState {
        /// The header (height 0 when there is none).
        package var header: HeaderLayout
        /// The footer (height 0 when there is none).
        package var footer: HeaderLayout
        /// Per row, the custom subviews' state it was laid out from (nil: the initial
        /// 320 × 44 bounds); nil while every row's is.
        var subviewStates: BlockedArray<SubviewState?>?
    }

    /// Lays out `spec`.
    /// - Parameters:
    ///   - spec: the table.
    ///   - engine: the text engine (shared: its shape memo serves every table).
    /// - Throws: `FontError` when a font cannot be resolved.
    public init(spec: TableSpec, engine: TextEngine) throws {
        self.spec = spec
        self.layouter = CellLayouter(measurer: LabelMeasurer(engine: engine, metrics: spec.metrics),
                                     metrics: spec.metrics.atWidth(spec.width), safeArea: Self.cellSafeArea(spec))
        try relayout(subviewStates: spec.sections.map { _ in nil })
    }

    /// The metrics in use: the table's at its current width.
    public var metrics: TableMetrics { layouter.metrics }

    /// The sum of all headers, rows and footers.
    public var contentHeight: Double { offsets.total }

    /// The table's layout direction (from its `semanticContentAttribute`), which rows that
    /// leave theirs unspecified follow.
    public var layoutDirection: LayoutDirection { spec.semanticContentAttribute.layoutDirection(inheriting: .leftToRight) }

    /// The x and width of cells: the table's full width, or inset: insetGrouped tables by
    /// `insetGroupedMargin` from the safe area, grouped tables by `groupedSectionInset` (iOS 5–6).
    public var cellFrameX: (x: Double, width: Double) {
        switch spec.style {
        case .plain: return (0, width)
        case .grouped:
            let inset = metrics.groupedSectionInset
            return (inset, max(0, width - 2 * inset))
        case .insetGrouped:
            let left = spec.safeArea.left + metrics.insetGroupedMargin
            return (left, max(0, width - left - spec.safeArea.right - metrics.insetGroupedMargin))
        }
    }

    /// The safe area inside a cell: the table's, except in insetGrouped tables, whose
    /// sections already stand inside it.
    static func cellSafeArea(_ spec: TableSpec) -> SafeAreaInsets {
        spec.style == .insetGrouped ? .zero : spec.safeArea
    }

    /// Each section's header, footer and rows (each row laid out when read).
    public var sections: SectionLayouts { SectionLayouts(table: self) }

    /// Section `section`'s rows, each laid out when read.
    public func rows(inSection section: Int) -> RowLayouts {
        RowLayouts(cells: spec.sections[section].rows, subviewStates: sectionStates[section].subviewStates,
                   layouter: layouter, cellWidth: cellFrameX.width, direction: layoutDirection,
                   rowHeight: spec.rowHeight)
    }

    /// Row `path`, laid out.
    public func rowLayout(at path: RowPath) -> RowLayout { rows(inSection: path.section)[path.row] }

    /// Lays the table out again at `width` (a rotation): text is re-fitted, not re-shaped,
    /// and custom subviews autoresize from where the last width left them.
    /// - Throws: `FontError`.
    public func setWidth(_ width: Double) throws {
        // Where the last width left each row's custom subviews: laid out again there (only
        // rows that have subviews), as a table keeps where they started, not where they ended.
        let states = try spec.sections.indices.map { s -> BlockedArray<SubviewState?>? in
            let cells = spec.sections[s].rows
            guard cells.contains(where: { !$0.subviews.isEmpty }) else { return nil }
            let laid = rows(inSection: s)
            return BlockedArray(try laidOut(cells.indices) { r in
                cells[r].subviews.isEmpty ? nil : try laid.layout(r).subviewState
            })
        }
        spec.width = width
        layouter = CellLayouter(measurer: layouter.measurer, metrics: spec.metrics.atWidth(width),
                                safeArea: Self.cellSafeArea(spec))
        try relayout(subviewStates: states)
    }

    // MARK: Layout

    private func relayout(subviewStates: [BlockedArray<SubviewState?>?]) throws {
        var states: [SectionState] = []
        var items: [(header: Double, rows: [Double], footer: Double)] = []
        for (s, section) in spec.sections.enumerated() {
            let state = SectionState(
                header: try sectionHeader(section, isHeader: true, section: s),
                footer: try sectionHeader(section, isHeader: false, section: s),
                subviewStates: subviewStates[s])
            items.append((state.header.height, try rowHeights(section.rows, from: state.subviewStates), state.footer.height))
            states.append(state)
        }
        sectionStates = states
        (offsets, sectionStarts) = Self.offsets(ofSections: items)
    }

    /// The offset index of sections' items — per section the heights of its header, its
    /// rows and its footer — and the item index where each section starts (and one past the
    /// last): the one way a table's y offsets are made, so that a table streamed row by row
    /// (`TableEncoder.encode(_:rowHeights:into:row:)`) gets the same offsets to the last bit.
    package static func offsets<Sections: Sequence>(ofSections sections: Sections) -> (OffsetIndex, [Int])
    where Sections.Element == (header: Double, rows: [Double], footer: Double) {
        var heights: [Double] = []
        var starts = [0]
        for section in sections {
            heights.append(section.header)
            heights.append(contentsOf: section.rows)
            heights.append(section.footer)
            starts.append(heights.count)
        }
        return (OffsetIndex(heights: heights), starts)
    }

    /// The heights of `cells` laid out at the table's width, each from its subview state
    /// (`states`, nil for all initial), on all cores.
    package func rowHeights<Cells: RandomAccessCollection & Sendable>(
        _ cells: Cells, from states: BlockedArray<SubviewState?>?
    ) throws -> [Double] where Cells.Element == CellSpec, Cells.Index == Int {
        let layouter = self.layouter, width = cellFrameX.width, direction = layoutDirection
        let rowHeight = spec.rowHeight
        return try laidOut(cells.startIndex..<cells.endIndex) { i in
            try layouter.layout(cells[i], width: width, previous: states?[i - cells.startIndex] ?? nil,
                                inheriting: direction, rowHeight: rowHeight).height
        }
    }

    /// `transform` of each index on all cores, in order; the first error is thrown.
    private func laidOut<T>(_ indices: Range<Int>, _ transform: @Sendable (Int) throws -> T) throws -> [T] {
        if indices.count < 64 { return try indices.map(transform) }
        let results = indices.concurrentMap(chunk: 256) { i in Result { try transform(i) } }
        return try results.map { try $0.get() }
    }

    /// `section`'s header or footer: by its list content configuration when it has one,
    /// else by its text.
    func sectionHeader(_ spec: SectionSpec, isHeader: Bool, section: Int) throws -> HeaderLayout {
        if let configuration = isHeader ? spec.headerContent : spec.footerContent {
            let cell = cellFrameX
            return try layouter.header(configuration, isHeader: isHeader, grouped: self.spec.style != .plain, cellX: cell.x,
                                       cellWidth: cell.width, direction: layoutDirection)
        }
        return try headerLayout(isHeader ? spec.header : spec.footer, isHeader ? spec.headerAttributes : spec.footerAttributes,
                                isHeader: isHeader, section: section)
    }

    /// Section `section`'s header or footer, sized by `CellLayouter.header(_:attributes:kind:section:grouped:cellX:cellWidth:direction:)`.

    func headerLayout(_ text: String?, _ attributes: LabelText?, isHeader: Bool, section: Int) throws -> HeaderLayout {
        let cell = cellFrameX
        return try layouter.header(text, attributes: attributes, kind: isHeader ? .header : .footer, section: section,
                                   grouped: spec.style != .plain, cellX: cell.x, cellWidth: cell.width,
                                   direction: layoutDirection)
    }
}
