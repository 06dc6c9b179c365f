import Foundation
import CellLayoutPrepare

/// Lays out one cell at a width: editing controls and accessory first (they decide the
/// content view's width), then the standard image and labels, then custom subviews by
/// their autoresizing masks, and the row's height from all of it.
public struct CellLayouter: Sendable {
    /// Fonts, prepared texts and label heights.
    public let measurer: LabelMeasurer
    /// The metrics, at the width the cells are laid out at (`TableMetrics.atWidth(_:)`).
    public private(set) var metrics: TableMetrics
    /// The safe area the cells' content views are inset to.
    public let safeArea: SafeAreaInsets

    /// The content bounds a cell's custom subviews are built against: UITableViewCell's
    /// initial frame is 320 × 44.
    public static let initialContentSize = CGSize(width: 320, height: 44)

    /// - Parameters:
    ///   - measurer: measures the labels.
    ///   - metrics: the metrics at the table's width; nil for the measurer's.
    ///   - safeArea: the safe area cells' content views are inset to (iOS 11).
    public init(measurer: LabelMeasurer, metrics: TableMetrics? = nil, safeArea: SafeAreaInsets = .zero) {
        self.measurer = measurer
        self.metrics = metrics ?? measurer.metrics
        self.safeArea = safeArea
    }

    /// Lays out `cell` in a cell `width` points wide.
    /// - Parameters:
    ///   - cell: the row.
    ///   - width: the cell's width.
    ///   - previous: the custom subviews' state after the last layout of this same row
    ///     (nil for the first): autoresizing continues from there.
    ///   - direction: the table's layout direction, which a cell whose
    ///     `semanticContentAttribute` is `.unspecified` follows.
    ///   - rowHeight: the table's row height (`TableSpec.rowHeight`), which a cell whose
    ///     `height` is nil takes.
    /// - Throws: `FontError` when a font cannot be resolved.
    public func layout(_ cell: CellSpec, width: Double, previous: SubviewState? = nil,
                       inheriting direction: LayoutDirection = .leftToRight, rowHeight: RowHeight = .auto)
        throws -> RowLayout {
        try layout(cell, width: width, previous: previous, inheriting: direction, rowHeight: rowHeight,
                   ignoredSettings: nil)
    }

    /// `layout(_:width:previous:inheriting:rowHeight:)` with the row's ignored settings
    /// found beforehand (they do not depend on the width); nil finds them here.
    private func layout(_ cell: CellSpec, width: Double, previous: SubviewState?, inheriting direction: LayoutDirection,
                        rowHeight: RowHeight, ignoredSettings known: [LayoutWarning]?) throws -> RowLayout {
        if let category = cell.contentSizeCategory, category != measurer.contentSizeCategory {
            return try CellLayouter(measurer: measurer.at(category))
                .layout(cell, width: width, previous: previous, inheriting: direction, rowHeight: rowHeight,
                        ignoredSettings: known)
        }
        let rightToLeft = cell.semanticContentAttribute.layoutDirection(inheriting: direction) == .rightToLeft
        let row = try layoutLeftToRight(cell, width: width, previous: previous, rightToLeft: rightToLeft,
                                        height: cell.height ?? rowHeight, ignoredSettings: known)
        return rightToLeft ? row.mirrored(cellWidth: width) : row
    }

    /// Lays out `cell` at each of `widths` in turn, as a device rotating through them does:
    /// its texts are prepared once and fitted again at each width, its margins are the
    /// metrics' at each width, and its custom subviews are autoresized from each width to
    /// the next (the first from the initial 320 × 44).
    /// - Parameters:
    ///   - cell: the row.
    ///   - widths: the cell's widths, in the order it takes them.
    ///   - direction: the table's layout direction (see `layout(_:width:previous:inheriting:rowHeight:)`).
    /// - Returns: one layout per width, in the same order.
    /// - Throws: `FontError` when a font cannot be resolved.
    public func layouts(_ cell: CellSpec, widths: [Double], inheriting direction: LayoutDirection = .leftToRight)
        throws -> [RowLayout] {
        // One layouter for the row, its metrics taken to each width in place.
        var row = CellLayouter(measurer: measurer.forOneRow(category: cell.contentSizeCategory,
                                                            atSeveralWidths: widths.count > 1),
                               metrics: metrics, safeArea: safeArea)
        // The settings UIKit ignores, found once for all widths.
        let ignored = try row.ignoredSettings(cell, height: cell.height ?? .auto)
        var previous: SubviewState?
        return try widths.map { width in
            row.metrics.take(width: width)
            let layout = try row.layout(cell, width: width, previous: previous, inheriting: direction, rowHeight: .auto,
                                        ignoredSettings: ignored)
            previous = layout.subviewState
            return layout
        }
    }

    /// The cell laid out left to right, its labels' text aligned as the cell's direction
    /// will have them once mirrored (`rightToLeft`), `rowHeight` tall; `known`: the row's
    /// ignored settings when found beforehand.
    private func layoutLeftToRight(_ cell: CellSpec, width: Double, previous: SubviewState?, rightToLeft: Bool,
                                   height rowHeight: RowHeight, ignoredSettings known: [LayoutWarning]?) throws
        -> RowLayout {
        let editing = cell.editing.isEditing
        let accessory = editing ? Accessory.none : cell.accessory
        let accessoryViewSize = try accessory.viewSpec.map { try fixedSize($0) ?? $0.size ?? intrinsicSize($0) }
        // The safe area's insets at this row's leading and trailing edges (mirrored below).
        let safe = safeArea.edges(rightToLeft ? .rightToLeft : .leftToRight)
        let control = cell.editing.control != .none ? metrics.editingControlWidth : 0
        let category = cell.contentSizeCategory ?? metrics.contentSizeCategory
        // A list cell's accessories (iOS 14) decide the content view's edges instead.
        let indent = Double(cell.indentationLevel) * (cell.indentationWidth ?? metrics.indentationWidth)
        let list = cell.accessories.isEmpty ? nil
            : try listAccessories(cell, width: width, safe: safe, indentation: indent, category: category)
        let leading = list?.contentMinX ?? safe.leading + control
        let trailing = list.map { width - $0.contentMaxX } ?? safe.trailing
            + (cell.editing.reorder
                ? metrics.reorderControlWidth : accessoryTake(accessory, viewSize: accessoryViewSize))
        let contentWidth = max(0, width - leading - trailing)

        // Standard image and labels (or the content configuration's), horizontally.
        var labels: [LabelLayout]
        var required: Double
        let configured = try cell.content.map { content in
            try self.configured(content, contentWidth: contentWidth,
                                besideAccessory: list.map { ($0.besideLeading, $0.besideTrailing) }
                                    ?? (leading > safe.leading, trailing > safe.trailing),
                                category: category, rightToLeft: rightToLeft)
        }
        if let configured {
            labels = configured.labels
            required = configured.required
        } else {
            var textX = metrics.leadingMargin + indent
            if let image = cell.image { textX += image.width + metrics.imageSpacing }
            let available = max(0, contentWidth - textX - metrics.trailingMargin)
            labels = try standardLabels(cell, x: textX, available: available, rightToLeft: rightToLeft)
            let block = cell.style == .subtitle
                ? labels.reduce(0) { $0 + $1.frame.height }
                : labels.map(\.frame.height).max() ?? 0
            required = labels.isEmpty ? 0 : block + 2 * metrics.verticalMargin
            if let image = cell.image { required = max(required, image.height + 2 * metrics.imageVerticalMargin) }
        }

        // Custom subviews, horizontally; text labels re-wrapped at their new width.
        let state = try previous ?? SubviewState(contentSize: Self.initialContentSize,
                                                 frames: cell.subviews.map(initialFrame))
        var frames: [CGRect] = []
        var custom: [LabelLayout?] = []
        var sizing = CustomLabelSizing(centredInset: metrics.verticalMargin)
        for (i, view) in cell.subviews.enumerated() {
            let frame = resize(state.frames[i], of: view, from: state.contentSize,
                               to: CGSize(width: contentWidth, height: state.contentSize.height))
            var label: LabelLayout?
            if view.kind == .label {
                let measured = try measureLabel(view, width: frame.width, alignment: rightToLeft ? .right : .natural)
                if isHeightIntrinsic(view) { sizing.add(view.frame, height: measured.height) }
                label = LabelLayout(id: view.id, frame: frame, measurement: measured, alignsRight: false)
            }
            frames.append(frame)
            custom.append(label)
        }

        // The row's height (the standard content plus the separator, or what the custom
        // labels need of the whole row), then everything vertically.
        let height: Double
        switch rowHeight {
        case .fixed(let fixed): height = fixed
        case .auto:
            height = max(cell.minHeight ?? metrics.rowHeight,
                         metrics.ceilToPixel(max(required + metrics.separatorHeight, sizing.rowHeight)
                                                 + cell.additionalHeight))
        }
        let contentHeight = max(0, height - metrics.separatorHeight)
        let contentSize = CGSize(width: contentWidth, height: contentHeight)
        var configuredImage: CGRect?
        if let configured {
            (labels, configuredImage) = configured.placed(contentHeight: contentHeight, metrics: metrics)
        } else {
            placeStandardLabels(&labels, style: cell.style, contentHeight: contentHeight)
        }
        for i in frames.indices {
            let view = cell.subviews[i]
            frames[i] = resize(frames[i], of: view, from: CGSize(width: contentWidth, height: state.contentSize.height),
                               to: contentSize)
            if var label = custom[i] {
                if isHeightIntrinsic(view) { frames[i].size.height = label.measurement.height }
                label.frame = frames[i]
                labels.append(label)
            }
        }

        let accessoryFrame = accessoryFrame(accessory, viewSize: accessoryViewSize, cellWidth: width - safe.trailing,
                                            contentHeight: contentHeight)
        var buttonTitles: [LabelLayout] = []
        for (view, frame) in zip(cell.subviews, frames) where view.kind == .button {
            buttonTitles.append(try buttonTitle(view, frame: frame))
        }
        var accessoryTexts: [LabelLayout] = []
        if let view = accessory.viewSpec, let frame = accessoryFrame {
            switch view.kind {
            case .button: accessoryTexts.append(try buttonTitle(view, frame: frame))
            case .label:
                accessoryTexts.append(LabelLayout(id: view.id, frame: frame,
                                                  measurement: try measureLabel(view, width: frame.width,
                                                                                alignment: rightToLeft ? .right : .natural),
                                                  alignsRight: rightToLeft))
            default: break
            }
        }

        let swipe = try swipeButtons(cell.swipeActions, cellWidth: width, height: contentHeight)
        var row = RowLayout(
            height: height,
            contentView: CGRect(x: leading, y: 0, width: contentWidth, height: contentHeight),
            imageView: configured == nil ? cell.image.map {
                CGRect(x: metrics.leadingMargin + indent, y: metrics.roundToPixel((contentHeight - $0.height) / 2),
                       width: $0.width, height: $0.height)
            } : configuredImage,
            accessoryView: accessoryFrame,
            accessory: accessory,
            editingControl: cell.editing.control == .none
                ? nil : CGRect(x: safe.leading, y: 0, width: metrics.editingControlWidth, height: contentHeight),
            reorderControl: cell.editing.reorder
                ? CGRect(x: width - safe.trailing - metrics.reorderControlWidth, y: 0,
                         width: metrics.reorderControlWidth, height: contentHeight)
                : nil,
            swipeActions: swipe.map(\.frame),
            subviews: zip(cell.subviews, frames).map { ($0.id, $1) },
            labels: labels,
            buttonTitles: buttonTitles,
            swipeTitles: swipe,
            accessoryTexts: accessoryTexts,
            accessories: list?.placed(contentHeight: contentHeight, metrics: metrics) ?? [],
            subviewState: SubviewState(contentSize: contentSize, frames: frames))
        row.ignoredSettings = try known ?? ignoredSettings(cell, height: rowHeight)
        if cell.swipeOpen { row.openSwipe() }
        return row
    }

    // MARK: Standard labels

    /// The style's labels, measured and placed horizontally (y comes later).
    private func standardLabels(_ cell: CellSpec, x: Double, available: Double, rightToLeft: Bool) throws
        -> [LabelLayout] {
        let text = cell.text.flatMap { $0.isEmpty ? nil : $0 }
        let detail = cell.style == .default ? nil : cell.detailText.flatMap { $0.isEmpty ? nil : $0 }
        let defaults = metrics.defaultFonts(for: cell.style)
        let textFont = cell.font ?? defaults.text, detailFont = cell.detailFont ?? defaults.detail
        func label(_ id: String, _ string: String, _ font: FontSpec, lines: Int, x: Double, width: Double,
                   right: Bool = false) throws -> LabelLayout {
            let measured = try measurer.measure(
                string, attributes: id == "textLabel" ? cell.textAttributes : cell.detailTextAttributes, font: font,
                alignment: right != rightToLeft ? .right : rightToLeft ? .left : .natural, width: width, numberOfLines: lines, mode: cell.lineBreakMode)
            return LabelLayout(
                id: id, frame: CGRect(x: x, y: 0, width: width, height: measured.height),
                measurement: measured, alignsRight: right)
        }
        var labels: [LabelLayout] = []
        switch cell.style {
        case .default, .subtitle:
            if let text { labels.append(try label("textLabel", text, textFont, lines: cell.numberOfLines, x: x, width: available)) }
            if let detail {
                labels.append(try label("detailTextLabel", detail, detailFont, lines: cell.detailNumberOfLines,
                                        x: x, width: available))
            }
        case .value1:
            var detailWidth = 0.0
            if let detail {
                let natural = try measurer.measure(
                    detail, attributes: cell.detailTextAttributes, font: detailFont, width: .infinity,
                    numberOfLines: 1, mode: .byTruncatingTail).fittingWidth(metrics)
                detailWidth = min(natural, available)
                labels.append(try label("detailTextLabel", detail, detailFont, lines: cell.detailNumberOfLines,
                                        x: x + available - detailWidth, width: detailWidth, right: true))
            }
            if let text {
                let width = max(0, available - (detail == nil ? 0 : detailWidth + metrics.value1Spacing))
                labels.insert(try label("textLabel", text, textFont, lines: cell.numberOfLines, x: x, width: width), at: 0)
            }
        case .value2:
            let column = min(metrics.value2LabelWidth, available)
            if let text {
                labels.append(try label("textLabel", text, textFont, lines: cell.numberOfLines, x: x, width: column,
                                        right: true))
            }
            if let detail {
                let detailX = x + column + metrics.value2Spacing
                labels.append(try label("detailTextLabel", detail, detailFont, lines: cell.detailNumberOfLines,
                                        x: detailX, width: max(0, available - column - metrics.value2Spacing)))
            }
        }
        return labels
    }

    /// Centres the labels in the content height: subtitle's as one block, the others each
    /// on its own; origins rounded to pixels as UIKit aligns them.
    private func placeStandardLabels(_ labels: inout [LabelLayout], style: CellStyle, contentHeight: Double) {
        if style == .subtitle {
            var y = metrics.roundToPixel((contentHeight - labels.reduce(0) { $0 + $1.frame.height }) / 2)
            for i in labels.indices {
                labels[i].frame.origin.y = y
                y += labels[i].frame.height
            }
        } else {
            for i in labels.indices {
                labels[i].frame.origin.y = metrics.roundToPixel((contentHeight - labels[i].frame.height) / 2)
            }
        }
    }

    // MARK: Accessory, controls, swipe buttons

    /// The content width an accessory takes (FDTemplateLayoutCell's table).
    private func accessoryTake(_ accessory: Accessory, viewSize: TableMetrics.Size?) -> Double {
        switch accessory {
        case .none: return 0
        case .disclosureIndicator: return metrics.disclosureIndicatorWidth
        case .checkmark: return metrics.checkmarkWidth
        case .detailButton: return metrics.detailButtonWidth
        case .detailDisclosureButton: return metrics.detailDisclosureButtonWidth
        case .view: return metrics.accessoryViewPadding + (viewSize?.width ?? 0)
        }
    }

    /// The accessory's frame in cell coordinates: inside the trailing margin, centred.
    private func accessoryFrame(_ accessory: Accessory, viewSize: TableMetrics.Size?, cellWidth: Double,
                                contentHeight: Double) -> CGRect? {
        let size: TableMetrics.Size
        let trailing: Double
        switch accessory {
        case .none: return nil
        case .disclosureIndicator: (size, trailing) = (metrics.disclosureIndicatorSize, metrics.trailingMargin)
        case .checkmark: (size, trailing) = (metrics.checkmarkSize, metrics.trailingMargin)
        case .detailButton: (size, trailing) = (metrics.detailButtonSize, metrics.trailingMargin)
        case .detailDisclosureButton: (size, trailing) = (metrics.detailDisclosureButtonSize, metrics.trailingMargin)
        case .view: (size, trailing) = (viewSize ?? .init(width: 0, height: 0), metrics.accessoryViewPadding)
        }
        return CGRect(x: cellWidth - trailing - size.width, y: metrics.roundToPixel((contentHeight - size.height) / 2),
                      width: size.width, height: size.height)
    }

    /// Swipe buttons as revealed, each with its title: its title's width (spaces at its
    /// ends included) plus padding, the first at the trailing edge, full content height.
    private func swipeButtons(_ actions: [SwipeAction], cellWidth: Double, height: Double) throws -> [LabelLayout] {
        guard !actions.isEmpty else { return [] }
        let font = try measurer.font(metrics.swipeActionFont)
        var x = cellWidth
        return actions.map { action in
            let title = measurer.measure(action.title, font: font, width: .infinity, numberOfLines: 1,
                                         mode: .byTruncatingTail)
            let width = title.titleWidth(metrics) + 2 * metrics.swipeActionPadding
            x -= width
            return LabelLayout(id: action.title, frame: CGRect(x: x, y: 0, width: width, height: height),
                               measurement: title, alignsRight: false)
        }
    }

    // MARK: Custom subviews

    /// A custom view's frame in the initial 320 × 44 bounds, from its rule and its given
    /// or intrinsic size; a switch then takes its own size at that origin, as
    /// `UISwitch(frame:)` does.
    public func initialFrame(_ view: ViewSpec) throws -> CGRect {
        let frame = try requestedFrame(view)
        return fixedSize(view).map { CGRect(x: frame.minX, y: frame.minY, width: $0.width, height: $0.height) } ?? frame
    }

    /// The frame `view`'s rule and size ask for in the initial 320 × 44 bounds, before a
    /// switch takes its own size there (`initialFrame(_:)`).
    func requestedFrame(_ view: ViewSpec) throws -> CGRect {
        let bounds = Self.initialContentSize
        let rule = view.frame
        let intrinsic = try view.size ?? intrinsicSize(view)
        let width = rule.width ?? rule.widthFraction.map { $0 * bounds.width }
            ?? (rule.left != nil && rule.right != nil ? bounds.width - rule.left! - rule.right! : intrinsic.width)
        let x = rule.left ?? rule.right.map { bounds.width - $0 - width }
            ?? rule.centerX.map { (bounds.width - width) / 2 + $0 } ?? 0
        var height = rule.height ?? rule.heightFraction.map { $0 * bounds.height }
            ?? (rule.top != nil && rule.bottom != nil ? bounds.height - rule.top! - rule.bottom! : intrinsic.height)
        if isHeightIntrinsic(view) { height = try measureLabel(view, width: width).height }
        let y = rule.top ?? rule.bottom.map { bounds.height - $0 - height }
            ?? rule.centerY.map { (bounds.height - height) / 2 + $0 } ?? 0
        return CGRect(x: x, y: y, width: max(0, width), height: max(0, height))
    }

    /// `frame`, a frame of `view` in a content view going from size `old` to `new`, after
    /// autoresizing; a switch keeps its own size at the new origin (UISwitch ignores the
    /// size of any frame it is given).
    private func resize(_ frame: CGRect, of view: ViewSpec, from old: CGSize, to new: CGSize) -> CGRect {
        var frame = Autoresizing.resize(frame, mask: view.autoresizing, from: old, to: new)
        if let size = fixedSize(view) { frame.size = CGSize(width: size.width, height: size.height) }
        return frame
    }

    /// The size a view keeps whatever frame it is given: a switch's 51 × 31
    /// (`TableMetrics.switchSize`); nil for every other kind.
    func fixedSize(_ view: ViewSpec) -> TableMetrics.Size? {
        view.kind == .switch ? metrics.switchSize : nil
    }

    /// A view's `sizeThatFits`: the kind's own size (a given `size` is the caller's).
    func intrinsicSize(_ view: ViewSpec) throws -> TableMetrics.Size {
        switch view.kind {
        case .switch: return metrics.switchSize
        case .detailDisclosureButton: return metrics.detailButtonSize
        case .slider: return .init(width: metrics.sliderWidth, height: metrics.sliderHeight)
        case .button:
            let title = try measurer.measure(
                view.text ?? "", attributes: view.textAttributes, font: view.font ?? metrics.buttonFont,
                alignment: .center, width: .infinity, numberOfLines: 1, mode: .byTruncatingTail)
            return .init(width: title.titleWidth(metrics) + 2 * metrics.buttonPadding.width,
                         height: max(metrics.buttonMinHeight, title.height + 2 * metrics.buttonPadding.height))
        case .label:
            let measured = try measureLabel(view, width: .infinity)
            return .init(width: measured.fittingWidth(metrics), height: measured.height)
        case .image, .view:
            return .init(width: 0, height: 0)
        }
    }

    /// Whether a custom label's height comes from its text (no height in its size or frame rule).
    private func isHeightIntrinsic(_ view: ViewSpec) -> Bool {
        view.kind == .label && view.size == nil && view.frame.height == nil && view.frame.heightFraction == nil
            && !(view.frame.top != nil && view.frame.bottom != nil)
    }

    /// A custom label's text fitted to `width` (also a label used as an accessory view).
    public func measureLabel(_ view: ViewSpec, width: Double, alignment: TextAlignment = .natural) throws
        -> LabelMeasurement {
        try measurer.measure(view.text ?? "", attributes: view.textAttributes, font: view.font ?? metrics.labelFont,
                             alignment: alignment, width: width, numberOfLines: view.numberOfLines, mode: .byTruncatingTail)
    }

    /// A button's title fitted on one line to `width`, centred, cut in the middle if too
    /// wide (UIButton's title), as `RowLayout.buttonTitles` carries it.
    public func measureButtonTitle(_ view: ViewSpec, width: Double) throws -> LabelMeasurement {
        try measurer.measure(view.text ?? "", attributes: view.textAttributes, font: view.font ?? metrics.buttonFont,
                             alignment: .center, width: width, numberOfLines: 1, mode: .byTruncatingMiddle)
    }

    /// A button's title fitted on one line to the button's frame (`measureButtonTitle`).
    private func buttonTitle(_ view: ViewSpec, frame: CGRect) throws -> LabelLayout {
        LabelLayout(id: view.id, frame: frame, measurement: try measureButtonTitle(view, width: frame.width),
                    alignsRight: false)
    }
}

extension Accessory {
    /// The custom view, when the accessory is one.
    var viewSpec: ViewSpec? {
        if case .view(let view) = self { view } else { nil }
    }
}
