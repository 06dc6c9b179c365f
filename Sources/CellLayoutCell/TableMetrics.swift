import CellLayoutCore

/// Every UIKit measurement the cell and table layout uses, in points, in one place.
///
/// The values come from a ``PlatformProfile`` — an iOS generation — at a table width
/// (`init(platform:width:followsReadableWidth:)`); `init()` is the newest generation on a
/// compact iPhone. Profiles.md gives each value per generation with its sources (captures of
/// real cells, Apple's documentation, UIKit's own constants) or marks it unsourced. A
/// table's `"metrics"` object overrides any of them by name (Metrics.md).
public struct TableMetrics: Hashable, Sendable {
    /// The iOS generation the values come from.
    public var platform: PlatformProfile
    /// The screen scale (1, 2 or 3): separators are 1/scale thick and heights round up to
    /// 1/scale. Default 1.
    public var scale: Double = 1
    /// Leading layout margin of cells, headers and footers at the table's width
    /// (Profiles.md `leadingMargin`, `leadingMarginWide`; the readable width's margin when
    /// the table follows it). Set, it stays at every width.
    public var leadingMargin: Double {
        get { widthDependent.leadingMargin }
        set { widthDependent.leadingMargin = newValue; fixed.insert(.leadingMargin) }
    }
    /// Trailing layout margin (labels end here; accessories sit inside it): as `leadingMargin`.
    public var trailingMargin: Double {
        get { widthDependent.trailingMargin }
        set { widthDependent.trailingMargin = newValue; fixed.insert(.trailingMargin) }
    }
    /// Whether cells' margins keep their content `readableContentWidth` wide on wide tables
    /// (`UITableView.cellLayoutMarginsFollowReadableWidth`; `followsReadableWidthByDefault`).
    public var followsReadableWidth: Bool
    /// Space above and below the standard labels of a self-sizing cell (`verticalMargin`:
    /// ceil(Body line height / 2) = 11).
    public var verticalMargin: Double = 11
    /// Space above and below the image view of a self-sizing cell. *Unsourced*: 6, so that a
    /// 29 pt icon (Settings) keeps the 44 pt row.
    public var imageVerticalMargin: Double = 6
    /// The default and minimum row height (`rowHeight`): 44.
    public var rowHeight: Double = 44
    /// Whether rows have separators; a separator takes `separatorHeight` off the content view's height.
    public var separators: Bool = true
    /// The separator's thickness in points, or nil for one pixel (1/scale) (`separatorThickness`).
    public var separatorThickness: Double?
    /// Space between the image view and the labels (`imageSpacing`; the margin before iOS 13).
    public var imageSpacing: Double {
        get { widthDependent.imageSpacing }
        set { widthDependent.imageSpacing = newValue; fixed.insert(.imageSpacing) }
    }
    /// Space between value1's text and detail labels (`value1Spacing`): 6.
    public var value1Spacing: Double = 6
    /// Width of value2's left label column (`value2LabelWidth`): 91.
    public var value2LabelWidth: Double = 91
    /// Space between value2's columns (`value2Spacing`): 6.
    public var value2Spacing: Double = 6

    /// textLabel font of default and subtitle cells (`textFont`).
    public var textFont: FontSpec
    /// textLabel font of value1 cells (`value1Fonts`).
    public var value1TextFont: FontSpec
    /// detailTextLabel font of subtitle cells (`subtitleDetailFont`).
    public var subtitleDetailFont: FontSpec
    /// detailTextLabel font of value1 cells (`value1Fonts`).
    public var value1DetailFont: FontSpec
    /// textLabel font of value2 cells (`value2Fonts`).
    public var value2Font: FontSpec
    /// detailTextLabel font of value2 cells (`value2Fonts`).
    public var value2DetailFont: FontSpec
    /// A custom label's font when it sets none: UILabel's default, system 17.
    public var labelFont: FontSpec = .system(17)
    /// When set, every label's line height is 1.193359375 × its point size (San Francisco's
    /// vertical metrics: ascender 1950 + descender 494 over 2048 units) instead of the
    /// font's own, whatever the font. Default off: `"system"` has SF's line heights anyway
    /// (`FontLibrary.systemFontMetrics`); other fonts keep their own.
    public var sfVerticalMetrics: Bool = false
    /// The content size category text styles and scaled fonts are sized at
    /// (`UIContentSizeCategory`); a row may name its own (`CellSpec.contentSizeCategory`).
    /// Default `large`, an iPhone's.
    public var contentSizeCategory: ContentSizeCategory = .default

    /// Content width the disclosure indicator takes (`disclosureIndicatorWidth`).
    public var disclosureIndicatorWidth: Double
    /// Content width the checkmark takes (`checkmarkWidth`).
    public var checkmarkWidth: Double
    /// Content width the detail button takes (`detailButtonWidth`).
    public var detailButtonWidth: Double
    /// Content width the detail disclosure button takes (`detailDisclosureButtonWidth`).
    public var detailDisclosureButtonWidth: Double
    /// A custom accessory view takes this plus its own width (`accessoryViewPadding`; the
    /// margin from iOS 11).
    public var accessoryViewPadding: Double {
        get { widthDependent.accessoryViewPadding }
        set { widthDependent.accessoryViewPadding = newValue; fixed.insert(.accessoryViewPadding) }
    }
    /// Drawn size of the chevron (`chevronSize`).
    public var disclosureIndicatorSize: Size
    /// Drawn size of the checkmark. *Unsourced*: 14 × 11 (40 = 10 + 14 + 16).
    public var checkmarkSize = Size(width: 14, height: 11)
    /// Drawn size of the info button. *Unsourced*: 22 × 22 (48 = 10 + 22 + 16).
    public var detailButtonSize = Size(width: 22, height: 22)
    /// Drawn size of info button plus chevron. *Unsourced*: 42 × 22 (68 = 10 + 42 + 16).
    public var detailDisclosureButtonSize = Size(width: 42, height: 22)

    /// UISwitch's fixed size. *Sourced*: 51 × 31.
    public var switchSize = Size(width: 51, height: 31)
    /// UISlider's intrinsic height (it has no intrinsic width). *Unsourced*: 31.
    public var sliderHeight: Double = 31
    /// A UISlider's width when its frame gives none. *Unsourced*: 118.
    public var sliderWidth: Double = 118
    /// Title font of buttons. *Unsourced*: system 15 (UIButton's iOS 7+ default).
    public var buttonFont: FontSpec = .system(15)
    /// Extra width and height around a button's title. *Unsourced*: 0 × 6 each side, 30 minimum height.
    public var buttonPadding = Size(width: 0, height: 6)
    /// *Unsourced*: 30.
    public var buttonMinHeight: Double = 30

    /// Width the delete / insert editing control takes at the leading edge. *Unsourced*: 38.
    public var editingControlWidth: Double = 38
    /// Width the reorder control takes at the trailing edge. *Unsourced*: 38.
    public var reorderControlWidth: Double = 38
    /// Width of one indentation level (`indentationWidth`): 10.
    public var indentationWidth: Double = 10

    /// Title font of swipe action buttons. *Unsourced*: system 17.
    public var swipeActionFont: FontSpec = .system(17)
    /// Space on each side of a swipe action's title (`swipeActionPadding`): 15.
    public var swipeActionPadding: Double = 15

    /// Plain-style header and footer text (`plainHeaderFont`).
    public var plainHeaderFont: FontSpec
    /// Plain-style header and footer minimum height with text (`plainHeaderHeight`).
    public var plainHeaderHeight: Double
    /// Space above and below plain header text (`plainHeaderPadding`): 4 and 4.
    public var plainHeaderPadding = Insets(top: 4, bottom: 4)
    /// Space above each plain section header (`sectionHeaderTopPadding`).
    public var sectionHeaderTopPadding: Double
    /// Grouped-style header text (`groupedHeaderFont`).
    public var groupedHeaderFont: FontSpec
    /// Grouped-style footer text (`groupedFooterFont`).
    public var groupedFooterFont: FontSpec
    /// Grouped headers show their text in capitals (`groupedHeaderFont`).
    public var groupedHeaderUppercase: Bool
    /// Space above and below grouped header text, sections after the first (`groupedHeaderPadding`).
    public var groupedHeaderPadding: Insets
    /// Space above the first section's grouped header text (`groupedHeaderPadding`).
    public var groupedFirstHeaderTopPadding: Double
    /// Space above and below grouped footer text (`groupedFooterPadding`).
    public var groupedFooterPadding: Insets
    /// Height of a grouped section's header without text, after the first section
    /// (`groupedEmptyHeaderFooterHeight`).
    public var groupedEmptyHeaderHeight: Double
    /// Height of the first section's header without text (`groupedFirstEmptyHeaderHeight`).
    public var groupedFirstEmptyHeaderHeight: Double
    /// Height of a grouped section's footer without text (`groupedEmptyHeaderFooterHeight`).
    public var groupedEmptyFooterHeight: Double
    /// Horizontal inset of grouped sections (`groupedSectionInset`: 10 on iOS 5–6).
    public var groupedSectionInset: Double
    /// Horizontal inset of insetGrouped sections (`insetGroupedSectionInset`: the margin).
    public var insetGroupedMargin: Double {
        get { widthDependent.insetGroupedMargin }
        set { widthDependent.insetGroupedMargin = newValue; fixed.insert(.insetGroupedMargin) }
    }
    /// Corner radius of rounded sections (`sectionCornerRadius`).
    public var sectionCornerRadius: Double

    /// The newest generation's metrics on a compact iPhone (375 pt).
    public init() {
        self.init(platform: .newest, width: 375)
    }

    /// The metrics of `platform` for a table `width` points wide: wide margins (20) when the
    /// table is 414 or wider — an iPhone Plus/Max or an iPad, the screens UIKit gives them —
    /// and, when the table follows the readable width, margins that keep the content
    /// `readableContentWidth` (672) wide.
    /// - Parameters:
    ///   - platform: the iOS generation.
    ///   - width: the table's width in points.
    ///   - followsReadableWidth: `UITableView.cellLayoutMarginsFollowReadableWidth`; nil for
    ///     the generation's default (true on iOS 9–11, the `ios8` profile).
    public init(platform: PlatformProfile, width: Double, followsReadableWidth: Bool? = nil) {
        self.platform = platform
        self.followsReadableWidth = followsReadableWidth ?? platform.followsReadableWidth
        widthDependent = WidthDependent(platform: platform, width: width, followsReadableWidth: self.followsReadableWidth)
        separatorThickness = platform.separatorThickness
        textFont = platform.textFont
        (value1TextFont, value1DetailFont) = platform.value1Fonts
        subtitleDetailFont = platform.subtitleDetailFont
        (value2Font, value2DetailFont) = platform.value2Fonts
        let widths = platform.accessoryWidths
        disclosureIndicatorWidth = widths.disclosure
        checkmarkWidth = widths.checkmark
        detailButtonWidth = widths.detail
        detailDisclosureButtonWidth = widths.detailDisclosure
        disclosureIndicatorSize = platform.disclosureIndicatorSize
        plainHeaderFont = platform.plainHeaderFont
        plainHeaderHeight = platform.plainHeaderHeight
        sectionHeaderTopPadding = platform.sectionHeaderTopPadding
        (groupedHeaderFont, groupedHeaderUppercase) = platform.groupedHeaderFont
        groupedFooterFont = platform.groupedFooterFont
        let header = platform.groupedHeaderPadding
        groupedHeaderPadding = Insets(top: header.top, bottom: header.bottom)
        groupedFirstHeaderTopPadding = header.first
        groupedFooterPadding = platform.groupedFooterPadding
        groupedEmptyHeaderHeight = platform.groupedEmptyHeaderFooterHeight
        groupedFirstEmptyHeaderHeight = platform.groupedFirstEmptyHeaderHeight
        groupedEmptyFooterHeight = platform.groupedEmptyHeaderFooterHeight
        groupedSectionInset = platform.groupedSectionInset
        sectionCornerRadius = platform.sectionCornerRadius
    }

    /// These metrics for a table `width` points wide (a rotation): the margins and what
    /// follows them taken again from the platform's rule at that width, except those set
    /// explicitly.
    public func atWidth(_ width: Double) -> TableMetrics {
        var metrics = self
        metrics.take(width: width)
        return metrics
    }

    /// Makes these metrics `atWidth(width)`'s in place (no copy of the fonts and the rest:
    /// a row laid out at several widths takes each in turn).
    mutating func take(width: Double) {
        let fresh = WidthDependent(platform: platform, width: width, followsReadableWidth: followsReadableWidth)
        if !fixed.contains(.leadingMargin) { widthDependent.leadingMargin = fresh.leadingMargin }
        if !fixed.contains(.trailingMargin) { widthDependent.trailingMargin = fresh.trailingMargin }
        if !fixed.contains(.imageSpacing) { widthDependent.imageSpacing = fresh.imageSpacing }
        if !fixed.contains(.accessoryViewPadding) { widthDependent.accessoryViewPadding = fresh.accessoryViewPadding }
        if !fixed.contains(.insetGroupedMargin) { widthDependent.insetGroupedMargin = fresh.insetGroupedMargin }
    }

    /// The metrics that follow the table's width, as the platform's rule gives them.
    struct WidthDependent: Hashable, Sendable {
        var leadingMargin, trailingMargin, imageSpacing, accessoryViewPadding, insetGroupedMargin: Double

        /// `platform`'s values at `width`: wide margins on a table 414 or wider, the readable
        /// width's margins when followed (iOS 9 on, the `ios8` profile on).
        init(platform: PlatformProfile, width: Double, followsReadableWidth: Bool) {
            var margin = width >= TableMetrics.wideMarginWidth ? platform.wideMargin : platform.compactMargin
            if followsReadableWidth, platform >= .ios8 {
                margin = max(margin, (width - TableMetrics.readableContentWidth) / 2)
            }
            leadingMargin = margin
            trailingMargin = margin
            imageSpacing = platform.imageSpacing ?? margin
            accessoryViewPadding = platform.accessoryViewPadding ?? margin
            insetGroupedMargin = margin
        }
    }

    /// Which width-dependent metrics were set explicitly (and stay at every width).
    struct Fixed: OptionSet, Hashable, Sendable {
        let rawValue: Int
        static let leadingMargin = Fixed(rawValue: 1)
        static let trailingMargin = Fixed(rawValue: 2)
        static let imageSpacing = Fixed(rawValue: 4)
        static let accessoryViewPadding = Fixed(rawValue: 8)
        static let insetGroupedMargin = Fixed(rawValue: 16)
    }

    /// The width-dependent metrics at the current width.
    private var widthDependent: WidthDependent
    /// Which of them were set explicitly.
    private var fixed: Fixed = []

    /// The narrowest table taken to be on a wide-margin screen (iPhone Plus/Max: 414).
    public static let wideMarginWidth = 414.0
    /// The readable content width at the default text size (`readableContentWidth`): 672.
    public static let readableContentWidth = 672.0

    /// A width and a height in points.
    public struct Size: Hashable, Sendable {
        /// Points.
        public var width: Double
        /// Points.
        public var height: Double
        /// - Parameters: width and height in points.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Space above and below, in points.
    public struct Insets: Hashable, Sendable {
        /// Points.
        public var top: Double
        /// Points.
        public var bottom: Double
        /// - Parameters: top and bottom in points.
        public init(top: Double, bottom: Double) {
            self.top = top
            self.bottom = bottom
        }
    }

    /// The separator's thickness: `separatorThickness` (one pixel, 1/scale, when nil), or 0
    /// without separators.
    public var separatorHeight: Double { separators ? separatorThickness ?? 1 / scale : 0 }

    /// Where a row's separator starts from the content view's leading edge when the row has
    /// no image (`separatorInset`): at the leading margin from iOS 7, at the edge before.
    public var separatorInset: Double { platform.separatorsStartAtTheText ? leadingMargin : 0 }

    /// The pixel grid of `scale`: heights round up to it, origins to its nearest pixel.
    public var pixelGrid: PixelGrid { PixelGrid(scale: scale) }

    /// The fonts a cell of `style` gives its text and detail labels when the row sets none:
    /// `textFont` and `subtitleDetailFont` (default, subtitle), `value1TextFont` and
    /// `value1DetailFont` (value1), `value2Font` and `value2DetailFont` (value2).
    public func defaultFonts(for style: CellStyle) -> (text: FontSpec, detail: FontSpec) {
        switch style {
        case .default, .subtitle: (textFont, subtitleDetailFont)
        case .value1: (value1TextFont, value1DetailFont)
        case .value2: (value2Font, value2DetailFont)
        }
    }

    /// Whose vertical metrics labels' lines take: San Francisco's with `sfVerticalMetrics`.
    public var verticalMetrics: VerticalMetrics { sfVerticalMetrics ? .sanFrancisco : .font }

    /// `value` rounded up to the next 1/scale point (`PixelGrid.ceil`).
    func ceilToPixel(_ value: Double) -> Double { pixelGrid.ceil(value) }

    /// `value` rounded to the nearest 1/scale point (`PixelGrid.round`).
    func roundToPixel(_ value: Double) -> Double { pixelGrid.round(value) }
}
