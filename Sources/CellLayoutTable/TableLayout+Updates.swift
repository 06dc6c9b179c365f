import CellLayoutCell

extension TableLayout {
    /// Inserts `cells` as rows starting at `path` (each later row moves down).
    /// - Throws: `FontError`.
    public func insertRows(_ cells: [CellSpec], at path: RowPath) throws {
        let heights = try rowHeights(cells, from: nil)
        spec.sections[path.section].rows.insert(contentsOf: cells, at: path.row)
        sectionStates[path.section].subviewStates?.insert(contentsOf: repeatElement(nil, count: cells.count),
                                                          at: path.row)
        offsets.insert(heights, at: sectionStarts[path.section] + 1 + path.row)
        shiftSections(after: path.section, by: cells.count)
    }

    /// Deletes `count` rows starting at `path`.
    public func deleteRows(at path: RowPath, count: Int = 1) {
        spec.sections[path.section].rows.removeSubrange(path.row..<(path.row + count))
        sectionStates[path.section].subviewStates?.removeSubrange(path.row..<(path.row + count))
        let item = sectionStarts[path.section] + 1 + path.row
        offsets.remove(item..<(item + count))
        shiftSections(after: path.section, by: -count)
    }

    /// Moves the row at `from` to `to` (its index after the move). The row keeps its
    /// layout (every section is as wide) — no re-layout; only the rows between the two
    /// places change index or y, and only their part of the offset index is rewritten.
    /// - Complexity: O(log n + the rows between the two places); between sections, also
    ///   the rows after the row's old and new places in those two sections (their index
    ///   paths change).
    public func moveRow(from: RowPath, to: RowPath) {
        let item = sectionStarts[from.section] + 1 + from.row
        if from.section == to.section {
            let row = from.row..<(from.row + 1)
            spec.sections[from.section].rows.moveSubrange(row, to: to.row)
            sectionStates[from.section].subviewStates?.moveSubrange(row, to: to.row)
        } else {
            let cell = spec.sections[from.section].rows.remove(at: from.row)
            let state = sectionStates[from.section].subviewStates?.remove(at: from.row) ?? nil
            spec.sections[to.section].rows.insert(cell, at: to.row)
            if state != nil, sectionStates[to.section].subviewStates == nil {
                sectionStates[to.section].subviewStates = BlockedArray(
                    repeatElement(nil, count: spec.sections[to.section].rows.count - 1))
            }
            sectionStates[to.section].subviewStates?.insert(state, at: to.row)
            // The sections between start one item earlier (the row went down) or later.
            if to.section > from.section {
                for s in (from.section + 1)...to.section { sectionStarts[s] -= 1 }
            } else {
                for s in (to.section + 1)...from.section { sectionStarts[s] += 1 }
            }
        }
        offsets.move(item..<(item + 1), to: sectionStarts[to.section] + 1 + to.row)
    }

    /// Replaces the rows starting at `path` with `cells` and lays out only those (their
    /// custom subviews start again from the initial bounds, as a newly configured cell's).
    /// - Throws: `FontError`.
    public func reloadRows(_ cells: [CellSpec], at path: RowPath) throws {
        let heights = try rowHeights(cells, from: nil)
        for (i, (cell, height)) in zip(cells, heights).enumerated() {
            spec.sections[path.section].rows[path.row + i] = cell
            sectionStates[path.section].subviewStates?[path.row + i] = nil
            offsets.setHeight(height, at: sectionStarts[path.section] + 1 + path.row + i)
        }
    }

    /// Inserts `section` at index `index`.
    /// - Throws: `FontError`.
    public func insertSection(_ section: SectionSpec, at index: Int) throws {
        let state = SectionState(
            header: try sectionHeader(section, isHeader: true, section: index),
            footer: try sectionHeader(section, isHeader: false, section: index),
            subviewStates: nil)
        try place(section, state: state, rowHeights: try rowHeights(section.rows, from: nil), at: index)
    }

    /// Deletes section `index`.
    /// - Throws: `FontError`.
    public func deleteSection(at index: Int) throws {
        let items = sectionStarts[index + 1] - sectionStarts[index]
        offsets.remove(sectionStarts[index]..<sectionStarts[index + 1])
        spec.sections.remove(at: index)
        sectionStates.remove(at: index)
        sectionStarts.remove(at: index)
        for s in index..<sectionStarts.count { sectionStarts[s] -= items }
        try refreshHeaders()
    }

    /// Moves section `from` to index `to`: sections reorder by reordering data, with no
    /// row laid out again; the headers and footers of the sections between are laid out
    /// again (a grouped table's first section has a taller empty header).
    /// - Complexity: O(log n + the items from one place to the other), the moved
    ///   section's included.
    /// - Throws: `FontError`.
    public func moveSection(from: Int, to: Int) throws {
        guard from != to else { return }
        let start = sectionStarts[from], count = sectionStarts[from + 1] - start
        spec.sections.move(from, to: to)
        sectionStates.move(from, to: to)
        // The sections between start `count` items earlier (the section went down) or later.
        if from < to {
            let moved = sectionStarts[to + 1] - count
            for s in from..<to { sectionStarts[s] = sectionStarts[s + 1] - count }
            sectionStarts[to] = moved
        } else {
            let moved = sectionStarts[to]
            for s in stride(from: from, to: to, by: -1) { sectionStarts[s] = sectionStarts[s - 1] + count }
            sectionStarts[to] = moved
        }
        offsets.move(start..<(start + count), to: sectionStarts[to])
        try refreshHeaders(in: min(from, to)...max(from, to))
    }

    /// Puts a laid-out section in at `index`: its data, its state, its items' offsets.
    private func place(_ section: SectionSpec, state: SectionState, rowHeights: [Double], at index: Int) throws {
        spec.sections.insert(section, at: index)
        sectionStates.insert(state, at: index)
        let start = sectionStarts[index]
        offsets.insert([state.header.height] + rowHeights + [state.footer.height], at: start)
        sectionStarts.insert(start, at: index)
        for s in (index + 1)..<sectionStarts.count { sectionStarts[s] += rowHeights.count + 2 }
        try refreshHeaders()
    }

    /// Re-lays out the headers and footers of the sections in `range`, all by default
    /// (their heights depend on the section's place: a grouped table's first empty header
    /// is taller); the offset index changes only where a height did.
    private func refreshHeaders(in range: ClosedRange<Int>? = nil) throws {
        guard !sectionStates.isEmpty else { return }
        for s in range ?? 0...(sectionStates.count - 1) {
            let section = spec.sections[s]
            sectionStates[s].header = try sectionHeader(section, isHeader: true, section: s)
            sectionStates[s].footer = try sectionHeader(section, isHeader: false, section: s)
            for (height, item) in [(sectionStates[s].header.height, sectionStarts[s]),
                                   (sectionStates[s].footer.height, sectionStarts[s + 1] - 1)]
            where offsets.height(at: item) != height {
                offsets.setHeight(height, at: item)
            }
        }
    }
}

extension Array {
    /// Moves element `from` to index `to` (its index after the move), shifting only the
    /// elements between.
    /// - Complexity: O(|from − to|).
    fileprivate mutating func move(_ from: Int, to: Int) {
        let element = self[from]
        if from < to {
            for i in from..<to { self[i] = self[i + 1] }
        } else {
            for i in stride(from: from, to: to, by: -1) { self[i] = self[i - 1] }
        }
        self[to] = element
    }
}
