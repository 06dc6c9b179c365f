import CellLayout
import Foundation
import Testing

/// `"safeArea"` (iOS 11 on): cells' content views, accessories, headers and footers are
/// inset to the safe area, as `UITableView.insetsContentViewsToSafeArea` (true by default,
/// Profiles.md A5) does; insetGrouped sections stand inside it.
@Suite struct SafeAreaTests {
    /// An iPhone 12 in landscape: 844 wide, the notch's 47 on each side.
    static func table(style: String = "plain", platform: String = "ios15", safeArea: String = #"{"left": 47, "right": 47}"#)
        throws -> TableLayout {
        try Tables.layout(try JSONParser.parse("""
            {"width": 844, "platform": "\(platform)", "style": "\(style)", "safeArea": \(safeArea), "sections": [
              {"header": "General", "rows": [{"text": "About", "accessory": "disclosureIndicator"}]}]}
            """))
    }

    @Test func plainCellsInsetTheirContentToTheSafeArea() throws {
        // 844 is 414 or wider: margins 20 (D1). Content view from the left inset 47, as wide as
        // 844 − 47 − 47 − 34 (the disclosure's take) = 716; the label 20 into it, 716 − 40 = 676
        // wide; the chevron 20 inside the right inset: 844 − 47 − 20 − 8 = 769.
        let row = try Self.table().sections[0].rows[0]
        #expect(row.contentView.minX == 47 && row.contentView.width == 716)
        #expect(row.textLabel?.minX == 20 && row.textLabel?.width == 676)
        #expect(row.accessoryView?.minX == 769)
        // The header's text starts at the same x as the row's, 47 + 20 = 67, 844 − 47 − 47 − 20 − 20 = 710 wide.
        let header = try #require(Self.table().sections[0].header.textLabel)
        #expect(header.frame.minX == 67 && header.frame.width == 710)
    }

    @Test func insetGroupedSectionsStandInsideTheSafeArea() throws {
        // Sections inset 47 + 20 = 67 from each side: cells 844 − 134 = 710 wide; inside them
        // no further inset: the content view at 0, 710 − 34 = 676 wide, the label at 20.
        let table = try Self.table(style: "insetGrouped")
        #expect(table.cellFrameX.x == 67 && table.cellFrameX.width == 710)
        let row = table.sections[0].rows[0]
        #expect(row.contentView.minX == 0 && row.contentView.width == 676)
        #expect(row.textLabel?.minX == 20)
    }

    @Test func rightToLeftKeepsThePhysicalInsets() throws {
        // A left inset only (the notch on the left): mirrored, the content view still starts
        // 47 from the left edge, where the trailing side is now; the accessory is at the left,
        // 20 from the notch: 47 + 20 = 67.
        let table = try Tables.layout(try JSONParser.parse("""
            {"width": 844, "semanticContentAttribute": "forceRightToLeft", "safeArea": {"left": 47}, "rows": [
              {"text": "About", "accessory": "disclosureIndicator"}]}
            """))
        let row = table.sections[0].rows[0]
        #expect(row.accessoryView?.minX == 67)
        #expect(row.contentView.minX == 47 + 34 && row.contentView.maxX == 844)
    }

    @Test func safeAreasBeforeIOS11AreRefused() throws {
        let decoder = TableDecoder(fonts: TestFonts.library)
        func error(_ json: String) -> String {
            do { _ = try decoder.decode(try JSONParser.parse(json)) } catch { return "\(error)" }
            return "no error"
        }
        #expect(error(#"{"width": 844, "platform": "ios8", "safeArea": {"left": 44}, "rows": []}"#)
            == "safeArea: safe areas are iOS 11's: platform ios8 (iOS 8–10) has none")
        #expect(error(#"{"width": 844, "safeArea": {"top": 44}, "rows": []}"#)
            == "safeArea.top: unknown key (expected one of left, right)")
        #expect(error(#"{"width": 844, "safeArea": {"left": 500}, "rows": []}"#)
            == "safeArea.left: must be from 0 to 422, got 500")
    }
}
