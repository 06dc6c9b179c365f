import CellLayout

/// How a table of one iOS generation looks, beside its metrics: the colors and shapes that
/// make a screenshot recognisably iOS 6, iOS 7–12 or iOS 13 on.
///
/// iOS 5–6: grouped sections are rounded white blocks with a gray border on a pinstriped
/// blue-gray background, plain headers a blue-gray bar with white text. iOS 7–12: flat,
/// the grouped background light gray (#EFEFF4), plain headers a pale bar. iOS 13 on:
/// insetGrouped sections rounded; iOS 15's plain headers have no bar ("chromeless",
/// Profiles.md `sectionHeaderTopPadding`).
struct GenerationPalette {
    /// Behind a grouped or insetGrouped table's sections.
    let groupedBackground: RGBA
    /// The lighter stripes of iOS 6's pinstriped grouped background, or nil.
    let pinstripe: RGBA?
    /// Separators between rows.
    let separator: RGBA
    /// The border around an iOS 6 grouped section, or nil.
    let sectionBorder: RGBA?
    /// A grouped table's header and footer text.
    let groupedHeaderText: RGBA
    /// A plain header's bar, or nil for none.
    let plainHeaderBar: RGBA?
    /// A plain header's text.
    let plainHeaderText: RGBA

    /// The palette of `platform`.
    init(_ platform: PlatformProfile) {
        switch platform {
        case .ios6:
            groupedBackground = RGBA(hex: 0xC5CCD4)
            pinstripe = RGBA(hex: 0xCBD2D8)
            separator = RGBA(hex: 0xE0E0E0)
            sectionBorder = RGBA(hex: 0xABABAB)
            groupedHeaderText = RGBA(hex: 0x4C566C)
            plainHeaderBar = RGBA(hex: 0xA0ABB5)
            plainHeaderText = .white
        case .ios7, .ios8, .ios11, .ios13, .ios15:
            groupedBackground = .groupedBackground
            pinstripe = nil
            separator = .separator
            sectionBorder = nil
            groupedHeaderText = .groupedHeaderText
            plainHeaderBar = platform == .ios15 ? nil : .plainHeaderBackground
            plainHeaderText = .label
        }
    }
}
