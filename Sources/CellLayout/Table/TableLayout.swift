import Dispatch
import Foundation

/// A laid-out table: every row's frames, every section's header and footer, and the y
/// offsets of all of them in an `OffsetIndex`, so that "where is row N", "which row is at
/// y" and "which rows are visible" are O(log n), a rotation re-fits prepared text, and an
/// update re-lays out only the rows it touches.
///
/// Not thread-safe: a table is a mutable model, confined to one thread (or actor) at a
/// time. Rows are laid out in parallel internally, on all cores.
public final class TableLayout {
    /// The table as last laid out (rows, texts, metrics).
    public private(set) var spec: TableSpec
    /// The width the table is laid out at.
    public var width: Double { spec.width }
    /// Lays out cells.
    public let layouter: CellLayouter
    /// Each section's header, rows and footer.
    public private(set) var sections: [SectionLayout] = []

    /// Heights of the items in table order: per section its header, its rows, its footer.
    private var offsets = OffsetIndex()
    /// The item index of each section's header, and one past the last item.
    private var sectionStarts: [Int] = [0]

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

    // MARK: Queries

    /// The number of rows in `section`.
    public func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }

    /// Row `path`'s rect in table coordinates.
    public func rect(of path: RowPath) -> CGRect {
        let item = sectionStarts[path.section] + 1 + path.row
        let cell = cellFrameX, span = offsets.span(of: item)
        return CGRect(x: cell.x, y: span.offset, width: cell.width, height: span.height)
    }

    /// Where section `section`'s header starts and how tall it is (0 when it has none).
    public func headerSpan(_ section: Int) -> (y: Double, height: Double) {
        let span = offsets.span(of: sectionStarts[section])
        return (span.offset, span.height)
    }

    /// Where section `section`'s footer starts and how tall it is (0 when it has none).
    public func footerSpan(_ section: Int) -> (y: Double, height: Double) {
        let span = offsets.span(of: sectionStarts[section + 1] - 1)
        return (span.offset, span.height)
    }

    /// The row at `y`, or nil when `y` falls on a header, a footer or outside the content.
    /// - Complexity: O(log n).
    public func row(atY y: Double) -> RowPath? {
        guard let item = offsets.index(containing: y) else { return nil }
        return rowPath(ofItem: item)
    }

    /// Every row that intersects `[y, y + height)`, in order.
    /// - Complexity: O(log n + k) for k rows returned.
    public func visibleRows(y: Double, height: Double) -> [RowPath] {
        guard height > 0, y < contentHeight, y + height > 0, offsets.count > 0 else { return [] }
        // The items from the one holding y up to the first starting at the end or later:
        // every row among them intersects, since rows have a positive height.
        let first = offsets.index(containing: Swift.max(0, y)) ?? 0
        let end = offsets.firstIndex(startingAtOrAfter: y + height, from: first)
        var section = sectionIndex(ofItem: first)
        var rows: [RowPath] = []
        rows.reserveCapacity(end - first)
        for item in first..<end {
            while item >= sectionStarts[section + 1] { section += 1 }
            // A section's items are its header, its rows and its footer.
            let row = item - sectionStarts[section] - 1
            if row >= 0, item < sectionStarts[section + 1] - 1 { rows.append(RowPath(section: section, row: row)) }
        }
        return rows
    }

    /// The content offset `scrollToRow(at:at:animated:)` reaches from `offset`, clamped
    /// to `[0, max(0, contentHeight − viewportHeight)]`.
    ///
    /// `.top` puts the row at the top — below its section's header in a plain table,
    /// where headers float; `.middle` centres it; `.bottom` puts it at the bottom;
    /// `.none` scrolls the least that shows the whole row, and not at all when it is
    /// already fully visible.
    public func scrollOffset(to path: RowPath, position: ScrollPosition, from offset: Double = 0,
                             viewportHeight: Double) -> Double {
        let rect = rect(of: path)
        let floatingHeader = spec.style == .plain ? headerSpan(path.section).height : 0
        let target: Double
        switch position {
        case .top: target = rect.minY - floatingHeader
        case .middle: target = rect.midY - viewportHeight / 2
        case .bottom: target = rect.maxY - viewportHeight
        case .none:
            if rect.minY >= offset + floatingHeader && rect.maxY <= offset + viewportHeight {
                target = offset
            } else if rect.minY < offset + floatingHeader {
                target = rect.minY - floatingHeader
            } else {
                target = rect.maxY - viewportHeight
            }
        }
        return min(max(0, target), max(0, contentHeight - viewportHeight))
    }

    // MARK: Updates

    /// Inserts `cells` as rows starting at `path` (each later row moves down).
    /// - Throws: `FontError`.
    public func insertRows(_ cells: [CellSpec], at path: RowPath) throws {
        let laid = try layoutRows(cells, previous: nil)
        spec.sections[path.section].rows.insert(contentsOf: cells, at: path.row)
        sections[path.section].rows.insert(contentsOf: laid, at: path.row)
        offsets.insert(laid.map(\.height), at: sectionStarts[path.section] + 1 + path.row)
        shiftSections(after: path.section, by: cells.count)
    }

    /// Deletes `count` rows starting at `path`.
    public func deleteRows(at path: RowPath, count: Int = 1) {
        spec.sections[path.section].rows.removeSubrange(path.row..<(path.row + count))
        sections[path.section].rows.removeSubrange(path.row..<(path.row + count))
        let item = sectionStarts[path.section] + 1 + path.row
        offsets.remove(item..<(item + count))
        shiftSections(after: path.section, by: -count)
    }

    /// Moves the row at `from` to `to` (its index after the move). The row keeps its
    /// layout unless the sections differ in width (they never do) — no re-layout.
    public func moveRow(from: RowPath, to: RowPath) {
        let cell = spec.sections[from.section].rows[from.row]
        let laid = sections[from.section].rows[from.row]
        deleteRows(at: from)
        spec.sections[to.section].rows.insert(cell, at: to.row)
        sections[to.section].rows.insert(laid, at: to.row)
        offsets.insert([laid.height], at: sectionStarts[to.section] + 1 + to.row)
        shiftSections(after: to.section, by: 1)
    }

    /// Replaces the rows starting at `path` with `cells` and lays out only those.
    /// - Throws: `FontError`.
    public func reloadRows(_ cells: [CellSpec], at path: RowPath) throws {
        let laid = try layoutRows(cells, previous: nil)
        for (i, (cell, row)) in zip(cells, laid).enumerated() {
            spec.sections[path.section].rows[path.row + i] = cell
            sections[path.section].rows[path.row + i] = row
            offsets.setHeight(row.height, at: sectionStarts[path.section] + 1 + path.row + i)
        }
    }

    /// Inserts `section` at index `index`.
    /// - Throws: `FontError`.
    public func insertSection(_ section: SectionSpec, at index: Int) throws {
        try place(section, laidOut: try layoutSection(section, index: index, previous: nil), at: index)
    }

    /// Deletes section `index`.
    /// - Throws: `FontError`.
    public func deleteSection(at index: Int) throws {
        let items = sectionStarts[index + 1] - sectionStarts[index]
        offsets.remove(sectionStarts[index]..<sectionStarts[index + 1])
        spec.sections.remove(at: index)
        sections.remove(at: index)
        sectionStarts.remove(at: index)
        for s in index..<sectionStarts.count { sectionStarts[s] -= items }
        try refreshHeaders()
    }

    /// Moves section `from` to index `to`: sections reorder by reordering data, with no
    /// row laid out again.
    /// - Throws: `FontError`.
    public func moveSection(from: Int, to: Int) throws {
        let sectionSpec = spec.sections[from]
        let laid = sections[from]
        try deleteSection(at: from)
        try place(sectionSpec, laidOut: laid, at: to)
    }

    /// Puts a laid-out section in at `index`: its data, its layout, its items' offsets.
    private func place(_ section: SectionSpec, laidOut laid: SectionLayout, at index: Int) throws {
        spec.sections.insert(section, at: index)
        sections.insert(laid, at: index)
        let start = sectionStarts[index]
        offsets.insert(laid.itemHeights, at: start)
        sectionStarts.insert(start, at: index)
        for s in (index + 1)..<sectionStarts.count { sectionStarts[s] += laid.itemHeights.count }
        try refreshHeaders()
    }

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

    private func layoutSection(_ section: SectionSpec, index: Int, previous: [SubviewState]?) throws -> SectionLayout {
        SectionLayout(
            header: try headerLayout(section.header, section.headerAttributes, isHeader: true, section: index),
            footer: try headerLayout(section.footer, section.footerAttributes, isHeader: false, section: index),
            rows: try layoutRows(section.rows, previous: previous))
    }

    /// Lays out rows on all cores (in order, each from its previous subview state).
    private func layoutRows<Cells: RandomAccessCollection & Sendable>(
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

    /// Re-lays out every header and footer (their heights depend on the section's place:
    /// a grouped table's first empty header is taller).
    private func refreshHeaders() throws {
        for s in sections.indices {
            let section = spec.sections[s]
            sections[s].header = try headerLayout(section.header, section.headerAttributes, isHeader: true, section: s)
            sections[s].footer = try headerLayout(section.footer, section.footerAttributes, isHeader: false, section: s)
            offsets.setHeight(sections[s].header.height, at: sectionStarts[s])
            offsets.setHeight(sections[s].footer.height, at: sectionStarts[s + 1] - 1)
        }
    }

    /// A section header or footer: its text wrapped at the table's width less the margins,
    /// padded per style; plain tables show none without text, grouped ones keep a gap.
    private func headerLayout(_ text: String?, _ attributes: LabelText?, isHeader: Bool, section: Int) throws
        -> HeaderLayout {
        let m = metrics
        let grouped = spec.style != .plain
        guard let text, !text.isEmpty else {
            let height = !grouped ? 0
                : isHeader ? (section == 0 ? m.groupedFirstEmptyHeaderHeight : m.groupedEmptyHeaderHeight)
                : m.groupedEmptyFooterHeight
            return HeaderLayout(height: height, textLabel: nil)
        }
        let cell = cellFrameX
        let uppercase = grouped && isHeader && m.groupedHeaderUppercase
        var attributes = attributes
        if uppercase, let runs = attributes?.runs {
            attributes?.runs = runs.map { run in
                var run = run
                run.text = run.text.uppercased()
                return run
            }
        }
        let labelWidth = max(0, cell.width - m.leadingMargin - m.trailingMargin)
        let measured = try layouter.measurer.measure(
            uppercase ? text.uppercased() : text, attributes: attributes,
            font: grouped ? m.groupedHeaderFont : m.plainHeaderFont, width: labelWidth, numberOfLines: 0,
            mode: .byWordWrapping)
        let padding = !grouped ? m.plainHeaderPadding : isHeader ? m.groupedHeaderPadding : m.groupedFooterPadding
        var height = m.ceilToPixel(padding.top + measured.height + padding.bottom)
        if !grouped { height = max(height, m.plainHeaderHeight) }
        let y = grouped ? padding.top : m.roundToPixel((height - measured.height) / 2)
        // Right to left, the text starts at the right margin and aligns right.
        let rightToLeft = layoutDirection == .rightToLeft
        let x = cell.x + (rightToLeft ? cell.width - m.leadingMargin - labelWidth : m.leadingMargin)
        return HeaderLayout(
            height: height,
            textLabel: LabelLayout(
                id: "textLabel", frame: CGRect(x: x, y: y, width: labelWidth, height: measured.height),
                measurement: measured, alignsRight: rightToLeft))
    }

    // MARK: Index bookkeeping

    private func shiftSections(after section: Int, by count: Int) {
        for s in (section + 1)..<sectionStarts.count { sectionStarts[s] += count }
    }

    private func sectionIndex(ofItem item: Int) -> Int {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= item { low = mid } else { high = mid - 1 }
        }
        return low
    }

    private func rowPath(ofItem item: Int) -> RowPath? {
        let section = sectionIndex(ofItem: item)
        let row = item - sectionStarts[section] - 1
        guard row >= 0, row < sections[section].rows.count else { return nil }
        return RowPath(section: section, row: row)
    }
}

/// One laid-out section.
public struct SectionLayout: Sendable {
    /// The header (height 0 when there is none).
    public var header: HeaderLayout
    /// The footer (height 0 when there is none).
    public var footer: HeaderLayout
    /// The rows, in blocks so that inserting into a section of a million stays cheap.
    public var rows: BlockedArray<RowLayout>

    /// The heights of its items in table order: header, rows, footer.
    var itemHeights: [Double] { [header.height] + rows.map(\.height) + [footer.height] }
}

/// A section header or footer view.
public struct HeaderLayout: Sendable {
    /// Its height (0: none).
    public var height: Double
    /// Its text label, in the header view's coordinates (x in table coordinates).
    public var textLabel: LabelLayout?
}

/// Where `scrollToRow(at:at:animated:)` puts the row, as `UITableView.ScrollPosition`.
public enum ScrollPosition: String, CaseIterable, Sendable {
    /// The least scrolling that shows the row.
    case none
    /// At the top.
    case top
    /// In the middle.
    case middle
    /// At the bottom.
    case bottom
}

/// How a checkmark list selects.
public enum CheckmarkMode: String, CaseIterable, Sendable {
    /// One checked row per section.
    case exclusive
    /// Any number of checked rows.
    case inclusive
}
