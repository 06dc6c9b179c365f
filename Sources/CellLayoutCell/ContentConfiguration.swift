import CellLayoutFit

/// A row's content as `UIListContentConfiguration` describes it (iOS 14; the `ios13`
/// profile on): a text, a secondary text and an image laid out by the configuration's own
/// margins and paddings instead of a cell style's labels.
///
/// The defaults of each kind are UIKit's (Profiles.md, "List content configuration"):
/// margins 11 above and below, 16 leading and 8 trailing, the cell's own layout margins
/// winning horizontally where they are larger; 16 between image and text; 3 between
/// stacked texts (0 in `subtitleCell`); 8 between side-by-side texts. `valueCell` puts its
/// texts side by side when both fit on the line and stacks them otherwise, and always at
/// accessibility text sizes (Apple's `prefersSideBySideTextAndSecondaryText`).
public struct ContentConfiguration: Hashable, Sendable {
    /// The configuration a cell starts from (`UIListContentConfiguration.cell()` …).
    public enum Kind: String, CaseIterable, Sendable {
        /// `cell()`: one text (a secondary text stacks under it).
        case cell
        /// `subtitleCell()`: text over a smaller secondary text.
        case subtitleCell
        /// `valueCell()`: text and a trailing value side by side.
        case valueCell
        /// `sidebarCell()`: a sidebar row (8 leading, 10 between image and text).
        case sidebarCell
        /// `sidebarSubtitleCell()`: a sidebar row with a subtitle.
        case sidebarSubtitleCell
    }

    /// How a text is drawn: `UIListContentConfiguration.TextProperties`.
    public struct TextProperties: Hashable, Sendable {
        /// The font.
        public var font: FontSpec
        /// The most lines (0: no limit).
        public var numberOfLines: Int
        /// How a text too long for its lines is cut.
        public var lineBreakMode: LineBreakMode = .byTruncatingTail
        /// - Parameters: the font and the most lines.
        public init(font: FontSpec, numberOfLines: Int = 0) {
            self.font = font
            self.numberOfLines = numberOfLines
        }
    }

    /// Margins around the content, leading and trailing as the layout direction has them
    /// (`NSDirectionalEdgeInsets`).
    public struct Margins: Hashable, Sendable {
        /// Points above, at the leading edge, below, at the trailing edge.
        public var top, leading, bottom, trailing: Double
        /// - Parameters: the four margins in points.
        public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
            (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
        }
    }

    /// The kind the defaults came from.
    public var kind: Kind
    /// The text (`text`).
    public var text: String?
    /// The secondary text (`secondaryText`).
    public var secondaryText: String?
    /// The image's size (`image`), or nil for none.
    public var image: TableMetrics.Size?
    /// The image's picture, drawn scaled to the frame the configuration gives it (nil: a
    /// size only, drawn as a placeholder).
    public var imageBitmap: ImageBitmap?
    /// The text's font, lines and cutting (`textProperties`).
    public var textProperties: TextProperties
    /// The secondary text's (`secondaryTextProperties`).
    public var secondaryTextProperties: TextProperties
    /// The space the image takes, centred in it (`imageProperties.reservedLayoutSize`):
    /// a zero width or height takes the image's own.
    public var reservedLayoutSize = TableMetrics.Size(width: 0, height: 0)
    /// The largest the image is drawn, shrunk proportionally to fit
    /// (`imageProperties.maximumSize`): zero in a dimension leaves it free.
    public var maximumSize = TableMetrics.Size(width: 0, height: 0)
    /// `directionalLayoutMargins`.
    public var directionalLayoutMargins: Margins
    /// `imageToTextPadding`.
    public var imageToTextPadding: Double
    /// `textToSecondaryTextVerticalPadding` (stacked texts).
    public var textToSecondaryTextVerticalPadding: Double
    /// `textToSecondaryTextHorizontalPadding` (side by side).
    public var textToSecondaryTextHorizontalPadding: Double
    /// `prefersSideBySideTextAndSecondaryText`.
    public var prefersSideBySideTextAndSecondaryText: Bool

    /// The defaults of `kind` (UIKit's, iOS 14 on).
    public init(_ kind: Kind) {
        self.kind = kind
        let sidebar = kind == .sidebarCell || kind == .sidebarSubtitleCell
        let value = kind == .valueCell
        textProperties = TextProperties(font: FontSpec(textStyle: .body), numberOfLines: sidebar ? 1 : 0)
        secondaryTextProperties = TextProperties(font: FontSpec(textStyle: value ? .body : .caption1),
                                                 numberOfLines: sidebar ? 1 : 0)
        directionalLayoutMargins = Margins(top: 11, leading: sidebar ? 8 : 16, bottom: 11, trailing: 8)
        imageToTextPadding = sidebar ? 10 : 16
        textToSecondaryTextVerticalPadding = kind == .subtitleCell || kind == .sidebarSubtitleCell ? 0 : 3
        textToSecondaryTextHorizontalPadding = 8
        prefersSideBySideTextAndSecondaryText = value
    }

    /// The image's drawn size: its own, shrunk proportionally into `maximumSize`.
    var drawnImageSize: TableMetrics.Size? {
        guard var size = image else { return nil }
        var factor = 1.0
        if maximumSize.width > 0, size.width > maximumSize.width { factor = min(factor, maximumSize.width / size.width) }
        if maximumSize.height > 0, size.height > maximumSize.height { factor = min(factor, maximumSize.height / size.height) }
        size = .init(width: size.width * factor, height: size.height * factor)
        return size
    }
}
