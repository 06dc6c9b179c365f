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
    /// layout unless the sections differ in width (they never do) — no re-layout.
    public func moveRow(from: RowPath, to: RowPath) {
        let cell = spec.sections[from.section].rows[from.row]
        let state = sectionStates[from.section].subviewStates?[from.row] ?? nil
        let height = offsets.height(at: sectionStarts[from.section] + 1 + from.row)
        deleteRows(at: from)
        spec.sections[to.section].rows.insert(cell, at: to.row)
        if state != nil, sectionStates[to.section].subviewStates == nil {
            sectionStates[to.section].subviewStates = BlockedArray(
                repeatElement(nil, count: spec.sections[to.section].rows.count - 1))
        }
        sectionStates[to.section].subviewStates?.insert(state, at: to.row)
        offsets.insert([height], at: sectionStarts[to.section] + 1 + to.row)
        shiftSections(after: to.section, by: 1)
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
            header: try headerLayout(section.header, section.headerAttributes, isHeader: true, section: index),
            footer: try headerLayout(section.footer, section.footerAttributes, isHeader: false, section: index),
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
    /// row laid out again.
    /// - Throws: `FontError`.
    public func moveSection(from: Int, to: Int) throws {
        let sectionSpec = spec.sections[from]
        let state = sectionStates[from]
        let start = sectionStarts[from] + 1
        let heights = (start..<(sectionStarts[from + 1] - 1)).map { offsets.height(at: $0) }
        try deleteSection(at: from)
        try place(sectionSpec, state: state, rowHeights: heights, at: to)
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

    /// Re-lays out every header and footer (their heights depend on the section's place:
    /// a grouped table's first empty header is taller).
    private func refreshHeaders() throws {
        for s in sectionStates.indices {
            let section = spec.sections[s]
            sectionStates[s].header = try headerLayout(section.header, section.headerAttributes, isHeader: true, section: s)
            sectionStates[s].footer = try headerLayout(section.footer, section.footerAttributes, isHeader: false, section: s)
            offsets.setHeight(sectionStates[s].header.height, at: sectionStarts[s])
            offsets.setHeight(sectionStates[s].footer.height, at: sectionStarts[s + 1] - 1)
        }
    }
}
