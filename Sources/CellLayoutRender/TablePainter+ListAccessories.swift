import CellLayout
import Foundation

extension TablePainter {
    /// A list cell's accessories (`RowDrawing.accessories`), each in its frame (cell
    /// coordinates, offset by `origin`): the disclosure indicator a gray chevron, the
    /// outline disclosure a chevron in the tint colour (collapsed: pointing to the trailing
    /// side), the checkmark a blue tick, detail an info button, delete and insert the
    /// editing controls' red minus and green plus, reorder the grip's three lines,
    /// multiselect an empty gray ring (a blue disc with a white tick when the cell is
    /// selected), a label its gray text, a custom view by its kind.
    mutating func drawListAccessories(_ accessories: [AccessoryDrawing], origin: CGPoint, selected: Bool,
                                      rightToLeft: Bool) {
        for accessory in accessories {
            let frame = accessory.frame.offsetBy(dx: origin.x, dy: origin.y)
            switch accessory.kind {
            case .disclosureIndicator: drawChevron(in: frame, pointingLeft: rightToLeft)
            case .outlineDisclosure: drawChevron(in: frame, pointingLeft: rightToLeft, color: .systemBlue)
            case .checkmark: drawCheckmark(in: frame)
            case .detail: drawInfoButton(in: frame)
            case .delete: drawEditingControl(.delete, in: frame)
            case .insert: drawEditingControl(.insert, in: frame)
            case .reorder: drawReorderControl(in: frame)
            case .multiselect: drawSelectionCircle(in: frame, selected: selected)
            case .label:
                if let text = accessory.text { drawText(text.text, in: frame, color: RGBA(text.color)) }
            case .customView:
                if let kind = accessory.viewKind {
                    drawView(kind, isOn: accessory.isOn, in: frame, text: accessory.text, rightToLeft: rightToLeft)
                }
            }
        }
    }

    /// The multiselect control centred in `frame`: a 22-pt (or smaller, to fit) gray ring,
    /// or, `selected`, a blue disc with a white tick.
    mutating func drawSelectionCircle(in frame: CGRect, selected: Bool) {
        let radius = min(11, frame.width / 2, frame.height / 2)
        guard radius > 2 else { return }
        let center = CGPoint(x: frame.midX, y: frame.midY)
        if selected {
            canvas.fillCircle(center: center, radius: radius, color: .systemBlue)
            let tick = CGRect(x: center.x - radius * 0.5, y: center.y - radius * 0.4, width: radius, height: radius * 0.8)
            drawCheckmark(in: tick, color: .white)
        } else {
            canvas.fillCircle(center: center, radius: radius, color: .systemGray)
            canvas.fillCircle(center: center, radius: radius - 1.5, color: .white)
        }
    }
}
