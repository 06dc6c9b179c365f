import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// `render` of right-to-left cells: the picture of a table without text is the
/// left-to-right picture seen in a mirror (chevrons point left, knobs and info buttons
/// swap sides, separators start from the right; a list cell's accessories likewise).
@Suite("Render: right to left")
struct RenderRightToLeftTests {
    static let rows = """
        [{"image": {"width": 29, "height": 29}, "accessory": "disclosureIndicator"},
         {"accessory": {"view": {"id": "toggle", "kind": "switch"}}},
         {"accessory": "detailDisclosureButton", "indentationLevel": 3, "image": {"width": 20, "height": 20}},
         {"editing": {"control": "delete", "reorder": true}},
         {"accessory": "detailButton"},
         {"editing": true, "content": {"configuration": "cell"}, "accessories": ["multiselect", "reorder", "disclosureIndicator", "detail",
           {"kind": "customView", "view": {"id": "t", "kind": "switch", "on": true}, "placement": "trailing"}]},
         {"content": {"configuration": "cell"}, "accessories": ["outlineDisclosure", "insert"], "editing": true}]
        """

    func picture(_ attribute: String) throws -> Canvas {
        try RenderTables.render(#"{"width": 320, "style": "grouped", "semanticContentAttribute": "\#(attribute)", "rows": \#(Self.rows)}"#).1
    }

    /// `canvas` flipped left for right.
    func mirrored(_ canvas: Canvas) -> [UInt8] {
        var pixels = canvas.pixels
        let width = canvas.pixelWidth
        for y in 0..<canvas.pixelHeight {
            for x in 0..<width {
                let from = (y * width + (width - 1 - x)) * 4, to = (y * width + x) * 4
                pixels.replaceSubrange(to..<to + 4, with: canvas.pixels[from..<from + 4])
            }
        }
        return pixels
    }

    @Test func aTableWithoutTextIsDrawnAsInAMirror() throws {
        let ltr = try picture("unspecified"), rtl = try picture("forceRightToLeft")
        #expect(rtl.pixels != ltr.pixels)
        let flipped = mirrored(ltr)
        var differing = 0
        for i in stride(from: 0, to: flipped.count, by: 4) where flipped[i..<i + 4] != rtl.pixels[i..<i + 4] { differing += 1 }
        #expect(differing == 0, "\(differing) pixels differ from the mirror image")
    }

    @Test func labelsAlignRightAndTheChevronPointsLeft() throws {
        let (table, canvas) = try RenderTables.render("""
            {"width": 320, "semanticContentAttribute": "forceRightToLeft",
             "rows": [{"text": "Wi-Fi", "accessory": "disclosureIndicator"}]}
            """)
        let (row, cell, content) = RenderTables.row(table, 0, 0)
        let text = try #require(row.textLabel)
        // The text's ink ends at the label's right edge (within a pixel of side bearing) and
        // starts far from its left edge.
        let ink = try #require(canvas.horizontalExtent(in: text.offsetBy(dx: content.x, dy: content.y)) { $0.r < 128 })
        #expect(abs(ink.maxX - (content.x + text.maxX)) <= 1.5)
        #expect(ink.minX > content.x + text.minX + 100)
        // A "<": at the chevron's left edge the ink is at mid-height only; at its right
        // edge at the top and bottom only.
        let chevron = try #require(row.accessoryView).offsetBy(dx: cell.x, dy: cell.y)
        let gray = { (c: RGBA) in c.r < 230 }
        let leftColumn = CGRect(x: chevron.minX, y: chevron.minY, width: 1.5, height: chevron.height)
        let rightTop = CGRect(x: chevron.maxX - 1.5, y: chevron.minY, width: 1.5, height: 3)
        #expect(canvas.colors(in: CGRect(x: leftColumn.minX, y: chevron.midY - 1, width: 1.5, height: 2)).contains(where: gray))
        #expect(!canvas.colors(in: CGRect(x: leftColumn.minX, y: chevron.minY, width: 1.5, height: 3)).contains(where: gray))
        #expect(canvas.colors(in: rightTop).contains(where: gray))
    }

    @Test func headersAndFootersAreDrawnAlignedRight() throws {
        let (table, canvas) = try RenderTables.render("""
            {"width": 320, "style": "grouped", "semanticContentAttribute": "forceRightToLeft",
             "sections": [{"header": "Radios", "footer": "Off", "rows": [{"text": "a"}]}]}
            """)
        for (label, y) in [(table.sections[0].header.textLabel, table.headerSpan(0).y),
                           (table.sections[0].footer.textLabel, table.footerSpan(0).y)] {
            let frame = try #require(label).frame.offsetBy(dx: 0, dy: y)
            // The text's ink ends at the label's right edge (320 − 16 = 304, within a pixel
            // of side bearing) and starts far from its left edge.
            let ink = try #require(canvas.horizontalExtent(in: frame) { $0.r < 200 })
            #expect(abs(ink.maxX - 304) <= 1.5 && ink.minX > 200, "\(ink)")
        }
    }
}
