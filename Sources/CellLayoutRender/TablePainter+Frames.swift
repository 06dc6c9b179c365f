import CellLayout
import Foundation

extension TablePainter {
    /// The outline colors of `--frames`, one per kind of frame, semi-transparent.
    private enum FrameColor {
        static let headerFooter = RGBA(r: 88, g: 86, b: 214, a: 170)
        static let contentView = RGBA(r: 0, g: 122, b: 255, a: 150)
        static let label = RGBA(r: 255, g: 45, b: 85, a: 170)
        static let image = RGBA(r: 255, g: 149, b: 0, a: 190)
        static let subview = RGBA(r: 204, g: 170, b: 0, a: 200)
        static let accessory = RGBA(r: 175, g: 82, b: 222, a: 180)
        static let editingControl = RGBA(r: 52, g: 199, b: 89, a: 180)
        static let reorderControl = RGBA(r: 0, g: 170, b: 190, a: 180)
        static let swipeAction = RGBA(r: 255, g: 0, b: 255, a: 150)
    }

    /// The outlines' width, in points.
    private static let outlineWidth = 1.0

    /// Outlines every frame the layout computed, over the picture: headers and footers
    /// with their labels and images; each row's content view, image, labels, custom subviews,
    /// accessory (or list accessories), editing and reorder controls, and its swipe action buttons as revealed.
    mutating func outlineFrames() {
        for s in table.sections.indices {
            let section = table.sections[s]
            outlineHeaderOrFooter(section.header, y: table.headerSpan(s).y)
            for r in section.rows.indices {
                outlineRow(RowPath(section: s, row: r))
            }
            outlineHeaderOrFooter(section.footer, y: table.footerSpan(s).y)
        }
    }

    private mutating func outlineHeaderOrFooter(_ header: HeaderLayout, y: Double) {
        guard header.height > 0 else { return }
        outline(CGRect(x: 0, y: y, width: table.width, height: header.height), FrameColor.headerFooter)
        for label in [header.textLabel, header.detailTextLabel].compactMap({ $0 }) {
            outline(label.frame.offsetBy(dx: 0, dy: y), FrameColor.label)
        }
        if let image = header.imageView { outline(image.offsetBy(dx: 0, dy: y), FrameColor.image) }
    }

    private mutating func outlineRow(_ path: RowPath) {
        let row = table.sections[path.section].rows[path.row]
        let origin = table.rect(of: path).origin
        let content = CGPoint(x: origin.x + row.contentView.minX, y: origin.y + row.contentView.minY)
        func inCell(_ rect: CGRect) -> CGRect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        func inContent(_ rect: CGRect) -> CGRect { rect.offsetBy(dx: content.x, dy: content.y) }
        outline(inCell(row.contentView), FrameColor.contentView)
        if let image = row.imageView { outline(inContent(image), FrameColor.image) }
        for subview in row.subviews { outline(inContent(subview.frame), FrameColor.subview) }
        for label in row.labels { outline(inContent(label.frame), FrameColor.label) }
        if let accessory = row.accessoryView { outline(inCell(accessory), FrameColor.accessory) }
        for accessory in row.accessories { outline(inCell(accessory.frame), FrameColor.accessory) }
        if let control = row.editingControl { outline(inCell(control), FrameColor.editingControl) }
        if let control = row.reorderControl { outline(inCell(control), FrameColor.reorderControl) }
        for action in row.swipeActions { outline(inCell(action), FrameColor.swipeAction) }
    }

    private mutating func outline(_ rect: CGRect, _ color: RGBA) {
        canvas.stroke(rect, lineWidth: Self.outlineWidth, color: color)
    }
}
