import CellLayoutCell

/// One laid-out section: its header and footer, and its rows, each laid out when it is
/// read.
///
/// A section is a snapshot of the table when it was taken from ``TableLayout/sections``:
/// later updates to the table do not change it (and holding one makes the next update of
/// its rows copy their block).
public struct SectionLayout: Sendable {
    /// The header (height 0 when there is none).
    public var header: HeaderLayout
    /// The footer (height 0 when there is none).
    public var footer: HeaderLayout
    /// The rows, laid out when read.
    public var rows: RowLayouts
}

/// A section's rows, each laid out when it is read: a table keeps per row only its
/// `CellSpec`, its height and (for custom subviews after a width change) where
/// autoresizing continues from, and derives a row's frames from those when asked — as
/// UIKit keeps little more than a height per row until a cell is shown.
///
/// Reading a row lays it out again (fonts and prepared texts come from the layouter's
/// memos, so it fits text and places frames: microseconds per row). Read each row once
/// where it matters; `TableEncoder` reads them on all cores.
public struct RowLayouts: RandomAccessCollection, Sendable {
    /// The rows' cells.
    package let cells: BlockedArray<CellSpec>
    /// Where each row's custom subviews autoresize from; nil when every row starts from
    /// the initial 320 × 44 bounds.
    let subviewStates: BlockedArray<SubviewState?>?
    /// Lays out the rows.
    package let layouter: CellLayouter
    /// The cells' width.
    package let cellWidth: Double
    /// The table's direction, which rows leave `.unspecified` follow.
    package let direction: LayoutDirection
    /// The table's row height, which rows without a height of their own take.
    package let rowHeight: RowHeight

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of rows.
    public var endIndex: Int { cells.count }

    /// Row `index`, laid out.
    public subscript(index: Int) -> RowLayout {
        do {
            return try layout(index)
        } catch {
            // The table laid this row out when it was added, resolving the same fonts, and
            // a font once resolved resolves again (faces are kept by the font library).
            preconditionFailure("row \(index) was laid out before but not now: \(error)")
        }
    }
}

extension RowLayouts {
    /// Row `index`, laid out.
    /// - Throws: `FontError` (never for a row the table has laid out: see the subscript).
    package func layout(_ index: Int) throws -> RowLayout {
        try layouter.layout(cells[index], width: cellWidth, previous: subviewStates?[index] ?? nil,
                            inheriting: direction, rowHeight: rowHeight)
    }
}

/// A table's sections, each made when read (see ``SectionLayout``).
public struct SectionLayouts: RandomAccessCollection {
    /// The table.
    package let table: TableLayout

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of sections.
    public var endIndex: Int { table.sectionStates.count }

    /// Section `index`.
    public subscript(index: Int) -> SectionLayout {
        SectionLayout(header: table.sectionStates[index].header, footer: table.sectionStates[index].footer,
                      rows: table.rows(inSection: index))
    }
}
