import CellLayoutCore

/// Every UIKit measurement the cell and table layout uses, in points, in one place.
///
/// The defaults follow **iOS 8–10 on a compact-width iPhone** (UITableView and
/// UITableViewCell of those releases). Values marked *sourced* come from Apple's
/// documentation or from UITableView-FDTemplateLayoutCell, the widely used template-cell
/// library whose numbers were measured on those releases; values marked *unsourced* are
/// this project's best estimate and exist to be overridden. A table's `"metrics"` object
/// overrides any of them by name (see `TableMetrics.names`).
public struct TableMetrics: Hashable, Sendable {
    /// The screen scale (1, 2 or 3): separators are 1/scale thick and heights round up to
    /// 1/scale. Default 1.
    public var scale: Double = 1
    /// Leading layout margin of cells, headers and footers. *Sourced*: 16 (iOS 8+ on iPhone 6-class widths).
    public var leadingMargin: Double = 16
    /// Trailing layout margin (labels end here; accessories sit inside it). *Sourced*: 16.
    public var trailingMargin: Double = 16
    /// Space above and below the standard labels of a self-sizing cell. *Unsourced*: 11,
    /// which gives the standard 44 pt row for one line of 17 pt text.
    public var verticalMargin: Double = 11
    /// Space above and below the image view of a self-sizing cell. *Unsourced*: 6, so that a
    /// 29 pt icon (Settings) keeps the 44 pt row.
    public var imageVerticalMargin: Double = 6
    /// The default and minimum row height. *Sourced*: 44.
    public var rowHeight: Double = 44
    /// Whether rows have separators; a separator takes 1/scale off the content view's height. *Sourced*.
    public var separators: Bool = true
    /// Space between the image view and the labels. *Unsourced*: 16 (the layout margin).
    public var imageSpacing: Double = 16
    /// Space between value1's text and detail labels. *Unsourced*: 8.
    public var value1Spacing: Double = 8
    /// Width of value2's left label column. *Unsourced*: 91.
    public var value2LabelWidth: Double = 91
    /// Space between value2's columns. *Unsourced*: 6.
    public var value2Spacing: Double = 6

    /// textLabel font of default, value1 and subtitle cells. *Sourced*: system 17, the
    /// `body` text style at `large` (sized at the table's `contentSizeCategory`).
    public var textFont = FontSpec(textStyle: .body)
    /// detailTextLabel font of subtitle cells. *Unsourced*: system 12 (iOS 7–10), the
    /// `caption1` text style at `large`.
    public var subtitleDetailFont = FontSpec(textStyle: .caption1)
    /// detailTextLabel font of value1 cells. *Sourced*: system 17, `body` at `large`.
    public var value1DetailFont = FontSpec(textStyle: .body)
    /// Both label fonts of value2 cells. *Unsourced*: system 15, `subheadline` at `large`.
    public var value2Font = FontSpec(textStyle: .subheadline)
    /// When set, every label's line height is 1.193359375 × its point size (San Francisco's
    /// vertical metrics: ascender 1950 + descender 494 over 2048 units) instead of the
    /// font's own, whatever the font. Default off: `"system"` has SF's line heights anyway
    /// (`FontLibrary.systemFontMetrics`); other fonts keep their own.
    public var sfVerticalMetrics: Bool = false
    /// The content size category text styles and scaled fonts are sized at
    /// (`UIContentSizeCategory`); a row may name its own (`CellSpec.contentSizeCategory`).
    /// Default `large`, an iPhone's.
    public var contentSizeCategory: ContentSizeCategory = .default

    /// Content width an accessory takes. *Sourced* (FDTemplateLayoutCell): 34.
    public var disclosureIndicatorWidth: Double = 34
    /// *Sourced*: 40.
    public var checkmarkWidth: Double = 40
    /// *Sourced*: 48.
    public var detailButtonWidth: Double = 48
    /// *Sourced*: 68.
    public var detailDisclosureButtonWidth: Double = 68
    /// A custom accessory view takes this plus its own width. *Sourced*: 16.
    public var accessoryViewPadding: Double = 16
    /// Drawn size of the chevron. *Unsourced*: 8 × 13 (34 = 10 gap + 8 + 16 margin).
    public var disclosureIndicatorSize = Size(width: 8, height: 13)
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
    /// Width of one indentation level. *Sourced* (UITableViewCell.indentationWidth): 10.
    public var indentationWidth: Double = 10

    /// Title font of swipe action buttons. *Unsourced*: system 17.
    public var swipeActionFont: FontSpec = .system(17)
    /// Space on each side of a swipe action's title. *Unsourced*: 15.
    public var swipeActionPadding: Double = 15

    /// Plain-style header and footer text. *Unsourced*: system 14 semibold.
    public var plainHeaderFont: FontSpec = .system(14, .semibold)
    /// Plain-style header and footer minimum height (with text). *Unsourced*: 22.
    public var plainHeaderHeight: Double = 22
    /// Space above and below plain header text. *Unsourced*: 3 and 2.
    public var plainHeaderPadding = Insets(top: 3, bottom: 2)
    /// Grouped-style header and footer text. *Unsourced*: system 13, the `footnote` text
    /// style at `large`.
    public var groupedHeaderFont = FontSpec(textStyle: .footnote)
    /// Grouped headers show their text in capitals (iOS 7–12). *Sourced*.
    public var groupedHeaderUppercase: Bool = true
    /// Space above and below grouped header text. *Unsourced*: 30 and 8.
    public var groupedHeaderPadding = Insets(top: 30, bottom: 8)
    /// Space above and below grouped footer text. *Unsourced*: 8 and 8.
    public var groupedFooterPadding = Insets(top: 8, bottom: 8)
    /// Height of a grouped section's header without text. *Unsourced*: 35 for the first
    /// section (UIKit's default), 17.5 for the others.
    public var groupedEmptyHeaderHeight: Double = 17.5
    /// *Unsourced*: 35.
    public var groupedFirstEmptyHeaderHeight: Double = 35
    /// Height of a grouped section's footer without text. *Unsourced*: 17.5.
    public var groupedEmptyFooterHeight: Double = 17.5
    /// Horizontal inset of insetGrouped sections. *Unsourced*: 16 (iOS 13 on compact widths; 20 on larger).
    public var insetGroupedMargin: Double = 16

    /// The iOS defaults described above.
    public init() {}

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

    /// The separator's thickness: 1/scale, or 0 without separators.
    public var separatorHeight: Double { separators ? 1 / scale : 0 }

    /// The pixel grid of `scale`: heights round up to it, origins to its nearest pixel.
    public var pixelGrid: PixelGrid { PixelGrid(scale: scale) }

    /// The fonts a cell of `style` gives its text and detail labels when the row sets none:
    /// `textFont` and `subtitleDetailFont` (default, subtitle), `textFont` and
    /// `value1DetailFont` (value1), `value2Font` for both (value2).
    public func defaultFonts(for style: CellStyle) -> (text: FontSpec, detail: FontSpec) {
        switch style {
        case .default, .subtitle: (textFont, subtitleDetailFont)
        case .value1: (textFont, value1DetailFont)
        case .value2: (value2Font, value2Font)
        }
    }

    /// Whose vertical metrics labels' lines take: San Francisco's with `sfVerticalMetrics`.
    public var verticalMetrics: VerticalMetrics { sfVerticalMetrics ? .sanFrancisco : .font }

    /// `value` rounded up to the next 1/scale point (`PixelGrid.ceil`).
    package func ceilToPixel(_ value: Double) -> Double { pixelGrid.ceil(value) }

    /// `value` rounded to the nearest 1/scale point (`PixelGrid.round`).
    package func roundToPixel(_ value: Double) -> Double { pixelGrid.round(value) }
}
