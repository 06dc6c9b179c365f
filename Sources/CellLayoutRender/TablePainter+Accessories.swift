import CellLayout
import Foundation

extension TablePainter {
    /// The chevron and checkmark strokes' width, in points.
    private static let accessoryStroke = 2.0

    /// The accessory in its frame (cell coordinates offset to the table): a chevron, a
    /// blue checkmark, an info button, an info button and a chevron, or a custom view
    /// with its text as the layout fitted it.
    /// Right to left, the chevron points left and follows the info button leftward.
    mutating func drawAccessory(_ accessory: Accessory, in frame: CGRect, text: LabelDrawing?, rightToLeft: Bool = false) {
        switch accessory {
        case .none: break
        case .disclosureIndicator: drawChevron(in: frame, pointingLeft: rightToLeft)
        case .checkmark: drawCheckmark(in: frame)
        case .detailButton: drawInfoButton(in: frame)
        case .detailDisclosureButton:
            let side = min(frame.width, frame.height)
            let chevron = table.metrics.disclosureIndicatorSize
            drawInfoButton(in: CGRect(x: rightToLeft ? frame.maxX - side : frame.minX, y: frame.midY - side / 2,
                                      width: side, height: side))
            drawChevron(in: CGRect(x: rightToLeft ? frame.minX : frame.maxX - chevron.width,
                                   y: frame.midY - chevron.height / 2, width: chevron.width, height: chevron.height),
                        pointingLeft: rightToLeft)
        case .view(let view): drawView(view.kind, isOn: view.on, in: frame, text: text, rightToLeft: rightToLeft)
        }
    }

    /// A ">" filling `frame` (a "<" when `pointingLeft`), gray unless told `color`.
    mutating func drawChevron(in frame: CGRect, pointingLeft: Bool = false, color: RGBA = .secondaryLabel) {
        let half = Self.accessoryStroke / 2
        let (open, tip) = pointingLeft ? (frame.maxX - half, frame.minX + half) : (frame.minX + half, frame.maxX - half)
        canvas.strokePolyline([
            CGPoint(x: open, y: frame.minY + half),
            CGPoint(x: tip, y: frame.midY),
            CGPoint(x: open, y: frame.maxY - half),
        ], lineWidth: Self.accessoryStroke, color: color)
    }

    /// A tick filling `frame` (drawn on a 14 × 11 grid, scaled to the frame), blue unless
    /// told `color`.
    mutating func drawCheckmark(in frame: CGRect, color: RGBA = .systemBlue) {
        func point(_ x: Double, _ y: Double) -> CGPoint {
            CGPoint(x: frame.minX + x * frame.width / 14, y: frame.minY + y * frame.height / 11)
        }
        canvas.strokePolyline([point(1.2, 6), point(5, 9.8), point(12.8, 1.2)],
                              lineWidth: Self.accessoryStroke, color: color)
    }

    /// The info button: a blue ring around a blue "i" (a dot over a stem), as large as fits.
    mutating func drawInfoButton(in frame: CGRect) {
        let radius = min(frame.width, frame.height) / 2
        guard radius > 1 else { return }
        let center = CGPoint(x: frame.midX, y: frame.midY)
        let unit = radius / 11
        canvas.fillCircle(center: center, radius: radius, color: .systemBlue)
        canvas.fillCircle(center: center, radius: radius - unit, color: .white)
        canvas.fillCircle(center: CGPoint(x: center.x, y: center.y - 4.6 * unit), radius: 1.3 * unit, color: .systemBlue)
        canvas.fillRoundedRect(CGRect(x: center.x - unit, y: center.y - 1.6 * unit, width: 2 * unit, height: 7.4 * unit),
                               cornerRadius: 0.4 * unit, color: .systemBlue)
    }
}
