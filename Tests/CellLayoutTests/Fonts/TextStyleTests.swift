@testable import CellLayout
import Testing

/// Text styles at every content size category, as the HIG's twelve tables give them
/// (`Fixtures/DynamicType/hig-dynamic-type.json`, transcribed by hand from the HIG page and
/// checked there against `UIFont.preferredFont` sizes measured on iOS 13.3: all 132 equal
/// but caption2 at AX5, 40 in the HIG and 41 measured; the HIG's is used).
@Suite struct TextStyleTests {
    @Test func sizesWeightsAndLeadingAreTheHIGs() throws {
        let data = try JSONParser.parse(String(contentsOf: TestFonts.fixture("DynamicType/hig-dynamic-type.json"),
                                               encoding: .utf8))
        let categories = data["categories"]!.array!.map { ContentSizeCategory(rawValue: $0.string!)! }
        #expect(categories == ContentSizeCategory.allCases)
        let styles = data["styles"]!.array!.map { TextStyle(rawValue: $0.string!)! }
        #expect(styles == TextStyle.allCases)
        for category in categories {
            for style in styles {
                let entry = data["table"]![category.rawValue]![style.rawValue]!
                #expect(style.size(at: category) == entry["size"]!.number!, "\(style) at \(category)")
                #expect(style.leading(at: category) == entry["leading"]!.number!, "\(style) at \(category)")
                #expect(style.weight.rawValue == entry["weight"]!.string!)
            }
        }
    }

    /// `UIFontMetrics(forTextStyle: .body).scaledFont(for:)` of a 16 pt font at xxxLarge:
    /// body is 17 at large and 23 at xxxLarge, so 16 × 23 / 17 = 21.647… (not rounded);
    /// caption2 at xSmall stays 11 as at large, so a 10 pt font stays 10.
    @Test func fontMetricsScaleByTheStylesRatio() {
        #expect(abs(TextStyle.body.scaled(16, at: .extraExtraExtraLarge) - 16.0 * 23 / 17) < 1e-12)
        #expect(TextStyle.caption2.scaled(10, at: .extraSmall) == 10)
        var spec = FontSpec(size: 16)
        spec.relativeTo = .body
        #expect(spec.at(.accessibilityMedium).pointSize == 16.0 * 28 / 17)
    }

    @Test func aTextStyleSpecTakesTheStylesSizeAndWeightAtItsCategory() {
        let headline = FontSpec(textStyle: .headline, category: .extraLarge)
        #expect(headline.pointSize == 19)
        #expect(headline.weight == .semibold)
        #expect(headline.at(.accessibilityExtraExtraExtraLarge).pointSize == 53)
        // A fixed size does not follow the category.
        #expect(FontSpec(size: 15).at(.accessibilityLarge).pointSize == 15)
    }

    /// UIKit's spellings are accepted, as elsewhere in the format.
    @Test func namesInUIKitsSpellings() {
        #expect(TextStyle(named: "UIFontTextStyleSubheadline") == .subheadline)
        #expect(TextStyle(named: "UICTFontTextStyleTitle0") == .largeTitle)
        #expect(TextStyle(named: ".body") == .body)
        #expect(TextStyle(named: "caption") == .caption1)
        #expect(TextStyle(named: "bodyy") == nil)
        #expect(ContentSizeCategory(named: "UIContentSizeCategoryAccessibilityExtraExtraExtraLarge") == .accessibilityExtraExtraExtraLarge)
        #expect(ContentSizeCategory(named: "UICTContentSizeCategoryXXL") == .extraExtraLarge)
        #expect(ContentSizeCategory(named: "AX2") == .accessibilityLarge)
        #expect(ContentSizeCategory(named: ".xSmall") == .extraSmall)
        #expect(ContentSizeCategory(named: "huge") == nil)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(!ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    }
}
