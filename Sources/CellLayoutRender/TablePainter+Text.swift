import CellLayout
import Foundation

extension TablePainter {
    /// Where a line goes across its frame.
    enum LineAlignment {
        /// From the frame's left edge.
        case left
        /// Centered.
        case center
        /// Ending at the frame's right edge.
        case right
    }

    /// Draws a label's lines (frame offset by `origin`), right-aligned when the label says so.
    mutating func drawLabel(_ label: LabelLayout, origin: CGPoint, color: RGBA) {
        drawText(label.measurement.layout, in: label.frame.offsetBy(dx: origin.x, dy: origin.y),
                 alignment: label.alignsRight ? .right : .left, color: color)
    }

    /// Draws the glyph runs of every line of `layout` in `frame`, the lines as one block
    /// centered vertically in it (as UILabel draws text in a frame taller than its text),
    /// each line placed across the frame by `alignment`.
    mutating func drawText(_ layout: TextLayout, in frame: CGRect, alignment: LineAlignment, color: RGBA) {
        let lines = layout.lines
        guard let last = lines.last else { return }
        let top = frame.minY + (frame.height - (last.y + last.height)) / 2
        for (i, line) in lines.enumerated() {
            let x = switch alignment {
            case .left: frame.minX
            case .center: frame.midX - line.width / 2
            case .right: frame.maxX - line.width
            }
            for run in layout.glyphRuns(ofLine: i) {
                rasterizer.draw(run, at: CGPoint(x: x, y: top + line.baseline), color: color, into: &canvas)
            }
        }
    }

    /// A button's title in blue, centered in its frame: measured with the table's own
    /// measurer on one line (cut in the middle, as UIButton's title is, if it is too wide).
    mutating func drawButtonTitle(_ view: ViewSpec, in frame: CGRect) throws {
        guard let title = view.text, !title.isEmpty else { return }
        let measurer = table.layouter.measurer
        let measured = measurer.measure(
            title, font: try measurer.font(view.font ?? table.metrics.buttonFont), width: frame.width,
            numberOfLines: 1, mode: .byTruncatingMiddle)
        drawText(measured.layout, in: frame, alignment: .center, color: .systemBlue)
    }

    /// A label used as an accessory view (labels among the subviews come laid out in the
    /// row's `labels`): measured as the layout measured it, black.
    mutating func drawAccessoryLabel(_ view: ViewSpec, in frame: CGRect) throws {
        let measurer = table.layouter.measurer
        let measured = measurer.measure(
            view.text ?? "", font: try measurer.font(view.font ?? table.metrics.textFont), width: frame.width,
            numberOfLines: view.numberOfLines, mode: .byTruncatingTail)
        drawText(measured.layout, in: frame, alignment: .left, color: .label)
    }
}
