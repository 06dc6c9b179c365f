import CellLayout
import Foundation
import Testing

/// UIKit's spellings of the format's values (issue 23 item 3): every alias family decodes to
/// the value the format's own name gives, and lays out the same; a value unlike it decodes
/// to something else, so that an alias mapped to the wrong value (or to a default) fails.
@Suite struct UIKitSpellingTests {
    /// A document with `VALUE` where the spelling goes, the format's name, another value of
    /// the same setting, and the UIKit spellings of the first.
    struct Family: Sendable, CustomTestStringConvertible {
        let template: String
        let canonical: String
        let other: String
        let aliases: [String]
        var testDescription: String { canonical }
    }

    static let families: [Family] = [
        .init(template: #"{"width": 200, "rows": [{"text": "A label long enough to need three lines here", "numberOfLines": 1, "lineBreakMode": VALUE}]}"#,
              canonical: "tail", other: "head",
              aliases: ["byTruncatingTail", ".byTruncatingTail", "NSLineBreakByTruncatingTail", "NSLineBreakMode.byTruncatingTail",
                        "UILineBreakModeTailTruncation", "Tail"]),
        .init(template: #"{"width": 200, "rows": [{"text": "Supercalifragilistic expialidocious", "lineBreakMode": VALUE}]}"#,
              canonical: "char", other: "word",
              aliases: ["byCharWrapping", ".byCharWrapping", "NSLineBreakByCharWrapping", "UILineBreakModeCharacterWrap"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "detailText": "Detail", "style": VALUE}]}"#,
              canonical: "subtitle", other: "value1",
              aliases: [".subtitle", "UITableViewCellStyleSubtitle", "UITableViewCell.CellStyle.subtitle"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "accessory": VALUE}]}"#,
              canonical: "disclosureIndicator", other: "checkmark",
              aliases: [".disclosureIndicator", "UITableViewCellAccessoryDisclosureIndicator",
                        "UITableViewCell.AccessoryType.disclosureIndicator"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "font": {"weight": VALUE}}]}"#,
              canonical: "semibold", other: "regular",
              aliases: ["UIFontWeightSemibold", ".semibold", "UIFont.Weight.semibold", "Font.Weight.semibold"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "font": {"weight": VALUE}}]}"#,
              canonical: "ultralight", other: "regular", aliases: [".ultraLight", "UIFontWeightUltraLight"]),
        .init(template: #"{"width": 375, "rows": [{"subviews": [{"id": "bar", "kind": "view", "frame": [10, 10, 100, 20], "autoresizing": [VALUE]}]}]}"#,
              canonical: "flexibleWidth", other: "flexibleLeftMargin",
              aliases: ["UIViewAutoresizingFlexibleWidth", ".flexibleWidth", "UIView.AutoresizingMask.flexibleWidth"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "editing": {"control": VALUE}}]}"#,
              canonical: "delete", other: "none",
              aliases: ["UITableViewCellEditingStyleDelete", ".delete", "UITableViewCell.EditingStyle.delete"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "swipeActions": [{"title": "Delete", "style": VALUE}]}]}"#,
              canonical: "destructive", other: "normal",
              aliases: ["UIContextualActionStyleDestructive", ".destructive", "UIContextualAction.Style.destructive",
                        "UITableViewRowActionStyleDestructive"]),
        .init(template: #"{"width": 375, "style": VALUE, "sections": [{"header": "Section", "rows": [{"text": "Title"}]}]}"#,
              canonical: "insetGrouped", other: "plain",
              aliases: ["UITableViewStyleInsetGrouped", ".insetGrouped", "UITableView.Style.insetGrouped"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "semanticContentAttribute": VALUE}]}"#,
              canonical: "forceRightToLeft", other: "unspecified",
              aliases: ["UISemanticContentAttributeForceRightToLeft", ".forceRightToLeft", "UISemanticContentAttribute.forceRightToLeft"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "paragraph": {"alignment": VALUE}}]}"#,
              canonical: "center", other: "natural", aliases: ["NSTextAlignmentCenter", ".center", "NSTextAlignment.center"]),
        .init(template: #"{"width": 375, "rows": [{"subviews": [{"id": "toggle", "kind": VALUE}]}]}"#,
              canonical: "switch", other: "slider", aliases: ["UISwitch"]),
        .init(template: #"{"width": 375, "rows": [{"content": {"configuration": VALUE, "text": "Title", "secondaryText": "Detail"}}]}"#,
              canonical: "subtitleCell", other: "valueCell",
              aliases: ["UIListContentConfiguration.subtitleCell()", ".subtitleCell()", "subtitleCell()"]),
        .init(template: #"{"width": 375, "style": "grouped", "sections": [{"headerContent": {"configuration": VALUE, "text": "Head"}, "rows": [{"text": "x"}]}]}"#,
              canonical: "groupedHeader", other: "plainHeader",
              aliases: ["UIListContentConfiguration.groupedHeader()", ".groupedHeader()"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "font": {"textStyle": VALUE}}]}"#,
              canonical: "headline", other: "body",
              aliases: ["UIFontTextStyleHeadline", "UIFont.TextStyle.headline", ".headline", "UICTFontTextStyleHeadline"]),
        .init(template: #"{"width": 375, "rows": [{"text": "Title", "contentSizeCategory": VALUE}]}"#,
              canonical: "accessibilityLarge", other: "large",
              aliases: ["UIContentSizeCategoryAccessibilityLarge", "UIContentSizeCategory.accessibilityLarge",
                        "UICTContentSizeCategoryAccessibilityL", "AX2", ".accessibilityLarge"]),
    ]

    /// The table `template` gives with `spelling`: what it decodes to (style, rows and
    /// section headers) and its layout output.
    func table(_ family: Family, _ spelling: String) throws -> (decoded: [AnyHashable], output: JSONValue) {
        let document = try JSONParser.parse(family.template.replacingOccurrences(of: "VALUE", with: "\"\(spelling)\""))
        let spec = try TableDecoder(fonts: TestFonts.library).decode(document)
        let decoded: [AnyHashable] = [spec.style, spec.sections.map { Array($0.rows) }, spec.sections.map(\.headerContent)]
        return (decoded, try Tables.output(try Tables.layout(document)))
    }

    @Test(arguments: families)
    func everyUIKitSpellingIsTheFormatsValue(_ family: Family) throws {
        let canonical = try table(family, family.canonical)
        #expect(try table(family, family.other).decoded != canonical.decoded)
        for alias in family.aliases {
            let aliased = try table(family, alias)
            #expect(aliased.decoded == canonical.decoded, "\(alias)")
            #expect(aliased.output == canonical.output, "\(alias)")
        }
    }

    @Test func theLookupFoldsPrefixDotAndCaseOnly() {
        #expect(LineBreakMode(named: "NSLineBreakByTruncatingMiddle") == .byTruncatingMiddle)
        #expect(ScrollPosition(named: "UITableViewScrollPositionMiddle") == .middle)
        #expect(ScrollPosition(named: "UITableView.ScrollPosition.bottom") == .bottom)
        #expect(Accessory(named: "UITableViewCellAccessoryCheckmark") == .checkmark)
        #expect(AutoresizingMask(named: "UIViewAutoresizingFlexibleBottomMargin") == .flexibleBottomMargin)
        #expect(TextStyle(named: "title") == .title1)
        #expect(ContentSizeCategory(named: "UICTContentSizeCategoryXXL") == .extraExtraLarge)
        // A prefix alone, another type's prefix, a name inside a longer word: no value.
        #expect(LineBreakMode(named: "NSLineBreak") == nil)
        #expect(CellStyle(named: "UITableViewCellAccessorySubtitle") == nil)
        #expect(LineBreakMode(named: "tailing") == nil)
        #expect(Accessory(named: "view") == nil)
    }

    // MARK: On the command line

    @Test func optionsTakeUIKitsSpellingsToo() throws {
        func measure(_ arguments: [String]) throws -> String {
            let result = try CLI.run(["measure", "--no-system-fonts", "--width", "120", "--lines", "1",
                                      "--text", "A text that takes more than one line"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        let tail = try measure(["--break", "tail", "--weight", "semibold"])
        #expect(try measure(["--break", "NSLineBreakByTruncatingTail", "--weight", "UIFontWeightSemibold"]) == tail)
        #expect(try measure(["--break", ".byTruncatingTail", "--weight", ".semibold"]) == tail)

        let form = TestFonts.packageRoot.appendingPathComponent("Examples/form.json").path
        func offset(_ position: String) throws -> String {
            let result = try CLI.run(["query", form, "--no-system-fonts", "--viewport-height", "300",
                                      "--scroll-to", "1,0", "--position", position])
            #expect(result.status == 0, "\(position): \(result.stderr)")
            return result.stdout
        }
        let middle = try offset("middle")
        #expect(try offset("top") != middle)
        #expect(try offset("UITableViewScrollPositionMiddle") == middle)
        #expect(try offset(".middle") == middle)
    }
}
