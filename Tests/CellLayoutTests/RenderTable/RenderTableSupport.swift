import CellLayout
import CellLayoutRender
import Foundation

/// Tables laid out and drawn the way `layout-cli render` does, and questions about the
/// pixels of a region of the picture.
enum RenderTables {
    /// The folder of the example tables.
    static let examples = TestFonts.packageRoot.appendingPathComponent("Examples")

    /// The example table `name` (e.g. "settings.json"), laid out at `scale`.
    static func example(_ name: String, scale: Int = 2, width: Double? = nil, platform: PlatformProfile? = nil)
        throws -> TableLayout {
        let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
        return try layout(try JSONParser.parse(text), scale: scale, width: width, platform: platform)
    }

    /// `document` laid out at `scale` (overriding its metrics.scale) with the bundled fonts,
    /// following `platform` instead of the document's when given, its image files looked
    /// for in Examples.
    static func layout(_ document: JSONValue, scale: Int = 2, width: Double? = nil, platform: PlatformProfile? = nil)
        throws -> TableLayout {
        var spec = try TableDecoder(fonts: TestFonts.library, imageFolder: examples.path)
            .decode(document, width: width, platform: platform)
        spec.metrics.scale = Double(scale)
        return try TableLayout(spec: spec, engine: TestFonts.engine)
    }

    /// `json` laid out and drawn at `scale`.
    static func render(_ json: String, scale: Int = 2, frames: Bool = false) throws -> (TableLayout, Canvas) {
        let table = try layout(try JSONParser.parse(json), scale: scale)
        return (table, try TableRenderer().render(table, scale: scale, frames: frames))
    }

    /// Row `row` of section `section`: its layout, and the table coordinates of its cell
    /// and content view origins.
    static func row(_ table: TableLayout, _ section: Int, _ row: Int) -> (layout: RowLayout, cell: CGPoint, content: CGPoint) {
        let layout = table.sections[section].rows[row]
        let cell = table.rect(of: RowPath(section: section, row: row)).origin
        return (layout, cell, CGPoint(x: cell.x + layout.contentView.minX, y: cell.y + layout.contentView.minY))
    }
}

extension Canvas {
    /// The colors of the pixels whose centers lie in `rect` (points).
    func colors(in rect: CGRect) -> [RGBA] {
        let s = Double(scale)
        let xs = max(0, Int((rect.minX * s).rounded()))..<min(pixelWidth, Int((rect.maxX * s).rounded()))
        let ys = max(0, Int((rect.minY * s).rounded()))..<min(pixelHeight, Int((rect.maxY * s).rounded()))
        guard !xs.isEmpty, !ys.isEmpty else { return [] }
        return ys.flatMap { y in xs.map { x in self[x, y] } }
    }

    /// The left edge of the leftmost and the right edge of the rightmost pixel in `rect`
    /// (points) that satisfies `test`, in points; nil when none does.
    func horizontalExtent(in rect: CGRect, where test: (RGBA) -> Bool) -> (minX: Double, maxX: Double)? {
        let s = Double(scale)
        let x0 = max(0, Int((rect.minX * s).rounded())), x1 = min(pixelWidth, Int((rect.maxX * s).rounded()))
        let y0 = max(0, Int((rect.minY * s).rounded())), y1 = min(pixelHeight, Int((rect.maxY * s).rounded()))
        let columns = (x0..<max(x0, x1)).filter { x in (y0..<max(y0, y1)).contains { test(self[x, $0]) } }
        guard let first = columns.first, let last = columns.last else { return nil }
        return (Double(first) / s, Double(last + 1) / s)
    }

    /// How many pixels in `rect` (points) satisfy `test`.
    func count(in rect: CGRect, where test: (RGBA) -> Bool) -> Int {
        colors(in: rect).filter(test).count
    }
}

extension RGBA {
    /// Black-ish or strongly colored ink: text, a checkmark, a blue title.
    var isDark: Bool { min(r, g, b) < 100 }
    /// A gray, darker than the separators: a chevron, detail text, reorder lines.
    var isGrayInk: Bool { max(r, g, b) - min(r, g, b) < 16 && r < 190 }
    /// The switch's green.
    var isGreen: Bool { Int(g) > Int(r) + 60 && Int(g) > Int(b) + 40 }
    /// The tint blue.
    var isBlue: Bool { Int(b) > Int(r) + 100 && Int(b) > Int(g) + 40 }
    /// The delete control's red.
    var isRed: Bool { Int(r) > Int(g) + 100 && Int(r) > Int(b) + 100 }
}
