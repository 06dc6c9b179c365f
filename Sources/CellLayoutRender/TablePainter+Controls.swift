import CellLayout
import Foundation

extension TablePainter {
    /// The soft shadow under a switch's knob and a slider's thumb.
    private static let knobShadow = RGBA(r: 0, g: 0, b: 0, a: 48)

    /// A custom view (a subview, or an accessory view) in `frame`, by kind (a switch in
    /// state `isOn`), with its text as the layout fitted it, in its colour (a button's
    /// title centered; a label's text aligned as the layout says). A plain view has no background, so it draws
    /// nothing. In a right-to-left cell a switch and a slider are mirrored, as UIKit's
    /// controls are.
    mutating func drawView(_ kind: ViewSpec.Kind, isOn: Bool, in frame: CGRect, text: LabelDrawing?,
                           rightToLeft: Bool = false) {
        switch kind {
        case .switch: drawSwitch(in: frame, on: isOn, rightToLeft: rightToLeft)
        case .slider: drawSlider(in: frame, rightToLeft: rightToLeft)
        case .button, .label:
            if let text { drawText(text.text, in: frame, color: RGBA(text.color)) }
        case .image: drawImagePlaceholder(in: frame)
        case .detailDisclosureButton: drawInfoButton(in: frame)
        case .view: break
        }
    }

    /// A switch that is on: a green capsule with the white knob at its trailing end (the
    /// right, or the left when `rightToLeft`).
    mutating func drawSwitch(in frame: CGRect, on: Bool = true, rightToLeft: Bool = false) {
        if on {
            canvas.fillRoundedRect(frame, cornerRadius: frame.height / 2, color: .systemGreen)
        } else {
            // Off: a light gray track with a thin gray rim, the knob at the other end.
            canvas.fillRoundedRect(frame, cornerRadius: frame.height / 2, color: .systemGray)
            let rim = 1.5
            canvas.fillRoundedRect(frame.insetBy(dx: rim, dy: rim), cornerRadius: frame.height / 2 - rim,
                                   color: .switchOffTrack)
        }
        let inset = 2.0
        let diameter = max(0, min(frame.width, frame.height) - 2 * inset)
        let atRight = on != rightToLeft
        let x = atRight ? frame.maxX - inset - diameter / 2 : frame.minX + inset + diameter / 2
        drawKnob(center: CGPoint(x: x, y: frame.midY), radius: diameter / 2)
    }

    /// A slider at its middle value: a thin track, blue from its minimum end (the left, or
    /// the right when `rightToLeft`) up to the thumb and gray after it.
    mutating func drawSlider(in frame: CGRect, rightToLeft: Bool = false) {
        let track = 2.0
        let radius = min(14, frame.width / 2, frame.height / 2)
        let y = frame.midY - track / 2
        canvas.fillRoundedRect(CGRect(x: frame.minX, y: y, width: frame.width / 2, height: track),
                               cornerRadius: track / 2, color: rightToLeft ? .placeholder : .systemBlue)
        canvas.fillRoundedRect(CGRect(x: frame.midX, y: y, width: frame.width / 2, height: track),
                               cornerRadius: track / 2, color: rightToLeft ? .systemBlue : .placeholder)
        drawKnob(center: CGPoint(x: frame.midX, y: frame.midY), radius: radius)
    }

    /// A white circle with a soft shadow below it.
    private mutating func drawKnob(center: CGPoint, radius: Double) {
        guard radius > 0 else { return }
        canvas.fillCircle(center: CGPoint(x: center.x, y: center.y + 1), radius: radius + 0.5, color: Self.knobShadow)
        canvas.fillCircle(center: center, radius: radius, color: .white)
    }

    /// An image view: a gray rounded square standing in for the picture.
    mutating func drawImagePlaceholder(in frame: CGRect) {
        canvas.fillRoundedRect(frame, cornerRadius: 0.225 * min(frame.width, frame.height), color: .placeholder)
    }

    /// The delete control (a red circle with a white minus) or the insert control (green,
    /// with a plus), centered in its strip.
    mutating func drawEditingControl(_ control: EditingSpec.Control, in frame: CGRect) {
        let color: RGBA
        switch control {
        case .none: return
        case .delete: color = .destructiveRed
        case .insert: color = .systemGreen
        }
        let radius = min(11, frame.width / 2, frame.height / 2)
        let center = CGPoint(x: frame.midX, y: frame.midY)
        canvas.fillCircle(center: center, radius: radius, color: color)
        let arm = radius * 0.55, thickness = max(1, radius * 0.18)
        canvas.fillRoundedRect(CGRect(x: center.x - arm, y: center.y - thickness / 2, width: 2 * arm, height: thickness),
                               cornerRadius: thickness / 2, color: .white)
        if control == .insert {
            canvas.fillRoundedRect(CGRect(x: center.x - thickness / 2, y: center.y - arm, width: thickness, height: 2 * arm),
                                   cornerRadius: thickness / 2, color: .white)
        }
    }

    /// The reorder control: three short gray lines, centered in its strip.
    mutating func drawReorderControl(in frame: CGRect) {
        let width = min(18, frame.width), thickness = 1.5, gap = 5.0
        for i in -1...1 {
            canvas.fill(CGRect(x: frame.midX - width / 2, y: frame.midY + Double(i) * gap - thickness / 2,
                               width: width, height: thickness), color: .secondaryLabel)
        }
    }
}
