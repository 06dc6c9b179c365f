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
