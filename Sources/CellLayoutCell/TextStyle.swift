import CellLayoutFontLibrary

/// A semantic font style, as UIKit's `UIFont.TextStyle` names it: what
/// `UIFont.preferredFont(forTextStyle:)` gives, sized by the content size category.
///
/// Sizes, weights and leading come from Apple's Human Interface Guidelines, Typography,
/// Specifications ("iOS, iPadOS Dynamic Type sizes" and "iOS, iPadOS larger accessibility
/// type sizes"); the CellLayout catalog's article "The system font and Dynamic Type" has the
/// table and its sources.
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style's font size at `category`, in points.
    public func size(at category: ContentSizeCategory = .default) -> Double {
        Double(Self.table[category.index][styleIndex].size)
    }

    /// The style's weight (the same in every category): semibold for `headline`, else regular.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The HIG's leading (baseline to baseline) of the style at `category`, in points. A
    /// design value: a label spaces its lines by the font's own line height, not by this
    /// (the article "The system font and Dynamic Type", "Leading does not reach a label").
    public func leading(at category: ContentSizeCategory = .default) -> Double {
        Double(Self.table[category.index][styleIndex].leading)
    }

    /// `value` scaled as `UIFontMetrics(forTextStyle: self).scaledValue(for:)` scales it at
    /// `category`: in proportion to the style's size there over its size at `large`, not
    /// rounded. A custom font's size goes through this for `"relativeTo"`
    /// (`UIFontMetrics.scaledFont(for:)`).
    public func scaled(_ value: Double, at category: ContentSizeCategory) -> Double {
        value * size(at: category) / size(at: .large)
    }

    private var styleIndex: Int { Self.allCases.firstIndex(of: self)! }

    /// Size / leading in points, one row per category (extraSmall … AX5), one column per
    /// style in `allCases` order: the HIG's twelve tables, transcribed
    /// (`Tests/CellLayoutTests/Fixtures/DynamicType/hig-dynamic-type.json` is the same data,
    /// which `TextStyleTests` compares).
    private static let table: [[(size: UInt8, leading: UInt8)]] = [
        [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (14, 19), (13, 18), (12, 16), (12, 16), (11, 13), (11, 13)],
        [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (15, 20), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)],
        [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (16, 21), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)],
        [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18), (12, 16), (11, 13)],
        [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (19, 24), (18, 23), (17, 22), (15, 20), (14, 19), (13, 18)],
        [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (21, 26), (20, 25), (19, 24), (17, 22), (16, 21), (15, 20)],
        [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (23, 29), (22, 28), (21, 28), (19, 24), (18, 23), (17, 22)],
        [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (28, 34), (26, 32), (25, 31), (23, 29), (22, 28), (20, 25)],
        [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (33, 40), (32, 39), (30, 37), (27, 33), (26, 32), (24, 30)],
        [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (40, 48), (38, 46), (36, 43), (33, 40), (32, 39), (29, 35)],
        [(56, 66), (53, 62), (50, 59), (49, 58), (47, 56), (47, 56), (44, 52), (42, 50), (38, 46), (37, 44), (34, 41)],
        [(60, 70), (58, 68), (56, 66), (55, 65), (53, 62), (53, 62), (51, 60), (49, 58), (44, 52), (43, 51), (40, 48)],
    ]
}
