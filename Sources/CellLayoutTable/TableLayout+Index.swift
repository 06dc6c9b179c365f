import CellLayoutCore

/// The item index: every section's items (header, rows, footer) in one `OffsetIndex`,
/// and `sectionStarts` mapping sections to their first item.
extension TableLayout {
    func shiftSections(after section: Int, by count: Int) {
        for s in (section + 1)..<sectionStarts.count { sectionStarts[s] += count }
    }

    func sectionIndex(ofItem item: Int) -> Int {
        Bisection.lastStart(in: sectionStarts[..<sectionStates.count], notAfter: item)
    }

    package func rowPath(ofItem item: Int) -> RowPath? {
        let section = sectionIndex(ofItem: item)
        let row = item - sectionStarts[section] - 1
        guard row >= 0, row < spec.sections[section].rows.count else { return nil }
        return RowPath(section: section, row: row)
    }
}
