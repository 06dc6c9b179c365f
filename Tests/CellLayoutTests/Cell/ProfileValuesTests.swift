import CellLayout
import Foundation
import Testing

/// The library's profiles hold exactly the ledger's values (`Fixtures/Profiles/metric-profiles.json`,
/// Profiles.md): every ledger metric the library models is compared for every profile, on a
/// compact table (375) and a wide one (768, not following the readable width), so that a
/// value changed on one side only fails here.
@Suite struct ProfileValuesTests {
    /// The ledger's metrics that have no `TableMetrics` value: ones the library does not model
    /// yet (each needs its Swift value before it leaves this list), and rules the layout
    /// follows, tested where they act (`accessorySelfSizingHeight`:
    /// CellAccessoryTests.aTallAccessoryDoesNotGrowTheRow).
    static let documentedOnly: Set<String> = [
        "contentAccessoryPadding", "editingContentPadding", "textTrailingGapBeforeAccessory",
        "valueCellFallback", "symbolImageReservedWidth", "accessoryOuterMargin", "accessoryContentGap",
        "accessorySelfSizingHeight",
    ]

    @Test(arguments: PlatformProfile.allCases)
    func profileHoldsTheLedgersValues(_ platform: PlatformProfile) throws {
        let ledger = try ProfileLedgerTests.ledger()
        let compact = TableMetrics(platform: platform, width: 375)
        let wide = TableMetrics(platform: platform, width: 768, followsReadableWidth: false)
        var checked: Set<String> = []
        for metric in ledger["metrics"]!.array! {
            let name = metric["name"]!.string!
            let value = metric["values"]![platform.rawValue]!["v"]!
            guard let actual = Self.swiftValue(name, compact: compact, wide: wide) else { continue }
            checked.insert(name)
            #expect(Self.matches(value, actual, margin: compact.leadingMargin), "\(platform).\(name): ledger \(value), Swift \(actual)")
        }
        let all = Set(ledger["metrics"]!.array!.map { $0["name"]!.string! })
        #expect(all.subtracting(checked) == Self.documentedOnly, "\(platform)")
    }

    @Test func theDefaultIsTheNewestOnACompactIPhone() {
        #expect(TableMetrics() == TableMetrics(platform: .ios15, width: 375))
        #expect(PlatformProfile.newest == PlatformProfile.allCases.last)
    }

    @Test func marginsFollowTheWidthUnlessSet() {
        // 16 on a compact iPhone, 20 from 414 (Plus/Max, iPad) (D1); the readable width on
        // iOS 9–10 (W1): a 1024 iPad keeps the content 672 wide, (1024 − 672) / 2 = 176.
        #expect(TableMetrics(platform: .ios15, width: 375).leadingMargin == 16)
        #expect(TableMetrics(platform: .ios15, width: 414).leadingMargin == 20)
        #expect(TableMetrics(platform: .ios7, width: 768).leadingMargin == 15)
        #expect(TableMetrics(platform: .ios8, width: 1024).leadingMargin == 176)
        #expect(TableMetrics(platform: .ios8, width: 375).leadingMargin == 15)
        #expect(TableMetrics(platform: .ios15, width: 1024, followsReadableWidth: true).trailingMargin == 176)
        var metrics = TableMetrics(platform: .ios15, width: 375)
        #expect(metrics.atWidth(768).leadingMargin == 20)
        #expect(metrics.atWidth(768).accessoryViewPadding == 20)
        metrics.leadingMargin = 12
        #expect(metrics.atWidth(768).leadingMargin == 12)
        #expect(metrics.atWidth(768).trailingMargin == 20)
    }

    /// The library's value for ledger metric `name`, as the ledger writes it, or nil when
    /// the library does not model it.
    static func swiftValue(_ name: String, compact m: TableMetrics, wide: TableMetrics) -> JSONValue? {
        let p = m.platform
        func font(_ f: FontSpec) -> String { Self.font(f) }
        switch name {
        case "leadingMargin": return .number(m.leadingMargin)
        case "leadingMarginWide": return .number(wide.leadingMargin)
        case "readableContentWidth": return p >= .ios8 ? .number(TableMetrics.readableContentWidth) : .string("n/a")
        case "followsReadableWidthByDefault": return p >= .ios8 ? .bool(m.followsReadableWidth) : .string("n/a")
        case "insetsContentViewsToSafeArea": return p.hasSafeAreas ? .bool(true) : .string("n/a")
        case "rowHeight": return .number(m.rowHeight)
        case "separatorThickness": return .string(m.separatorThickness.map { Double.formatted($0) } ?? "1/scale")
        case "separatorInset": return m.separatorInset == 0 ? .number(0) : .string("margin")
        case "verticalMargin": return .number(m.verticalMargin)
        case "textFont": return .string(font(m.textFont))
        case "value1Fonts": return .string(font(m.value1TextFont) + " / " + font(m.value1DetailFont))
        case "subtitleDetailFont": return .string(font(m.subtitleDetailFont))
        case "value2Fonts": return .string(font(m.value2Font) + " / " + font(m.value2DetailFont))
        case "value1Spacing": return .number(m.value1Spacing)
        case "value2LabelWidth": return .number(m.value2LabelWidth)
        case "value2Spacing": return .number(m.value2Spacing)
        case "imageSpacing": return .number(m.imageSpacing)
        case "disclosureIndicatorWidth": return .number(m.disclosureIndicatorWidth)
        case "checkmarkWidth": return .number(m.checkmarkWidth)
        case "detailButtonWidth": return p == .ios6 ? .string("n/a") : .number(m.detailButtonWidth)
        case "detailDisclosureButtonWidth": return .number(m.detailDisclosureButtonWidth)
        case "accessoryViewPadding": return p >= .ios11 ? .string("margin") : .number(m.accessoryViewPadding)
        case "chevronSize":
            if p == .ios6 { return .string("n/a") }
            if p >= .ios13 { return .string("chevron.forward") }
            let size = m.disclosureIndicatorSize
            return .string("\(Double.formatted(size.width)) × \(Double.formatted(size.height))")
        case "indentationWidth": return .number(m.indentationWidth)
        case "swipeActionPadding": return p == .ios6 ? .string("n/a") : .number(m.swipeActionPadding)
        case "groupedSectionInset": return .number(m.groupedSectionInset)
        case "insetGroupedSectionInset": return p.hasInsetGrouped ? .string("margin") : .string("n/a")
        case "sectionCornerRadius": return .number(m.sectionCornerRadius)
        case "groupedFirstEmptyHeaderHeight": return .number(m.groupedFirstEmptyHeaderHeight)
        case "groupedEmptyHeaderFooterHeight":
            #expect(m.groupedEmptyHeaderHeight == m.groupedEmptyFooterHeight)
            return .number(m.groupedEmptyHeaderHeight)
        case "groupedHeaderPadding":
            let top = m.groupedFirstHeaderTopPadding == m.groupedHeaderPadding.top
                ? Double.formatted(m.groupedHeaderPadding.top)
                : "\(Double.formatted(m.groupedFirstHeaderTopPadding)) or \(Double.formatted(m.groupedHeaderPadding.top))"
            return .string("\(top) / \(Double.formatted(m.groupedHeaderPadding.bottom))")
        case "groupedFooterPadding":
            return .string("\(Double.formatted(m.groupedFooterPadding.top)) / \(Double.formatted(m.groupedFooterPadding.bottom))")
        case "groupedHeaderFont": return .string(font(m.groupedHeaderFont) + (m.groupedHeaderUppercase ? ", capitals" : ""))
        case "groupedFooterFont": return .string(font(m.groupedFooterFont))
        case "plainHeaderFont": return .string(font(m.plainHeaderFont))
        case "plainHeaderPadding":
            return .string("\(Double.formatted(m.plainHeaderPadding.top)) / \(Double.formatted(m.plainHeaderPadding.bottom))")
        case "plainHeaderHeight": return .number(m.plainHeaderHeight)
        case "sectionHeaderTopPadding": return .number(m.sectionHeaderTopPadding)
        case "configurationMargins", "imageToTextPadding", "textToSecondaryTextVerticalPadding",
             "textToSecondaryTextHorizontalPadding", "configurationFonts":
            guard p.hasContentConfigurations else { return .string("n/a") }
            let cell = ContentConfiguration(.cell), subtitle = ContentConfiguration(.subtitleCell)
            let value = ContentConfiguration(.valueCell)
            switch name {
            case "configurationMargins":
                let e = cell.directionalLayoutMargins
                return .string([e.top, e.leading, e.bottom, e.trailing].map { Double.formatted($0) }.joined(separator: ", "))
            case "imageToTextPadding": return .number(cell.imageToTextPadding)
            case "textToSecondaryTextVerticalPadding":
                #expect(value.textToSecondaryTextVerticalPadding == cell.textToSecondaryTextVerticalPadding)
                return .string("\(Double.formatted(cell.textToSecondaryTextVerticalPadding)) / "
                               + Double.formatted(subtitle.textToSecondaryTextVerticalPadding))
            case "textToSecondaryTextHorizontalPadding": return .number(value.textToSecondaryTextHorizontalPadding)
            default:
                #expect(subtitle.secondaryTextProperties.font == cell.secondaryTextProperties.font)
                return .string(font(cell.textProperties.font) + " / " + font(cell.secondaryTextProperties.font)
                               + "; valueCell " + font(value.textProperties.font) + " / " + font(value.secondaryTextProperties.font))
            }
        case "interAccessoryPadding", "accessoryStandardWidth", "listChevronSize", "listCheckmarkSize",
             "listEditControlSize", "listReorderWidth", "listDetailSize", "listLabelAccessoryFont":
            // List cell accessories (iOS 14), at 2x and the default text size, as the ledger gives them.
            guard p.hasContentConfigurations else { return .string("n/a") }
            var twoX = m
            twoX.scale = 2
            func size(_ kind: CellAccessory.Kind) -> JSONValue {
                let s = twoX.listAccessorySize(kind, category: .large)!
                return .string("\(Double.formatted(s.width)) × \(Double.formatted(s.height))")
            }
            switch name {
            case "interAccessoryPadding":
                return .string("\(Double.formatted(CellAccessory.trailingSpacing)) (\(Double.formatted(CellAccessory.leadingSpacing)))")
            case "accessoryStandardWidth": return .number(m.listAccessoryStandardWidth(category: .large))
            case "listChevronSize":
                #expect(twoX.listAccessorySize(.outlineDisclosure, category: .large) == twoX.listAccessorySize(.disclosureIndicator, category: .large))
                return size(.disclosureIndicator)
            case "listCheckmarkSize": return size(.checkmark)
            case "listEditControlSize":
                #expect(twoX.listAccessorySize(.insert, category: .large) == twoX.listAccessorySize(.delete, category: .large))
                return size(.delete)
            case "listReorderWidth": return .number(twoX.listAccessorySize(.reorder, category: .large)!.width)
            case "listDetailSize": return size(.detail)
            default: return .string(font(CellAccessory.labelFont))
            }
        default: return nil
        }
    }

    /// A font as the ledger writes it without a text style: "17", "bold 14", "semibold 15".
    static func font(_ font: FontSpec) -> String {
        (font.weight == .regular ? "" : "\(font.weight) ") + Double.formatted(font.size)
    }

    /// Whether ledger value `ledger` says what `swift` says: text styles stand for their
    /// weight ("Body 17" is "17", "Headline 17" is "semibold 17"), "margin" for the margin.
    static func matches(_ ledger: JSONValue, _ swift: JSONValue, margin: Double) -> Bool {
        switch (ledger, swift) {
        case (.string(let a), .string(let b)): return normalized(a) == normalized(b)
        case (.string("margin"), .number(let b)), (.number(let b), .string("margin")): return b == margin
        default: return ledger == swift
        }
    }

    /// `text` with text-style names replaced by the weight they carry.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "Headline ", with: "semibold ")
            .replacingOccurrences(of: "Body ", with: "").replacingOccurrences(of: "Caption1 ", with: "")
            .replacingOccurrences(of: "Footnote ", with: "")
    }
}

private extension Double {
    /// "17", "12.5".
    static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
