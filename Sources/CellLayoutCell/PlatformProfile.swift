/// An iOS generation whose UIKit table metrics a layout follows: a table's `"platform"`,
/// `layout-cli --platform`, `TableMetrics(platform:width:)`.
///
/// Each generation starts where UIKit's numbers changed; the values and the evidence for
/// each are in Profiles.md (generated from `Fixtures/Profiles/metric-profiles.json`, which a
/// test keeps equal to the values here). The default is the newest.
public enum PlatformProfile: String, CaseIterable, Sendable {
    /// iOS 5–6: separators edge to edge, grouped sections inset 10 with rounded corners.
    case ios6
    /// iOS 7: the flat redesign, 15 pt margins, hairline separators inset to the text.
    case ios7
    /// iOS 8–10: layout margins (20 on wide screens), text styles, readable width from iOS 9.
    case ios8
    /// iOS 11–12: 16 pt margins on compact widths, safe areas.
    case ios11
    /// iOS 13–14: insetGrouped, SF Symbol accessories, list content configurations (iOS 14).
    case ios13
    /// iOS 15–18: chromeless plain headers with 22 pt above them, new header paddings.
    case ios15

    /// The profile tables follow when they name none.
    public static let newest: PlatformProfile = .ios15

    /// The releases the profile covers, as "iOS 8–10".
    public var releases: String {
        switch self {
        case .ios6: "iOS 5–6"
        case .ios7: "iOS 7"
        case .ios8: "iOS 8–10"
        case .ios11: "iOS 11–12"
        case .ios13: "iOS 13–14"
        case .ios15: "iOS 15–18"
        }
    }

    /// Whether the generation has `UITableView.Style.insetGrouped` (iOS 13).
    public var hasInsetGrouped: Bool { self >= .ios13 }
    /// Whether the generation has safe areas (iOS 11).
    public var hasSafeAreas: Bool { self >= .ios11 }
    /// Whether the generation has `UIListContentConfiguration` and `UICellAccessory` (iOS 14,
    /// in the `ios13` profile).
    public var hasContentConfigurations: Bool { self >= .ios13 }
}

extension PlatformProfile: Comparable {
    /// Older generations first.
    public static func < (a: PlatformProfile, b: PlatformProfile) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The profiles' values, one per metric (Profiles.md names each metric and its sources).
extension PlatformProfile {
    /// `leadingMargin` on compact widths.
    var compactMargin: Double {
        switch self {
        case .ios6: 10
        case .ios7, .ios8: 15
        case .ios11, .ios13, .ios15: 16
        }
    }

    /// `leadingMarginWide`: on screens UIKit gives wide margins (a table wider than 320 on
    /// an iPhone Plus/Max or an iPad).
    var wideMargin: Double {
        switch self {
        case .ios6: 10
        case .ios7: 15
        case .ios8, .ios11, .ios13, .ios15: 20
        }
    }

    /// `followsReadableWidthByDefault` (iOS 9–11 followed the readable width).
    var followsReadableWidth: Bool { self == .ios8 }

    /// `separatorInset`: whether separators start at the text (iOS 7 on) or at the cell's edge.
    var separatorsStartAtTheText: Bool { self != .ios6 }

    /// `separatorThickness`: nil for one pixel (1/scale), else points.
    var separatorThickness: Double? { self == .ios6 ? 1 : nil }

    /// `imageSpacing`, or nil for the margin.
    var imageSpacing: Double? { self >= .ios13 ? 16 : nil }

    /// `textFont` (default and subtitle cells): fixed sizes before iOS 8, text styles after.
    var textFont: FontSpec {
        switch self {
        case .ios6: .system(20, .bold)
        case .ios7: .system(18)
        default: FontSpec(textStyle: .body)
        }
    }

    /// `value1Fonts`: text and detail.
    var value1Fonts: (text: FontSpec, detail: FontSpec) {
        switch self {
        case .ios6: (.system(17, .bold), .system(17))
        case .ios7: (.system(17), .system(17))
        default: (FontSpec(textStyle: .body), FontSpec(textStyle: .body))
        }
    }

    /// `subtitleDetailFont`.
    var subtitleDetailFont: FontSpec {
        switch self {
        case .ios6: .system(14)
        case .ios7: .system(12)
        default: FontSpec(textStyle: .caption1)
        }
    }

    /// `value2Fonts`: text and detail.
    var value2Fonts: (text: FontSpec, detail: FontSpec) {
        switch self {
        case .ios6: (.system(12, .bold), .system(15, .bold))
        case .ios7: (.system(14), .system(14))
        default: (FontSpec(textStyle: .footnote), FontSpec(textStyle: .footnote))
        }
    }

    /// `disclosureIndicatorWidth`, `checkmarkWidth`, `detailButtonWidth`,
    /// `detailDisclosureButtonWidth`.
    var accessoryWidths: (disclosure: Double, checkmark: Double, detail: Double, detailDisclosure: Double) {
        switch self {
        case .ios6: (20, 20, 48, 33)
        case .ios7: (33, 40, 48, 68)
        default: (34, 40, 48, 68)
        }
    }

    /// `accessoryViewPadding`, or nil for the margin.
    var accessoryViewPadding: Double? {
        switch self {
        case .ios6: 10
        case .ios7: 15
        case .ios8: 16
        default: nil
        }
    }

    /// `chevronSize`.
    var disclosureIndicatorSize: TableMetrics.Size {
        self == .ios7 ? .init(width: 8, height: 12.5) : .init(width: 8, height: 13)
    }

    /// `groupedSectionInset`.
    var groupedSectionInset: Double { self == .ios6 ? 10 : 0 }

    /// `sectionCornerRadius` (grouped sections of iOS 5–6, insetGrouped ones from iOS 13).
    var sectionCornerRadius: Double { self == .ios6 || self >= .ios13 ? 10 : 0 }

    /// `groupedFirstEmptyHeaderHeight`.
    var groupedFirstEmptyHeaderHeight: Double { self == .ios6 ? 10 : 35 }

    /// `groupedEmptyHeaderFooterHeight`.
    var groupedEmptyHeaderFooterHeight: Double { self == .ios6 ? 10 : 17.5 }

    /// `groupedHeaderPadding`: above the first section's header text, above the others',
    /// and below.
    var groupedHeaderPadding: (first: Double, top: Double, bottom: Double) {
        self == .ios15 ? (32, 17, 6) : (8, 8, 8)
    }

    /// `groupedFooterPadding`.
    var groupedFooterPadding: TableMetrics.Insets {
        self == .ios15 ? .init(top: 6, bottom: 12) : .init(top: 8, bottom: 8)
    }

    /// `groupedHeaderFont` and whether the text is shown in capitals.
    var groupedHeaderFont: (font: FontSpec, uppercase: Bool) {
        switch self {
        case .ios6: (.system(17, .bold), false)
        case .ios7, .ios8: (.system(14, .bold), true)
        default: (FontSpec(textStyle: .footnote), true)
        }
    }

    /// `groupedFooterFont`.
    var groupedFooterFont: FontSpec {
        switch self {
        case .ios6: .system(15)
        case .ios7, .ios8: .system(14)
        default: FontSpec(textStyle: .footnote)
        }
    }

    /// `plainHeaderFont`: the emphasized (semibold) subheadline from iOS 15.
    var plainHeaderFont: FontSpec {
        switch self {
        case .ios6: return .system(18, .bold)
        case .ios7, .ios8: return .system(14, .bold)
        case .ios11, .ios13: return FontSpec(textStyle: .headline)
        case .ios15:
            var emphasized = FontSpec(textStyle: .subheadline)
            emphasized.weight = .semibold
            return emphasized
        }
    }

    /// `plainHeaderHeight`.
    var plainHeaderHeight: Double { self == .ios15 ? 28 : 23 }

    /// `sectionHeaderTopPadding` (plain tables).
    var sectionHeaderTopPadding: Double { self == .ios15 ? 22 : 0 }
}
