import CellLayoutFit

/// A section header or footer as a `UIListContentConfiguration` describes it (iOS 14; the
/// `ios13` profile on): `groupedHeader()`, `plainHeader()`, `prominentInsetGroupedHeader()` …
///
/// The defaults are UIKit's (D1, D3 in Profiles.md): a grouped header is Footnote in
/// capitals, 17 above and 6 below its text; a grouped footer Footnote, 6 and 12; plain ones
/// the emphasized Subheadline, 4 and 4; the prominent insetGrouped headers semibold Title3
/// (8 above, 11 below) and Title2 (9, 10), not in capitals, 3 at the sides. Horizontally the
/// table's margins win where larger. A secondary text stacks 3 under the text in the text's
/// font (Subheadline under the prominent headers), never in capitals; an image stands 16
/// before the texts.
public struct HeaderConfiguration: Hashable, Sendable {
    /// The configuration the header starts from.
    public enum Kind: String, CaseIterable, Sendable {
        /// `groupedHeader()`.
        case groupedHeader
        /// `groupedFooter()`.
        case groupedFooter
        /// `plainHeader()`.
        case plainHeader
        /// `plainFooter()`.
        case plainFooter
        /// `prominentInsetGroupedHeader()` (iOS 15).
        case prominentInsetGroupedHeader
        /// `extraProminentInsetGroupedHeader()` (iOS 15).
        case extraProminentInsetGroupedHeader

        /// Whether the kind is a header's (else a footer's).
        public var isHeader: Bool { self != .groupedFooter && self != .plainFooter }
    }

    /// The kind the defaults came from.
    public var kind: Kind
    /// Whether the text is shown in capitals (grouped headers).
    public var uppercased: Bool
    /// The texts, the image (a size), their properties, the margins and the paddings: the
    /// type a cell's content has, for a header lays them out by the same rules (the secondary
    /// text always stacked under the text). Defaults: the text's properties are the kind's,
    /// the secondary text's the text's (D3: never in capitals) or the Subheadline style under
    /// a prominent header (D1); `imageToTextPadding` 16 and `textToSecondaryTextVerticalPadding`
    /// 3 (D1, D3); `directionalLayoutMargins` the kind's.
    public var content: ContentConfiguration

    /// The defaults of `kind`.
    public init(_ kind: Kind) {
        self.kind = kind
        var font = FontSpec(textStyle: .footnote)
        var margins = ContentConfiguration.Margins(top: 17, leading: 8, bottom: 6, trailing: 8)
        switch kind {
        case .groupedHeader: break
        case .groupedFooter: margins = .init(top: 6, leading: 8, bottom: 12, trailing: 8)
        case .plainHeader, .plainFooter:
            font = FontSpec(textStyle: .subheadline)
            font.weight = .semibold
            margins = .init(top: 4, leading: 8, bottom: 4, trailing: 8)
        case .prominentInsetGroupedHeader:
            font = FontSpec(textStyle: .title3)
            font.weight = .semibold
            margins = .init(top: 8, leading: 3, bottom: 11, trailing: 3)
        case .extraProminentInsetGroupedHeader:
            font = FontSpec(textStyle: .title2)
            font.weight = .semibold
            margins = .init(top: 9, leading: 3, bottom: 10, trailing: 3)
        }
        content = ContentConfiguration(.cell)
        content.textProperties = ContentConfiguration.TextProperties(font: font)
        let prominent = kind == .prominentInsetGroupedHeader || kind == .extraProminentInsetGroupedHeader
        content.secondaryTextProperties = prominent
            ? ContentConfiguration.TextProperties(font: FontSpec(textStyle: .subheadline)) : content.textProperties
        content.directionalLayoutMargins = margins
        content.imageToTextPadding = 16
        content.textToSecondaryTextVerticalPadding = 3
        content.prefersSideBySideTextAndSecondaryText = false
        uppercased = kind == .groupedHeader
    }
}
