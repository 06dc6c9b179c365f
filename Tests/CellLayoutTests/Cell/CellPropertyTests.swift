import CellLayout
import Foundation
import Testing

/// Properties of every cell over generated rows: frames stay inside their superview,
/// heights never drop below the minimum, and a re-layout at a width gives the same frames
/// as a layout from scratch at that width for rows without custom subviews.
@Suite struct CellPropertyTests {
    /// Seeded rows mixing styles, accessories, editing, images and corpus texts.
    static func rows(count: Int, seed: UInt64) -> [CellSpec] {
        var random = TextPropertyTests.SeededRandom(state: seed)
        let texts = TextPropertyTests.texts
        let accessories: [Accessory] = [.none, .disclosureIndicator, .checkmark, .detailButton, .detailDisclosureButton,
                                        .view(ViewSpec(id: "toggle", kind: .switch))]
        return (0..<count).map { i in
            var cell = CellSpec()
            cell.id = RowID(i)
            cell.style = CellStyle.allCases.randomElement(using: &random)!
            cell.text = texts.randomElement(using: &random)
            if Bool.random(using: &random) { cell.detailText = texts.randomElement(using: &random) }
            cell.accessory = accessories.randomElement(using: &random)!
            if Int.random(in: 0..<5, using: &random) == 0 { cell.editing = EditingSpec(control: .delete, reorder: true) }
            if Bool.random(using: &random) { cell.image = .init(width: 29, height: 29) }
            cell.numberOfLines = [0, 0, 1, 2].randomElement(using: &random)!
            cell.indentationLevel = Int.random(in: 0...2, using: &random)
            return cell
        }
    }

    static func inside(_ frame: CGRect, _ bounds: CGRect) -> Bool {
        frame.minX >= bounds.minX - 0.001 && frame.maxX <= bounds.maxX + 0.001
            && frame.minY >= bounds.minY - 0.001 && frame.maxY <= bounds.maxY + 0.001
    }

    @Test(arguments: [320.0, 375, 667])
    func framesStayInsideAndHeightsStayAboveTheMinimum(_ width: Double) throws {
        let table = try TableLayout(spec: TableSpec(width: width, sections: [SectionSpec(rows: Self.rows(count: 300, seed: 7))]),
                                    engine: TestFonts.engine)
        for (i, row) in table.sections[0].rows.enumerated() {
            let cell = CGRect(x: 0, y: 0, width: width, height: row.height)
            let content = CGRect(origin: .zero, size: row.contentView.size)
            #expect(row.height >= 44, "row \(i)")
            #expect(Self.inside(row.contentView, cell), "row \(i) contentView")
            for label in row.labels { #expect(Self.inside(label.frame, content), "row \(i) \(label.id)") }
            if let image = row.imageView { #expect(Self.inside(image, content), "row \(i) image") }
            for frame in [row.accessoryView, row.editingControl, row.reorderControl].compactMap({ $0 }) {
                #expect(Self.inside(frame, cell), "row \(i) control")
            }
        }
    }

    @Test func rotationEqualsALayoutFromScratch() throws {
        let rows = Self.rows(count: 200, seed: 11)
        let rotated = try TableLayout(spec: TableSpec(width: 375, sections: [SectionSpec(rows: rows)]), engine: TestFonts.engine)
        try rotated.setWidth(667)
        try rotated.setWidth(320)
        let fresh = try TableLayout(spec: TableSpec(width: 320, sections: [SectionSpec(rows: rows)]), engine: TestFonts.engine)
        #expect(try Tables.output(rotated) == Tables.output(fresh))
    }
}
