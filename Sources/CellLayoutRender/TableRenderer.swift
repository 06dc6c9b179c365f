import CellLayout
import Foundation

/// Draws a laid-out table as a user would see it: the table's background, each section's
/// cells, separators, header and footer, the standard labels and the custom subviews,
/// accessories, editing controls — every text from the engine's own glyph runs, never
/// shaped again. Swipe action buttons are not drawn (they show only while a row is swiped).
///
/// The picture is the whole table: `table.width` × `table.contentHeight` points (at
/// least one pixel tall, for an empty table), at `scale` pixels per point. Draw a table
/// laid out at the same scale (`TableMetrics.scale`), so that separators are one pixel.
///
/// Not `Sendable`: it owns a `GlyphRasterizer`. Use one renderer per thread.
public struct TableRenderer {
    private let rasterizer: GlyphRasterizer

    /// A renderer with its own FreeType rasterizer.
    /// - Throws: `RenderError.freeType` when FreeType cannot be initialized.
    public init() throws {
        rasterizer = try GlyphRasterizer()
    }

    /// Draws `table` at `scale`.
    /// - Parameters:
    ///   - table: the laid-out table.
    ///   - scale: pixels per point: 1, 2 or 3.
    ///   - frames: whether to outline every frame the layout computed (content views,
    ///     labels, images, accessories, editing and reorder controls, custom subviews, swipe
    ///     action buttons as revealed, headers and footers), each kind in its own
    ///     semi-transparent color, over the picture.
    /// - Returns: the picture.
    /// - Throws: `RenderError.invalidCanvas` when the scale is not 1, 2 or 3 or the picture
    ///   would be larger than 2²⁸ pixels.
    public func render(_ table: TableLayout, scale: Int, frames: Bool) throws -> Canvas {
        let palette = GenerationPalette(table.metrics.platform)
        let background: RGBA = table.style == .plain ? .white : palette.groupedBackground
        var canvas = try Canvas(
            width: table.width, height: max(table.contentHeight, 1 / Double(max(scale, 1))), scale: scale,
            background: background)
        if table.style != .plain, let stripe = palette.pinstripe {
            // iOS 6's pinstripes: a lighter vertical line every 5 points.
            for x in stride(from: 2.0, to: table.width, by: 5) {
                canvas.fill(CGRect(x: x, y: 0, width: 2, height: Double(canvas.pixelHeight) / Double(scale)), color: stripe)
            }
        }
        var painter = TablePainter(table: table, rasterizer: rasterizer, canvas: canvas, palette: palette)
        painter.drawTable()
        if frames { painter.outlineFrames() }
        return painter.canvas
    }
}
