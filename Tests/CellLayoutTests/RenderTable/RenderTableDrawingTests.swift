import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// Single parts of the picture, on small tables.
@Suite("Render: drawing a table")
struct RenderTableDrawingTests {
    @Test(arguments: [1, 2, 3]) func pictureSizeFollowsTheScale(_ scale: Int) throws {
        let (table, canvas) = try RenderTables.render(#"{"width": 320, "rows": [{"text": "One"}, {"text": "Two"}]}"#, scale: scale)
        #expect(table.contentHeight == 88)
        #expect(canvas.pixelWidth == 320 * scale && canvas.pixelHeight == 88 * scale)
    }

    @Test func anEmptyTableIsOnePixelTall() throws {
        let (_, canvas) = try RenderTables.render(#"{"width": 100, "rows": []}"#)
        #expect(canvas.pixelWidth == 200 && canvas.pixelHeight == 1)
        #expect(canvas[0, 0] == .white)
    }

    @Test func drawingTwiceGivesTheSamePicture() throws {
        let table = try RenderTables.example("form.json")
        let renderer = try TableRenderer()
        #expect(try renderer.render(table, scale: 2, frames: true).pixels
            == renderer.render(table, scale: 2, frames: true).pixels)
    }

    @Test func swipeActionsShowOnlyAsFrames() throws {
        let swiped = #"{"width": 320, "rows": [{"text": "Mail", "swipeActions": [{"title": "Delete", "style": "destructive"}]}]}"#
        let (table, canvas) = try RenderTables.render(swiped)
        let (_, unswiped) = try RenderTables.render(#"{"width": 320, "rows": [{"text": "Mail"}]}"#)
        #expect(canvas.pixels == unswiped.pixels)
        let (_, framed) = try RenderTables.render(swiped, frames: true)
        let action = table.sections[0].rows[0].swipeActions[0]
        let edge = CGRect(x: action.minX, y: action.midY - 4, width: 1, height: 8)
        #expect(canvas.colors(in: edge).allSatisfy { $0 == .white })
        #expect(framed.colors(in: edge).allSatisfy { $0 != .white && $0.r > $0.g && $0.b > $0.g }, "a magenta outline")
    }

    @Test func framesOutlineTheContentViewAndLabels() throws {
        let json = #"{"width": 320, "rows": [{"text": "Wi-Fi", "accessory": "disclosureIndicator"}]}"#
        let (table, canvas) = try RenderTables.render(json)
        let (_, framed) = try RenderTables.render(json, frames: true)
        let row = table.sections[0].rows[0]
        let contentEdge = CGRect(x: row.contentView.maxX - 0.5, y: 10, width: 0.5, height: 20)
        #expect(canvas.colors(in: contentEdge).allSatisfy { $0 == .white })
        #expect(framed.colors(in: contentEdge).allSatisfy { $0.isBlue })
        let labelEdge = CGRect(x: row.textLabel!.minX, y: row.textLabel!.minY, width: 40, height: 0.5)
        #expect(framed.colors(in: labelEdge).allSatisfy { $0.r > 200 && $0.g < 200 })
    }

    @Test func insertControlIsAGreenPlus() throws {
        let (table, canvas) = try RenderTables.render(
            #"{"width": 320, "rows": [{"text": "Add", "editing": {"control": "insert"}}]}"#)
        let control = table.sections[0].rows[0].editingControl!
        #expect(canvas.count(in: control, where: \.isGreen) > 500)
        #expect(canvas[Int(control.midX * 2), Int(control.midY * 2)] == .white)
        // The plus has a vertical bar; a minus would leave the circle green above the center.
        #expect(canvas[Int(control.midX * 2), Int((control.midY - 4) * 2)] == .white)
    }

    @Test func deleteControlIsARedMinus() throws {
        let (table, canvas) = try RenderTables.render(
            #"{"width": 320, "rows": [{"text": "Old", "editing": {"control": "delete"}}]}"#)
        let control = table.sections[0].rows[0].editingControl!
        #expect(canvas.count(in: control, where: \.isRed) > 500)
        #expect(canvas[Int(control.midX * 2), Int(control.midY * 2)] == .white)
        #expect(canvas[Int(control.midX * 2), Int((control.midY - 4) * 2)].isRed)
    }

    @Test func customViewsAreDrawnByKind() throws {
        let (table, canvas) = try RenderTables.render("""
            {"width": 320, "rows": [{"subviews": [
              {"id": "name", "kind": "label", "text": "Ada", "frame": {"left": 16, "centerY": 0}},
              {"id": "photo", "kind": "image", "size": {"width": 30, "height": 30}, "frame": {"left": 100, "centerY": 0}},
              {"id": "box", "kind": "view", "size": {"width": 30, "height": 30}, "frame": {"left": 150, "centerY": 0}},
              {"id": "go", "kind": "button", "text": "Go", "frame": {"left": 200, "centerY": 0}}
            ], "accessory": {"view": {"id": "count", "kind": "label", "text": "42"}}}]}
            """)
        let row = table.sections[0].rows[0]
        let frames = Dictionary(uniqueKeysWithValues: row.subviews.map { ($0.id, $0.frame) })
        #expect(canvas.count(in: frames["name"]!, where: \.isDark) > 20)
        #expect(canvas.colors(in: frames["photo"]!.insetBy(dx: 5, dy: 5)).allSatisfy { $0 == .placeholder })
        #expect(canvas.colors(in: frames["box"]!).allSatisfy { $0 == .white }, "a plain view has no background")
        #expect(canvas.count(in: frames["go"]!, where: \.isBlue) > 20)
        #expect(canvas.count(in: row.accessoryView!, where: \.isDark) > 20, "a label as accessory view")
    }

    @Test func headersOfGroupedTablesAreGrayText() throws {
        let (table, canvas) = try RenderTables.render(
            #"{"width": 320, "style": "grouped", "sections": [{"header": "General", "rows": [{"text": "About"}]}]}"#)
        let label = table.sections[0].header.textLabel!.frame
        #expect(canvas.count(in: label, where: \.isGrayInk) > 20)
        #expect(canvas.count(in: label, where: \.isDark) == 0)
        #expect(canvas.colors(in: CGRect(x: 0, y: 0, width: 320, height: label.minY - 1)).allSatisfy {
            $0 == .groupedBackground
        })
    }
}
