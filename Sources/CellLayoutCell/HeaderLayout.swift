import Foundation

/// A section header or footer view.
public struct HeaderLayout: Sendable {
    /// Its height (0: none), `topPadding` included.
    public var height: Double
    /// Its text label, in the header view's coordinates (x in table coordinates).
    public var textLabel: LabelLayout?
    /// A configured header's secondary text, placed as `textLabel`.
    public var detailTextLabel: LabelLayout?
    /// A configured header's image, placed as `textLabel`.
    public var imageView: CGRect?
    /// Space above the header view that is part of its height (a plain header's
    /// `sectionHeaderTopPadding`): a floating header pins without it.
    public var topPadding: Double = 0
}

/// Which of a section's two titled views.
public enum HeaderKind: Sendable {
    /// `titleForHeaderInSection`.
    case header
    /// `titleForFooterInSection`.
    case footer
}

extension CellLayouter {
    /// A section header or footer: its text wrapped at the cell width less the margins,
    /// padded per style (the first grouped header's space above is its own, a plain header
    /// has `sectionHeaderTopPadding` above it); plain tables show none without text, grouped
    /// ones keep a gap (taller above the first section). A pure function of its arguments
    /// and the metrics.
    /// - Parameters:
    ///   - text: the title (nil or empty: none).
    ///   - attributes: its runs and paragraph style, when it has them.
    ///   - kind: header or footer.
    ///   - section: the section's index (a grouped table's first empty header is taller).
    ///   - grouped: whether the table is grouped or insetGrouped.
    ///   - cellX: the x of the table's cells (the label's x is in table coordinates).
    ///   - cellWidth: the width of the table's cells.
    ///   - direction: the table's layout direction: right to left, the text starts at the
    ///     right margin and aligns right.
    /// - Throws: `FontError` when the header font cannot be resolved.
    public func header(_ text: String?, attributes: LabelText? = nil, kind: HeaderKind, section: Int, grouped: Bool, cellX: Double,
                       cellWidth: Double, direction: LayoutDirection = .leftToRight) throws -> HeaderLayout {
        let m = metrics
        let isHeader = kind == .header
        guard let text, !text.isEmpty else {
            let height = !grouped ? 0
                : isHeader ? (section == 0 ? m.groupedFirstEmptyHeaderHeight : m.groupedEmptyHeaderHeight)
                : m.groupedEmptyFooterHeight
            return HeaderLayout(height: height, textLabel: nil)
        }
        let uppercase = grouped && isHeader && m.groupedHeaderUppercase
        var attributes = attributes
        if uppercase, let runs = attributes?.runs {
            attributes?.runs = runs.map { run in
                var run = run
                run.text = run.text.uppercased()
                return run
            }
        }
        let rightToLeft = direction == .rightToLeft
        let labelWidth = max(0, cellWidth - safeArea.left - safeArea.right - m.leadingMargin - m.trailingMargin)
        let measured = try measurer.measure(
            uppercase ? text.uppercased() : text, attributes: attributes,
            font: !grouped ? m.plainHeaderFont : isHeader ? m.groupedHeaderFont : m.groupedFooterFont,
            alignment: rightToLeft ? .right : .natural, width: labelWidth, numberOfLines: 0, mode: .byWordWrapping)
        var padding = !grouped ? m.plainHeaderPadding : isHeader ? m.groupedHeaderPadding : m.groupedFooterPadding
        if grouped && isHeader && section == 0 { padding.top = m.groupedFirstHeaderTopPadding }
        var height = m.ceilToPixel(padding.top + measured.height + padding.bottom)
        if !grouped { height = max(height, m.plainHeaderHeight) }
        var y = grouped ? padding.top : m.roundToPixel((height - measured.height) / 2)
        if !grouped && isHeader {
            height += m.sectionHeaderTopPadding
            y += m.sectionHeaderTopPadding
        }
        let x = cellX + (rightToLeft ? cellWidth - safeArea.right - m.leadingMargin - labelWidth
                                     : safeArea.left + m.leadingMargin)
        return HeaderLayout(
            height: height,
            textLabel: LabelLayout(
                id: "textLabel", frame: CGRect(x: x, y: y, width: labelWidth, height: measured.height),
                measurement: measured, alignsRight: rightToLeft),
            topPadding: !grouped && isHeader ? m.sectionHeaderTopPadding : 0)
    }

    /// A section header or footer laid out by a list content configuration
    /// (`HeaderConfiguration`) as a cell's content is (`configured`, the same rules): its
    /// image and texts between the larger of the configuration's and the table's margins at
    /// the sides, its own margins above and below, the secondary text stacked under the
    /// text; in a plain table `sectionHeaderTopPadding` above a header. No minimum height:
    /// UIKit's header configurations enforce none (D3).
    /// - Parameters:
    ///   - configuration: the header's content.
    ///   - isHeader: whether it heads its section (else it ends it).
    ///   - grouped: whether the table is grouped or insetGrouped.
    ///   - cellX: the x of the table's cells.
    ///   - cellWidth: the width of the table's cells.
    ///   - direction: the table's layout direction.
    /// - Throws: `FontError` when the font cannot be resolved.
    public func header(_ configuration: HeaderConfiguration, isHeader: Bool, grouped: Bool, cellX: Double,
                       cellWidth: Double, direction: LayoutDirection = .leftToRight) throws -> HeaderLayout {
        let m = metrics
        let rightToLeft = direction == .rightToLeft
        let topPadding = !grouped && isHeader ? m.sectionHeaderTopPadding : 0
        var content = configuration.content
        if configuration.uppercased { content.text = content.text?.uppercased() }
        let width = max(0, cellWidth - safeArea.left - safeArea.right)
        let laidOut = try configured(content, contentWidth: width, besideAccessory: (leading: false, trailing: false),
                                     category: m.contentSizeCategory, rightToLeft: rightToLeft)
        let margins = content.directionalLayoutMargins
        let height = laidOut.labels.isEmpty && laidOut.image == nil
            ? m.ceilToPixel(margins.top + margins.bottom) : m.ceilToPixel(laidOut.required)
        let (labels, image) = laidOut.placed(contentHeight: height, metrics: m)
        // Into the header view's coordinates: x in the table's, below the top padding, and
        // mirrored about the content's centre line when the table is right to left.
        func place(_ frame: CGRect) -> CGRect {
            CGRect(x: cellX + safeArea.left + (rightToLeft ? width - frame.maxX : frame.minX), y: topPadding + frame.minY,
                   width: frame.width, height: frame.height)
        }
        func label(_ id: String) -> LabelLayout? {
            labels.first { $0.id == id }.map { label in
                var label = label
                label.frame = place(label.frame)
                label.alignsRight = rightToLeft
                return label
            }
        }
        return HeaderLayout(height: height + topPadding, textLabel: label("textLabel"),
                            detailTextLabel: label("detailTextLabel"), imageView: image.map(place),
                            topPadding: topPadding)
    }
}
