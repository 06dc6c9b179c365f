import CellLayout
import Foundation

extension TablePainter {
    /// Draws a label's lines (frame offset by `origin`).
    mutating func drawLabel(_ label: LabelLayout, origin: CGPoint, color: RGBA) {
        drawText(label.measurement.layout, in: label.frame.offsetBy(dx: origin.x, dy: origin.y), color: color)
    }

    /// Draws the glyph runs of every line of `layout` in `frame`, the lines as one block
    /// centered vertically in it (as UILabel draws text in a frame taller than its text),
    /// across the frame where the engine placed them (indents and alignment), each run in
    /// its colour or `color`.
    mutating func drawText(_ layout: TextLayout, in frame: CGRect, color: RGBA) {
        let lines = layout.lines
        guard let last = lines.last else { return }
        let top = frame.minY + (frame.height - (last.y + last.height)) / 2
        for (i, line) in lines.enumerated() {
            for run in layout.glyphRuns(ofLine: i) {
                rasterizer.draw(run, at: CGPoint(x: frame.minX, y: top + line.baseline),
                                color: run.color.map(RGBA.init) ?? color, into: &canvas)
            }
        }
    }

    /// A button's title in blue, centered in its frame: measured with the table's own
    /// measurer on one line (cut in the middle, as UIButton's title is, if it is too wide).
    mutating func drawButtonTitle(_ view: ViewSpec, in frame: CGRect) throws {
        guard let title = view.text, !title.isEmpty else { return }
        let measured = try table.layouter.measureButtonTitle(view, width: frame.width)
        drawText(measured.layout, in: frame, color: .systemBlue)
    }

    /// A label used as an accessory view (labels among the subviews come laid out in the
    /// row's `labels`): measured as the layout measured it, black.
    mutating func drawAccessoryLabel(_ view: ViewSpec, in frame: CGRect) throws {
        drawText(try table.layouter.measureLabel(view, width: frame.width).layout, in: frame, color: .label)
    }
}
