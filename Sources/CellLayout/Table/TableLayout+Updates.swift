extension TableLayout {
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
}
