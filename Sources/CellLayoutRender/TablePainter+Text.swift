import CellLayout
import Foundation

extension TablePainter {
    /// Draws a label's fitted lines in its colour (frame offset by `origin`).
    mutating func drawLabel(_ label: LabelDrawing, origin: CGPoint) {
        drawText(label.text, in: label.label.frame.offsetBy(dx: origin.x, dy: origin.y), color: RGBA(label.color))
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
}
