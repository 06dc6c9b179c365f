import Foundation

extension TableLayout {
    /// The number of rows in `section`.
    public func numberOfRows(inSection section: Int) -> Int { spec.sections[section].rows.count }

    /// Whether the table has row `path` (its section, and that row in it).
    public func containsRow(_ path: RowPath) -> Bool {
        spec.sections.indices.contains(path.section) && spec.sections[path.section].rows.indices.contains(path.row)
    }

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

    /// Every row that intersects `[y, y + height)`, in order; a hidden row (height 0)
    /// intersects nothing.
    /// - Complexity: O(log n + k) for k rows returned.
    public func visibleRows(y: Double, height: Double) -> [RowPath] {
        guard height > 0, y < contentHeight, y + height > 0, offsets.count > 0 else { return [] }
        var rows: [RowPath] = []
        // A screenful is a handful of rows: room for them up front spares regrowing.
        rows.reserveCapacity(16)
        var section = -1
        offsets.forEachItem(from: y, to: y + height) { item, itemHeight in
            if section < 0 { section = sectionIndex(ofItem: item) }
            while item >= sectionStarts[section + 1] { section += 1 }
            // A section's items are its header, its rows and its footer; a hidden row
            // (height 0) intersects nothing.
            let row = item - sectionStarts[section] - 1
            if row >= 0, item < sectionStarts[section + 1] - 1, itemHeight > 0 {
                rows.append(RowPath(section: section, row: row))
            }
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
        // A floating header pins its view, without the padding above it, to the top.
        let floatingHeader = spec.style == .plain
            ? headerSpan(path.section).height - sectionStates[path.section].header.topPadding : 0
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
