import CellLayoutCell

/// A table as the input describes it: style, metrics, sections of rows.
public struct TableSpec: Sendable {
    /// `UITableView.Style`.
    public enum Style: String, CaseIterable, Sendable {
        /// Plain: edge to edge, headers float.
        case plain
        /// Grouped: sections separated by space, header text in capitals.
        case grouped
        /// Grouped with the sections inset from the edges (iOS 13).
        case insetGrouped
    }

    /// The table's width in points.
    public var width: Double
    /// The style.
    public var style: Style = .plain
    /// The metrics, defaults overridden by the input's `"metrics"`.
    public var metrics = TableMetrics()
    /// The height of every row that sets none, as `UITableView.rowHeight`: self-sizing
    /// (`automaticDimension`, the default) or fixed. A row's own `CellSpec.height` wins,
    /// as `tableView(_:heightForRowAt:)` does.
    public var rowHeight: RowHeight = .auto
    /// The sections.
    public var sections: [SectionSpec] = []
    /// The safe area's left and right insets (landscape on a notched phone, iOS 11 on):
    /// cells' content views, headers and footers are inset to it; insetGrouped sections
    /// are inset from it.
    public var safeArea: SafeAreaInsets = .zero
    /// The most rows one table document may have (all sections together): what
    /// `TableDecoder` accepts. `layout-cli layout` streams a document's rows, but `query`
    /// and `render` hold the whole table (about 80 bytes a row besides its strings; Pipeline.md,
    /// "What a table keeps per row").
    public static let maxRows = 5_000_000
    /// Whether the table lays out right to left (`UIView.semanticContentAttribute`): its
    /// headers, footers and the rows that leave theirs `.unspecified`.
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified

    /// - Parameters: the width, style, metrics and sections.
    public init(width: Double, style: Style = .plain, metrics: TableMetrics = TableMetrics(),
                sections: [SectionSpec] = []) {
        self.width = width
        self.style = style
        self.metrics = metrics
        self.sections = sections
    }
}

/// One section: an optional header and footer text, and rows.
public struct SectionSpec: Sendable {
    /// The header's text (`titleForHeaderInSection`).
    public var header: String?
    /// The footer's text.
    public var footer: String?
    /// The header's runs and paragraph style, when attributed.
    public var headerAttributes: LabelText?
    /// The footer's runs and paragraph style, when attributed.
    public var footerAttributes: LabelText?
    /// The header as a list content configuration (iOS 14), instead of `header`.
    public var headerContent: HeaderConfiguration?
    /// The footer as a list content configuration (iOS 14), instead of `footer`.
    public var footerContent: HeaderConfiguration?
    /// The rows, in blocks so that inserting into a section of a million stays cheap.
    public var rows: BlockedArray<CellSpec>

    /// - Parameters: header, footer and rows. Rows that set the same rarely set
    ///   properties (an image size, a font, …) share one copy of them as they are stored.
    public init<Rows: Sequence>(header: String? = nil, footer: String? = nil, rows: Rows) where Rows.Element == CellSpec {
        self.header = header
        self.footer = footer
        var pool = CellSpec.ExtrasPool()
        self.rows = BlockedArray(rows.lazy.map { $0.sharingExtras(in: &pool) })
    }

    /// A section without rows.
    public init(header: String? = nil, footer: String? = nil) {
        self.init(header: header, footer: footer, rows: [])
    }
}

/// A row's place in a table: section and row, as UIKit's `IndexPath`.
public struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The row within the section.
    public var row: Int

    /// - Parameters: section and row.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Orders by section, then row.
    public static func < (a: RowPath, b: RowPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }

    /// "[section, row]".
    public var description: String { "[\(section), \(row)]" }
}
