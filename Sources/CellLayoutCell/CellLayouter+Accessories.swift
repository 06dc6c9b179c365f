import Foundation

/// A list cell's accessories placed horizontally: each one's frame (y 0, placed later) and
/// the room the two groups leave the content view.
struct PlacedAccessories {
    /// The accessories shown, leading group first, each group from the outer edge inward.
    var items: [AccessoryLayout] = []
    /// Where the content view starts and ends (cell coordinates, left to right).
    var contentMinX, contentMaxX: Double
    /// Whether an accessory group stands beside the content view at its leading (trailing)
    /// edge, holding the cell's margin there.
    var besideLeading = false, besideTrailing = false

    /// The accessories centred in a content view `contentHeight` tall, the reorder grip
    /// as tall as it (UIKit's grip spans the row), origins on the pixel grid.
    func placed(contentHeight: Double, metrics m: TableMetrics) -> [AccessoryLayout] {
        items.map { item in
            var item = item
            if item.kind == .reorder {
                item.frame.size.height = contentHeight
            } else {
                item.frame.origin.y = m.roundToPixel((contentHeight - item.frame.height) / 2)
            }
            item.text?.frame = item.frame
            return item
        }
    }
}

extension CellLayouter {
    /// `cell`'s accessories shown in its editing state, laid out in a cell `width` wide whose
    /// safe area insets the groups by `safe` (left to right): from each edge's layout margin
    /// inward, 8 apart in the trailing group and 16 in the leading one (D1), the content view
    /// between the innermost of each group. The cell's `indentation` (level × width) moves
    /// the leading group's margin when the cell indents its accessories or has none there,
    /// and the content view when it does not or has none there (D4: both at once only
    /// without leading accessories, where the content view's text keeps the margin inside it).
    func listAccessories(_ cell: CellSpec, width: Double, safe: (leading: Double, trailing: Double),
                         indentation: Double, category: ContentSizeCategory) throws -> PlacedAccessories {
        let m = metrics
        let editing = cell.isEditing
        let standard = m.listAccessoryStandardWidth(category: category)
        var placed = PlacedAccessories(contentMinX: safe.leading, contentMaxX: width - safe.trailing)
        for placement in CellAccessory.Placement.allCases {
            // Outermost first: the kind's order from the content, ties kept in array order
            // (nearest the content the first of them).
            let group = cell.accessories.enumerated()
                .filter { $0.element.placement == placement && $0.element.displayed.shows(editing: editing) }
                .sorted { ($0.element.kind.order, -$0.offset) > ($1.element.kind.order, -$1.offset) }
            let leading = placement == .leading
            guard !group.isEmpty else {
                if leading { placed.contentMinX += indentation }
                continue
            }
            if leading { placed.besideLeading = true } else { placed.besideTrailing = true }
            var edge = leading ? safe.leading + m.leadingMargin + (cell.indentsAccessories ? indentation : 0)
                : width - safe.trailing - m.trailingMargin
            for (index, accessory) in group {
                var text: LabelLayout?
                let size: TableMetrics.Size
                if let system = m.listAccessorySize(accessory.kind, category: category) {
                    size = system
                } else if accessory.kind == .label {
                    let measured = try measurer.measure(
                        accessory.text ?? "", attributes: nil, font: accessory.font ?? CellAccessory.labelFont,
                        alignment: .natural, width: .infinity, numberOfLines: 1,
                        mode: .byTruncatingTail)
                    size = .init(width: measured.fittingWidth(m), height: measured.height)
                    text = LabelLayout(id: "accessory", frame: .zero, measurement: measured, alignsRight: false)
                } else if let view = accessory.view {
                    size = try fixedSize(view) ?? view.size ?? intrinsicSize(view)
                } else {
                    size = .init(width: 0, height: 0)
                }
                let reserved: Double
                switch accessory.reservedLayoutWidth {
                case .standard: reserved = standard
                case .actual: reserved = 0
                case .custom(let points): reserved = points
                }
                let take = reserved > 0 ? reserved : size.width
                let slotX = leading ? edge : edge - take
                let frame = CGRect(x: m.roundToPixel(slotX + (take - size.width) / 2), y: 0,
                                   width: size.width, height: size.height)
                // A custom label's or button's text, fitted to the view as the legacy accessory view's is.
                if let view = accessory.view {
                    switch view.kind {
                    case .label:
                        text = LabelLayout(id: view.id, frame: frame, measurement: try measureLabel(view, width: frame.width),
                                           alignsRight: false)
                    case .button:
                        text = LabelLayout(id: view.id, frame: frame,
                                           measurement: try measureButtonTitle(view, width: frame.width), alignsRight: false)
                    default: break
                    }
                }
                // A hidden accessory keeps its room (Apple: hidden, not removed).
                if !accessory.isHidden {
                    placed.items.append(AccessoryLayout(kind: accessory.kind, id: accessory.view?.id, index: index,
                                                        frame: frame, placement: placement, text: text))
                }
                if leading {
                    placed.contentMinX = slotX + take + (cell.indentsAccessories ? 0 : indentation)
                    edge = slotX + take + CellAccessory.leadingSpacing
                } else {
                    placed.contentMaxX = slotX
                    edge = slotX - CellAccessory.trailingSpacing
                }
            }
        }
        return placed
    }
}
