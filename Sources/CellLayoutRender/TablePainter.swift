import CellLayout
import Foundation

/// One drawing of a table into a canvas: the table's parts in back-to-front order — each
/// section's cell background, header, rows, separators and footer.
///
/// Positions: rows are at `table.rect(of:)`; a row's content view, accessory and
/// controls are in cell coordinates; its labels, image and custom subviews in
/// content-view coordinates; a header's text label has x in table coordinates and y in
/// the header's.
struct TablePainter {
    /// The table drawn.
    let table: TableLayout
    /// Draws the glyph runs.
    let rasterizer: GlyphRasterizer
    /// The picture so far.
    var canvas: Canvas
    /// The generation's colors and shapes.
    let palette: GenerationPalette

    /// Whether sections are drawn as rounded blocks: insetGrouped ones, and grouped ones
    /// before iOS 7.
    var roundedSections: Bool {
        table.style == .insetGrouped || (table.style == .grouped && palette.sectionBorder != nil)
    }

    /// Draws every section.
    mutating func drawTable() {
        for s in table.sections.indices {
            let section = table.sections[s]
            drawCellBackground(section: s)
            drawHeaderOrFooter(section.header, y: table.headerSpan(s).y)
            for r in section.rows.indices {
                drawRow(RowPath(section: s, row: r))
            }
            drawSeparators(section: s)
            drawHeaderOrFooter(section.footer, y: table.footerSpan(s).y)
        }
    }

    /// The white behind a section's cells, one block from the first row to the last:
    /// rounded at both ends in an insetGrouped table (and an iOS 5–6 grouped one, inside
    /// its gray border), so that only the first cell's top corners and the last cell's
    /// bottom ones are round.
    private mutating func drawCellBackground(section: Int) {
        let count = table.numberOfRows(inSection: section)
        guard count > 0 else { return }
        let first = table.rect(of: RowPath(section: section, row: 0))
        let last = table.rect(of: RowPath(section: section, row: count - 1))
        let block = CGRect(x: first.minX, y: first.minY, width: first.width, height: last.maxY - first.minY)
        if roundedSections {
            let radius = table.metrics.sectionCornerRadius
            if let border = palette.sectionBorder {
                canvas.fillRoundedRect(block, cornerRadius: radius, color: border)
                canvas.fillRoundedRect(block.insetBy(dx: 1, dy: 1), cornerRadius: radius - 1, color: .white)
            } else {
                canvas.fillRoundedRect(block, cornerRadius: radius, color: .white)
            }
        } else {
            canvas.fill(block, color: .white)
        }
    }

    /// A header or footer: a plain table's gray bar, and the text, gray in grouped tables;
    /// a configured one's secondary text in the text's colour (its properties are the
    /// text's, Profiles.md) and its image (a size only) as a placeholder.
    private mutating func drawHeaderOrFooter(_ header: HeaderLayout, y: Double) {
        guard header.height > 0 else { return }
        let plain = table.style == .plain
        if plain, let bar = palette.plainHeaderBar {
            // The bar is the header view: the padding above an iOS 15 header is not part of it.
            canvas.fill(CGRect(x: 0, y: y + header.topPadding, width: table.width, height: header.height - header.topPadding),
                        color: bar)
        }
        let color = plain ? palette.plainHeaderText : palette.groupedHeaderText
        for label in [header.textLabel, header.detailTextLabel].compactMap({ $0 }) {
            drawText(label.measurement.layout, in: label.frame.offsetBy(dx: 0, dy: y), color: color)
        }
        if let image = header.imageView { drawImagePlaceholder(in: image.offsetBy(dx: 0, dy: y)) }
    }

    /// One row, back to front: editing control, image (its picture, or a placeholder), labels, custom subviews, accessory,
    /// a list cell's accessories, reorder control. Swipe action buttons are hidden until the row is swiped; a
    /// swiped-open row is clipped to its cell, as UIKit clips a cell while it is swiped. A
    /// row of height 0 is hidden: nothing of it is drawn. Everything comes from the row's
    /// drawing (`TableLayout.drawing(of:)`): its frames, its cell's drawing facts and its
    /// texts, each fitted once.
    private mutating func drawRow(_ path: RowPath) {
        let drawing = table.drawing(of: path)
        let row = drawing.layout
        guard row.height > 0 else { return }
        let origin = table.rect(of: path).origin
        let unclipped = canvas.clipBox
        defer { canvas.clipBox = unclipped }
        if row.swipeOffset > 0 { canvas.clip(to: table.rect(of: path)) }
        let content = CGPoint(x: origin.x + row.contentView.minX, y: origin.y + row.contentView.minY)
        if drawing.isSelected {
            canvas.fill(table.rect(of: path), color: .selectedCellBackground)
        }
        if let control = row.editingControl {
            drawEditingControl(drawing.editingControl, in: control.offsetBy(dx: origin.x, dy: origin.y))
        }
        if let image = row.imageView {
            let frame = image.offsetBy(dx: content.x, dy: content.y)
            if let bitmap = drawing.image { canvas.draw(bitmap, in: frame) } else { drawImagePlaceholder(in: frame) }
        }
        for label in drawing.labels {
            drawLabel(label, origin: content)
        }
        let rightToLeft = row.layoutDirection == .rightToLeft
        for subview in drawing.subviews {
            drawView(subview.kind, isOn: subview.isOn, in: subview.frame.offsetBy(dx: content.x, dy: content.y),
                     text: subview.title, rightToLeft: rightToLeft)
        }
        if let accessory = row.accessoryView {
            drawAccessory(row.accessory, in: accessory.offsetBy(dx: origin.x, dy: origin.y), text: drawing.accessoryText,
                          rightToLeft: rightToLeft)
        }
        drawListAccessories(drawing.accessories, origin: origin, selected: drawing.isSelected, rightToLeft: rightToLeft)
        if let reorder = row.reorderControl {
            drawReorderControl(in: reorder.offsetBy(dx: origin.x, dy: origin.y))
        }
        if row.swipeOffset > 0 { drawSwipeButtons(drawing.swipeButtons, origin: origin) }
    }

    /// A swiped-open row's buttons over the cell's trailing end: red (destructive) or gray,
    /// each title in white, centred.
    private mutating func drawSwipeButtons(_ buttons: [SwipeButtonDrawing], origin: CGPoint) {
        for button in buttons {
            let frame = button.title.label.frame.offsetBy(dx: origin.x, dy: origin.y)
            canvas.fill(frame, color: button.style == .destructive ? .destructiveRed : .systemGray)
            let width = button.title.text.usedWidthWithTrailingWhiteSpace
            drawText(button.title.text,
                     in: CGRect(x: frame.midX - width / 2, y: frame.minY, width: width, height: frame.height),
                     color: RGBA(button.title.color))
        }
    }

    /// Each row's separator, in the strip below its content view: from the leading margin
    /// (or, in a row with an image, from its text, as UIKit aligns it) to the cell's end.
    /// Grouped sections are closed by full-width hairlines at their top and bottom;
    /// insetGrouped ones by their rounded corners, so their last row has none.
    private mutating func drawSeparators(section: Int) {
        let m = table.metrics
        let rows = table.sections[section].rows
        guard m.separators, !rows.isEmpty else { return }
        let style = table.style
        for (r, row) in rows.enumerated() where row.height > 0 {
            let cell = table.rect(of: RowPath(section: section, row: r))
            let isLast = r == rows.count - 1
            if isLast && roundedSections { continue }
            // Inset from the leading edge: the left, or the right in a right-to-left row.
            let rightToLeft = row.layoutDirection == .rightToLeft
            let leading = rightToLeft ? cell.width - row.contentView.maxX : row.contentView.minX
            let inset = isLast && style == .grouped ? 0 : leading + separatorInset(row)
            canvas.fill(CGRect(x: cell.minX + (rightToLeft ? 0 : inset), y: cell.minY + row.contentView.maxY,
                               width: cell.width - inset, height: m.separatorHeight), color: palette.separator)
        }
        if style == .grouped && !roundedSections {
            let first = table.rect(of: RowPath(section: section, row: 0))
            canvas.fill(CGRect(x: first.minX, y: first.minY, width: first.width, height: m.separatorHeight),
                        color: palette.separator)
        }
    }

    /// How far from the content view's leading edge a row's separator starts: at the text
    /// when the row shows an image, else at the metrics' separator inset (the leading
    /// margin from iOS 7, the edge before).
    private func separatorInset(_ row: RowLayout) -> Double {
        guard table.metrics.separatorInset > 0 else { return 0 }
        guard row.imageView != nil, let text = row.textLabel else { return table.metrics.separatorInset }
        return row.layoutDirection == .rightToLeft ? row.contentView.width - text.maxX : text.minX
    }
}
