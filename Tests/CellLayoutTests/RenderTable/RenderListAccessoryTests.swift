import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// `render` of a list cell's accessories (`"accessories"`, `UICellAccessory`) and of a
/// configured header's secondary text and image: each drawn recognisably in the frame the
/// layout gives it. Tables are plain, 375 wide, at 2x, so a 44-pt row's content view is 43.5
/// tall; the frames probed are derived by hand (as in CellAccessoryTests) and checked
/// against the layout before the pixels are.
@Suite("Render: list accessories")
struct RenderListAccessoryTests {
    static func row(_ row: String, table: String = "") throws -> (RowLayout, Canvas) {
        let (layout, canvas) = try RenderTables.render(#"{"width": 375\#(table), "rows": [\#(row)]}"#)
        return (layout.sections[0].rows[0], canvas)
    }

    static func frame(_ row: RowLayout, _ kind: CellAccessory.Kind) throws -> CGRect {
        try #require(row.accessories.first { $0.kind == kind }).frame
    }

    @Test func chevronAndCheckmark() throws {
        // The chevron 10.5 × 14 at 375 − 16 − 10.5 = 348.5, y (43.5 − 14) / 2 = 14.75 → 15;
        // the checkmark (nearer the content in UIKit's order) 19 × 18 ending 8 before it:
        // 348.5 − 8 − 19 = 321.5, y (43.5 − 18) / 2 = 12.75 → 13.
        let (row, canvas) = try Self.row(#"{"content": {"configuration": "cell", "text": "Wi-Fi"}, "accessories": ["disclosureIndicator", "checkmark"]}"#)
        let chevron = try Self.frame(row, .disclosureIndicator), check = try Self.frame(row, .checkmark)
        #expect(chevron == CGRect(x: 348.5, y: 15, width: 10.5, height: 14))
        #expect(check == CGRect(x: 321.5, y: 13, width: 19, height: 18))
        #expect(canvas.count(in: chevron, where: \.isGrayInk) > 20)
        #expect(canvas.count(in: chevron, where: \.isBlue) == 0)
        #expect(canvas.count(in: check, where: \.isBlue) > 20)
        // A ">": ink at the chevron's left edge near the top, none there at mid-height.
        #expect(canvas.colors(in: CGRect(x: 348.5, y: 15, width: 1.5, height: 3)).contains { $0.isGrayInk })
        #expect(!canvas.colors(in: CGRect(x: 348.5, y: 21, width: 1.5, height: 2)).contains { $0.isGrayInk })
        // Nothing in the 8 between them, nor past the chevron's end.
        #expect(canvas.colors(in: CGRect(x: 341, y: 5, width: 7, height: 34)).allSatisfy { $0 == .white })
        #expect(canvas.colors(in: CGRect(x: 359.5, y: 5, width: 15.5, height: 34)).allSatisfy { $0 == .white })
    }

    @Test func detailAndLabel() throws {
        // The info button 22 × 22 at 375 − 16 − 22 = 337, y (43.5 − 22) / 2 = 10.75 → 11; the
        // label "On" (Body) ending 8 before it, at 329, gray.
        let (row, canvas) = try Self.row(#"{"content": {"configuration": "cell", "text": "Wi-Fi"}, "accessories": ["detail", {"kind": "label", "text": "On"}]}"#)
        let info = try Self.frame(row, .detail), label = try Self.frame(row, .label)
        #expect(info == CGRect(x: 337, y: 11, width: 22, height: 22))
        #expect(label.maxX == 329)
        #expect(canvas.count(in: info, where: \.isBlue) > 100, "the ring and the i")
        #expect(canvas[Int(info.midX * 2) - 4, Int(info.midY * 2)] == .white, "inside the ring, beside the stem")
        #expect(canvas.count(in: label, where: \.isGrayInk) > 20)
        #expect(canvas.count(in: label, where: \.isDark) == 0, "a label accessory is gray")
    }

    @Test func editingControlsAndGrip() throws {
        // C12's editing row: delete 26 × 26 at 15 (centred in the standard 24 from 16), the
        // grip 27 wide at 375 − 16 − 27 = 332, the content view's height; y (43.5 − 26) / 2 =
        // 8.75 → 9. Insert in the same place; multiselect's ring likewise.
        let (row, canvas) = try Self.row(#"{"editing": true, "content": {"configuration": "cell", "text": "Alpha"}, "accessories": ["delete", "reorder"]}"#)
        let delete = try Self.frame(row, .delete), grip = try Self.frame(row, .reorder)
        #expect(delete == CGRect(x: 15, y: 9, width: 26, height: 26))
        #expect(grip == CGRect(x: 332, y: 0, width: 27, height: 43.5))
        #expect(canvas.count(in: delete, where: \.isRed) > 500)
        #expect(canvas[Int(delete.midX * 2), Int(delete.midY * 2)] == .white, "the minus")
        #expect(canvas[Int(delete.midX * 2), Int((delete.midY - 4) * 2)].isRed, "no plus")
        #expect(canvas.count(in: grip, where: \.isGrayInk) > 50, "three lines")
        #expect(canvas.colors(in: CGRect(x: grip.midX - 2, y: grip.midY + 2, width: 4, height: 1)).allSatisfy { $0 == .white },
                "between the lines")

        let (inserting, plus) = try Self.row(#"{"editing": true, "content": {"configuration": "cell", "text": "Alpha"}, "accessories": ["insert"]}"#)
        let insert = try Self.frame(inserting, .insert)
        #expect(insert == delete)
        #expect(plus.count(in: insert, where: \.isGreen) > 500)
        #expect(plus[Int(insert.midX * 2), Int((insert.midY - 4) * 2)] == .white, "the plus's bar")
    }

    @Test func multiselectIsARingOrATickedDisc() throws {
        let json = #"{"editing": true, "content": {"configuration": "cell", "text": "Alpha"}, "accessories": ["multiselect"]"#
        let (row, ring) = try Self.row(json + "}")
        let (_, disc) = try Self.row(json + #", "selected": true}"#)
        let circle = try Self.frame(row, .multiselect)
        #expect(circle == CGRect(x: 15, y: 9, width: 26, height: 26))
        let center = (Int(circle.midX * 2), Int(circle.midY * 2))
        #expect(ring[center.0, center.1] == .white)
        #expect(ring.count(in: circle, where: { $0 == .systemGray }) > 50)
        #expect(ring.count(in: circle, where: \.isBlue) == 0)
        // Selected: blue around a white tick (the tick's middle stroke crosses near the centre).
        #expect(disc.count(in: circle, where: \.isBlue) > 800)
        #expect(disc.count(in: circle.insetBy(dx: 7, dy: 7), where: { $0 == .white }) > 10)
    }

    @Test func outlineDisclosureIsATintedChevron() throws {
        let (row, canvas) = try Self.row(#"{"content": {"configuration": "cell", "text": "Folder"}, "accessories": ["outlineDisclosure"]}"#)
        let chevron = try Self.frame(row, .outlineDisclosure)
        #expect(chevron == CGRect(x: 348.5, y: 15, width: 10.5, height: 14))
        #expect(canvas.count(in: chevron, where: \.isBlue) > 20)
        #expect(canvas.count(in: chevron, where: \.isGrayInk) == 0)
    }

    @Test func customViewsByKind() throws {
        // A switch (51 × 31, its own width) at 375 − 16 − 51 = 308; the button (a custom view,
        // nearer the content in the array's order) ends 8 before it, at 300, its title in the
        // tint colour.
        let (row, canvas) = try Self.row("""
            {"content": {"configuration": "cell", "text": "Sync"}, "accessories": [
              {"kind": "customView", "view": {"id": "toggle", "kind": "switch", "on": true}, "placement": "trailing"},
              {"kind": "customView", "view": {"id": "edit", "kind": "button", "text": "Edit"}, "placement": "trailing"}]}
            """)
        let frames = Dictionary(uniqueKeysWithValues: row.accessories.map { ($0.id!, $0.frame) })
        let toggle = try #require(frames["toggle"]), edit = try #require(frames["edit"])
        #expect(toggle.minX == 308 && toggle.width == 51)
        #expect(edit.maxX == 300)
        #expect(canvas.count(in: toggle, where: \.isGreen) > 1000)
        #expect(canvas.count(in: CGRect(x: toggle.maxX - 16, y: toggle.midY - 4, width: 8, height: 8),
                             where: { $0 == .white }) > 100, "the knob at the trailing end")
        #expect(canvas.count(in: edit, where: \.isBlue) > 20, "the title")
    }

    @Test func hiddenAndNotShownAccessoriesAreNotDrawn() throws {
        // A hidden chevron keeps its room (the content view ends at 348.5) but is not drawn;
        // a whenEditing delete control is not drawn outside editing.
        let (row, canvas) = try Self.row(#"{"content": {"configuration": "cell"}, "accessories": [{"kind": "disclosureIndicator", "isHidden": true}, "delete"]}"#)
        #expect(row.accessories.isEmpty)
        #expect(row.contentView.maxX == 348.5)
        #expect(canvas.colors(in: CGRect(x: 0, y: 0, width: 375, height: 43.5)).allSatisfy { $0 == .white })
    }

    @Test func framesOutlineEachAccessory() throws {
        let json = #"{"width": 375, "rows": [{"content": {"configuration": "cell", "text": "A"}, "accessories": ["checkmark"]}]}"#
        let (table, plain) = try RenderTables.render(json)
        let (_, framed) = try RenderTables.render(json, frames: true)
        let check = table.sections[0].rows[0].accessories[0].frame
        // Across the tick's bottom-left corner, where the tick leaves white.
        let corner = CGRect(x: check.minX, y: check.maxY - 1, width: 2, height: 1)
        #expect(plain.colors(in: corner).allSatisfy { $0 == .white })
        #expect(framed.colors(in: corner).allSatisfy { $0 != .white && $0.r > $0.g && $0.b > $0.g }, "a purple outline")
    }

    @Test func headerSecondaryTextAndImage() throws {
        // HeaderConfigurationTests' headers, insetGrouped at 375: the secondary text at
        // (32, 36; 311 × 16) under "NETWORK" at (32, 17), gray as the text; the image
        // 20 × 20 at (32, 17) with the text at x 68.
        let (table, canvas) = try RenderTables.render("""
            {"width": 375, "style": "insetGrouped", "platform": "ios15", "sections": [
              {"headerContent": {"configuration": "groupedHeader", "text": "Network", "secondaryText": "Shown to others"},
               "rows": [{"text": "a"}]},
              {"headerContent": {"configuration": "groupedHeader", "text": "Network", "image": {"width": 20, "height": 20}},
               "rows": [{"text": "b"}]}]}
            """)
        let secondary = try #require(table.sections[0].header.detailTextLabel).frame
        #expect(secondary == CGRect(x: 32, y: 36, width: 311, height: 16))
        let y0 = table.headerSpan(0).y
        let ink = try #require(canvas.horizontalExtent(in: secondary.offsetBy(dx: 0, dy: y0), where: \.isGrayInk))
        #expect(ink.minX < 34 && ink.maxX > 100, "\(ink)")
        #expect(canvas.count(in: secondary.offsetBy(dx: 0, dy: y0), where: \.isDark) == 0)
        let image = try #require(table.sections[1].header.imageView)
        #expect(image == CGRect(x: 32, y: 17, width: 20, height: 20))
        let y1 = table.headerSpan(1).y
        #expect(canvas.colors(in: image.offsetBy(dx: 0, dy: y1).insetBy(dx: 5, dy: 5)).allSatisfy { $0 == .placeholder })
    }
}
