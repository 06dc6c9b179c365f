import CellLayout
import Foundation
import Testing

/// A section's `"headerContent"` / `"footerContent"`: a header or footer
/// `UIListContentConfiguration` (iOS 14; the prominent headers iOS 15), laid out by its own
/// margins (Profiles.md, "List content configuration": D1, D3) with the table's margins
/// winning at the sides. Line heights are San Francisco's: Footnote 13 × 2444 / 2048 = 15.51
/// → 16, semibold Title3 20 → 23.87 → 24. An insetGrouped table 375 wide has cells at x 16,
/// 343 wide (D1, C8), whose layout margin is 16.
@Suite struct HeaderConfigurationTests {
    static func section(_ section: String, style: String = "insetGrouped", platform: String = "ios15") throws -> SectionLayout {
        let table = try Tables.layout(try JSONParser.parse("""
            {"width": 375, "platform": "\(platform)", "style": "\(style)", "sections": [\(section)]}
            """))
        return table.sections[0]
    }

    @Test func prominentInsetGroupedHeader() throws {
        // Margins 8 / 3 / 11 / 3 (D3); 3 at the sides loses to the cell's 16: x = 16 + 16 = 32,
        // 343 − 32 = 311 wide; 8 + 24 + 11 = 43 high, not in capitals.
        let s = try Self.section(#"{"headerContent": {"configuration": "prominentInsetGroupedHeader", "text": "Account"}, "rows": [{"text": "a"}]}"#)
        #expect(s.header.height == 43)
        #expect(s.header.textLabel?.frame == CGRect(x: 32, y: 8, width: 311, height: 24))
    }

    @Test func groupedHeaderAndFooter() throws {
        // groupedHeader: Footnote in capitals, 17 above and 6 below (D1): 17 + 16 + 6 = 39;
        // groupedFooter: 6 above, 12 below: 6 + 16 + 12 = 34.
        let s = try Self.section(#"""
            {"headerContent": {"configuration": "groupedHeader", "text": "Network"},
             "footerContent": {"configuration": "groupedFooter", "text": "Shown to others."}, "rows": [{"text": "a"}]}
            """#)
        #expect(s.header.height == 39)
        #expect(s.header.textLabel?.frame == CGRect(x: 32, y: 17, width: 311, height: 16))
        #expect(s.footer.height == 34)
        #expect(s.footer.textLabel?.frame.minY == 6)
    }

    @Test func plainHeaderKeepsNoMinimumHeight() throws {
        // D3: a header or footer configuration does not enforce a minimum height
        // (enforcesMinimumHeight is off for plainHeader, plainFooter, groupedHeader and
        // groupedFooter, on for the cell kinds), so a plainHeader is its text and margins:
        // semibold Subheadline 15 (SF: 15 × 2444 / 2048 = 17.9 → 18) with 4 above and below,
        // 26, under the 22 of sectionHeaderTopPadding: 48 in all, text at 22 + 4 = 26 — where
        // the titled header ("header": "Today"), which takes the table's 28-pt minimum (D1),
        // is 50. A footer has no top padding: 26.
        let s = try Self.section(#"{"headerContent": {"configuration": "plainHeader", "text": "Today"}, "footerContent": {"configuration": "plainFooter", "text": "End"}, "rows": [{"text": "a"}]}"#, style: "plain")
        #expect(s.header.height == 48)
        #expect(s.header.textLabel?.frame.minY == 26)
        #expect(s.header.textLabel?.frame.height == 18)
        #expect(s.footer.height == 26)
        let titled = try Self.section(#"{"header": "Today", "rows": [{"text": "a"}]}"#, style: "plain")
        #expect(titled.header.height == 50)
    }

    @Test func secondaryTextAndImage() throws {
        // groupedHeader with a secondary text: the text in capitals, Footnote (16), then 3 (D3),
        // then the secondary text in the same Footnote, not in capitals (D3): 17 + 16 + 3 + 16 + 6 = 58.
        let s = try Self.section(#"{"headerContent": {"configuration": "groupedHeader", "text": "Network", "secondaryText": "Shown to others"}, "rows": [{"text": "a"}]}"#)
        #expect(s.header.height == 58)
        #expect(s.header.textLabel?.frame == CGRect(x: 32, y: 17, width: 311, height: 16))
        #expect(s.header.textLabel?.measurement.lines == 1)
        #expect(s.header.detailTextLabel?.frame == CGRect(x: 32, y: 36, width: 311, height: 16))
        // An image 20 × 20 at the margin (32), the text 16 after it at 32 + 20 + 16 = 68, as wide
        // as 343 − 16 − 20 − 16 − 16 = 275; 17 + max(16, 20) + 6 = 43, the text centred beside
        // the image: 17 + (20 − 16) / 2 = 19.
        let i = try Self.section(#"{"headerContent": {"configuration": "groupedHeader", "text": "Network", "image": {"width": 20, "height": 20}}, "rows": [{"text": "a"}]}"#)
        #expect(i.header.height == 43)
        #expect(i.header.imageView == CGRect(x: 32, y: 17, width: 20, height: 20))
        #expect(i.header.textLabel?.frame == CGRect(x: 68, y: 19, width: 275, height: 16))
        // Under a prominent header the secondary text is Subheadline 15 (D1): SF 15 × 2444 /
        // 2048 = 17.9 → 18: 8 + 24 + 3 + 18 + 11 = 64.
        let p = try Self.section(#"{"headerContent": {"configuration": "prominentInsetGroupedHeader", "text": "Account", "secondaryText": "Signed in"}, "rows": [{"text": "a"}]}"#)
        #expect(p.header.height == 64)
        #expect(p.header.detailTextLabel?.frame.height == 18)
    }

    @Test func badHeaderContentIsNamedByItsPath() throws {
        let decoder = TableDecoder(fonts: TestFonts.library)
        func error(_ section: String, platform: String = "ios15") -> String {
            let style = platform < "ios13" ? "grouped" : "insetGrouped"
            let json = #"{"width": 375, "platform": "\#(platform)", "style": "\#(style)", "sections": [\#(section)]}"#
            do { _ = try decoder.decode(try JSONParser.parse(json)) } catch { return "\(error)" }
            return "no error"
        }
        #expect(error(#"{"headerContent": {"configuration": "cell"}}"#)
            == #"sections[0].headerContent.configuration: unknown header configuration "cell" (expected one of groupedHeader, groupedFooter, plainHeader, plainFooter, prominentInsetGroupedHeader, extraProminentInsetGroupedHeader)"#)
        #expect(error(#"{"footerContent": {"configuration": "groupedHeader"}}"#)
            == "sections[0].footerContent.configuration: groupedHeader is a header's configuration, not a footer's")
        #expect(error(#"{"headerContent": {"configuration": "prominentInsetGroupedHeader"}}"#, platform: "ios13")
            == "sections[0].headerContent.configuration: prominentInsetGroupedHeader is iOS 15's: platform ios13 (iOS 13–14) has none")
        #expect(error(#"{"headerContent": {"configuration": "groupedHeader"}}"#, platform: "ios11")
            == "sections[0].headerContent: list content configurations are iOS 14's: platform ios11 (iOS 11–12) has none")
        #expect(error(#"{"header": "A", "headerContent": {"configuration": "groupedHeader"}}"#)
            == #"sections[0].headerContent: a section takes its header from "headerContent" or from "header", not both"#)
        #expect(error(#"{"headerContent": {"configuration": "groupedHeader", "imageProperties": {}}}"#)
            == #"sections[0].headerContent.imageProperties: unknown key (did you mean "image"?)"#)
    }
}
