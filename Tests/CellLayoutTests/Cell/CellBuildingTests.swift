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
}
