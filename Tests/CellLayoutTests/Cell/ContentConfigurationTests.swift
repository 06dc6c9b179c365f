import CellLayout
import Foundation
import Testing

/// A row's `"content"`: `UIListContentConfiguration` (iOS 14) laid out by its own margins
/// and paddings (Profiles.md, "List content configuration": D1, D3, A3), with the expected
/// frames derived by hand. Line heights are San Francisco's for the system font: Body 17
/// 17 × 2444 / 2048 = 20.287 → 21, Caption1 12 → 14.32 → 15. An insetGrouped table 375
/// wide has cells 375 − 2 × 16 = 343 wide (the margin, D1; C8 shows it on iOS 16).
@Suite struct ContentConfigurationTests {
    static func rows(_ rows: String, platform: String = "ios15") throws -> [RowLayout] {
        let table = try Tables.layout(try JSONParser.parse("""
            {"width": 375, "platform": "\(platform)", "style": "insetGrouped", "sections": [{"rows": [\(rows)]}]}
            """))
        return Array(table.sections[0].rows)
    }

    @Test func cellWithAnImageBesideADisclosureIndicator() throws {
        // Content 343 − 34 = 309. Image 29 × 29 at the leading margin max(16, 16) = 16, text at
        // 16 + 29 + 16 (imageToTextPadding) = 61, as wide as 309 − 61 − 8 (the configuration's
        // trailing margin: beside an accessory the cell's own does not reach it) = 240.
        // Height: 11 + max(21, 29) + 11 = 51 + the 1 pt separator = 52; image y = 11 + (51 − 22 − 29) / 2 = 11.
        let row = try Self.rows(#"{"content": {"configuration": "cell", "text": "General", "image": {"width": 29, "height": 29}}, "accessory": "disclosureIndicator"}"#)[0]
        #expect(row.contentView == CGRect(x: 0, y: 0, width: 309, height: 51))
        #expect(row.imageView == CGRect(x: 16, y: 11, width: 29, height: 29))
        #expect(row.textLabel == CGRect(x: 61, y: 15, width: 240, height: 21))
        #expect(row.height == 52)
    }

    @Test func valueCellSideBySideWhenBothFit() throws {
        // "Home" is 47.4 pt of Body 17 (hb-shape, Inter at 1700 / 100), 48 rounded up to the
        // pixel: right-aligned at 343 − 16 − 48 = 279; the text gets 343 − 32 − 48 − 8 = 255.
        let row = try Self.rows(#"{"content": {"configuration": "valueCell", "text": "Wi-Fi", "secondaryText": "Home"}}"#)[0]
        #expect(row.textLabel == CGRect(x: 16, y: 11, width: 255, height: 21))
        #expect(row.detailTextLabel == CGRect(x: 279, y: 11, width: 48, height: 21))
        #expect(row.height == 44)
    }

    @Test func valueCellStacksWhenTheTextsDoNotFit() throws {
        // Neither text leaves room for the other on 311 pt: stacked, 21 + 3 + 21 = 45;
        // 11 + 45 + 11 + 1 = 68; the value under the text at 11 + 21 + 3 = 35, leading-aligned.
        let row = try Self.rows(#"{"content": {"configuration": "valueCell", "text": "A long name for a network setting", "secondaryText": "A long value that cannot fit"}}"#)[0]
        #expect(row.textLabel == CGRect(x: 16, y: 11, width: 311, height: 21))
        #expect(row.detailTextLabel == CGRect(x: 16, y: 35, width: 311, height: 21))
        #expect(row.height == 68)
    }

    @Test func valueCellStacksAtAccessibilitySizes() throws {
        // At accessibilityMedium Body is 28 pt (the HIG's table): 28 × 2444 / 2048 = 33.41 → 34
        // per line; stacked even though "Wi-Fi" and "Home" would fit: 11 + 34 + 3 + 34 + 11 + 1 = 94.
        let row = try Self.rows(#"{"contentSizeCategory": "accessibilityMedium", "content": {"configuration": "valueCell", "text": "Wi-Fi", "secondaryText": "Home"}}"#)[0]
        #expect(row.detailTextLabel?.minX == 16)
        #expect(row.height == 94)
    }

    @Test func subtitleCellStacksWithoutPadding() throws {
        // subtitleCell: Caption1 under Body with no padding (D3): 11 + 21 + 0 + 15 + 11 + 1 = 59.
        let row = try Self.rows(#"{"content": {"configuration": "subtitleCell", "text": "Show Previews", "secondaryText": "Always"}}"#)[0]
        #expect(row.detailTextLabel == CGRect(x: 16, y: 32, width: 311, height: 15))
        #expect(row.height == 59)
    }

    @Test func propertiesOverrideTheKindsDefaults() throws {
        // Margins 4 above and below, 30 leading (more than the cell's 16); an image shrunk into
        // maximumSize 20 × 20 (40 × 30 → 20 × 15) centred in a reserved 40 × 40: x 30 + 10 = 40;
        // the text at 30 + 40 + 6 = 76, one line of bold Body; height 4 + 40 + 4 + 1 = 49.
        let row = try Self.rows(#"""
            {"content": {"configuration": "cell", "text": "Account", "image": {"width": 40, "height": 30},
             "imageProperties": {"reservedLayoutSize": {"width": 40, "height": 40}, "maximumSize": {"width": 20, "height": 20}},
             "directionalLayoutMargins": {"top": 4, "leading": 30, "bottom": 4}, "imageToTextPadding": 6,
             "textProperties": {"font": {"weight": "bold"}, "numberOfLines": 1}}}
            """#)[0]
        #expect(row.imageView == CGRect(x: 40, y: 17, width: 20, height: 15))
        #expect(row.textLabel?.minX == 76)
        #expect(row.height == 49)
    }

    @Test func badContentIsNamedByItsPath() throws {
        let decoder = TableDecoder(fonts: TestFonts.library)
        func error(_ row: String, platform: String = "ios15") -> String {
            let json = #"{"width": 375, "platform": "\#(platform)", "rows": [\#(row)]}"#
            do { _ = try decoder.decode(try JSONParser.parse(json)) } catch { return "\(error)" }
            return "no error"
        }
        #expect(error(#"{"content": {"configuration": "groupedHeader"}}"#)
            == #"rows[0].content.configuration: unknown content configuration "groupedHeader" (expected one of cell, subtitleCell, valueCell, sidebarCell, sidebarSubtitleCell)"#)
        #expect(error(#"{"content": {"configuration": "cell"}}"#, platform: "ios11")
            == "rows[0].content: list content configurations are iOS 14's: platform ios11 (iOS 11–12) has none")
        #expect(error(#"{"content": {"text": "a"}}"#) == #"rows[0].content: missing "configuration""#)
        #expect(error(#"{"content": {"configuration": "cell", "imageProperties": {"cornerRadius": 4}}}"#)
            == "rows[0].content.imageProperties.cornerRadius: unknown key (expected one of reservedLayoutSize, maximumSize)")
        #expect(error(#"{"text": "a", "content": {"configuration": "cell"}}"#)
            == #"rows[0].text: a row with "content" takes its texts and image from the configuration, not from "text""#)
    }
}
