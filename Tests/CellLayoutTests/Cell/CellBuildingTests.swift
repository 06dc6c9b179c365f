import CellLayout
import Testing

/// Rows and views built in Swift code are the rows the JSON format describes.
@Suite struct CellBuildingTests {
    @Test func aRowBuiltInCodeEqualsTheSameRowDecoded() throws {
        let json = try JSONParser.parse("""
            {"id": "dnd", "style": "value1", "text": "Do Not Disturb", "detailText": "Off",
             "image": {"width": 29, "height": 29}, "accessory": "disclosureIndicator", "height": 50,
             "swipeActions": [{"title": "Delete", "style": "destructive"}],
             "subviews": [{"id": "switch", "kind": "switch", "frame": {"right": 16, "centerY": 0},
                           "autoresizing": ["flexibleLeftMargin"]},
                          {"id": "note", "kind": "label", "text": "Scheduled", "font": {"family": "system", "size": 12},
                           "frame": {"left": 16, "top": 2, "width": 100}}]}
            """)
        let decoded = try TableDecoder(fonts: TestFonts.library).decodeRow(json, metrics: TableMetrics())
        let built = CellSpec(
            id: "dnd", style: .value1, text: "Do Not Disturb", detailText: "Off", image: .init(width: 29, height: 29),
            accessory: .disclosureIndicator, height: .fixed(50), swipeActions: [SwipeAction(title: "Delete", style: .destructive)],
            subviews: [
                ViewSpec(id: "switch", kind: .switch, frame: FrameRule(right: 16, centerY: 0), autoresizing: .flexibleLeftMargin),
                ViewSpec(id: "note", kind: .label, text: "Scheduled", font: .system(12), frame: FrameRule(left: 16, top: 2, width: 100)),
            ])
        #expect(built == decoded)
        #expect(CellSpec() == CellSpec(id: .none))
    }

    /// A cell keeps its rarely set properties out of line; that must not show: each
    /// property reads back what was set, a copy keeps its own value when the original
    /// changes, and a cell set back to every default equals (and hashes as) a new one.
    @Test func rarelySetPropertiesBehaveAsStoredOnes() {
        var cell = CellSpec()
        cell.numberOfLines = 2
        cell.font = .system(15)
        cell.editing.reorder = true
        cell.additionalHeight = 4
        var copy = cell
        copy.numberOfLines = 3
        #expect(cell.numberOfLines == 2 && copy.numberOfLines == 3)
        #expect(cell.font == .system(15) && cell.editing == EditingSpec(reorder: true) && cell.additionalHeight == 4)
        #expect(cell != CellSpec())
        cell.numberOfLines = 0
        cell.font = nil
        cell.editing = EditingSpec()
        cell.additionalHeight = 0
        #expect(cell == CellSpec())
        #expect(Set([cell, CellSpec()]).count == 1)
    }
}
