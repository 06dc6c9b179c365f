import CellLayoutCore

/// A font weight, named as UIKit's `UIFont.Weight` names them.
public enum FontWeight: String, CaseIterable, Sendable, Codable {
    case ultralight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType `usWeightClass` this weight stands for (100 … 900).
    public var weightClass: Int {
        switch self {
        case .thin: 100
        case .ultralight: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// The `wght` axis value UIKit sets San Francisco's variable font to for this weight:
    /// `UIFont.Weight`'s value (ultralight −0.8, thin −0.6, light −0.4, regular 0, medium
    /// 0.23, semibold 0.3, bold 0.4, heavy 0.56, black 0.62) through the table WebKit
    /// gathered from SF's named weights (`FontCacheCoreText`: −0.8 → 30, −0.4 → 274, 0 → 400,
    /// 0.23 → 510, 0.3 → 590, 0.4 → 700, 0.56 → 860, 0.62 → 1000, linear between), so thin
    /// is 152. Other variable fonts take `weightClass`.
    public var systemWeightAxisValue: Double {
        switch self {
        case .ultralight: 30
        case .thin: 152
        case .light: 274
        case .regular: 400
        case .medium: 510
        case .semibold: 590
        case .bold: 700
        case .heavy: 860
        case .black: 1000
        }
    }

    /// How far a face of weight class `candidate` is from this weight, by the CSS font
    /// matching order: lighter faces are preferred below 500, heavier ones from 500 on.
    package func distance(to candidate: Int) -> Int {
        let target = weightClass
        if candidate == target { return 0 }
        let preferHeavier = target >= 500
        let delta = abs(candidate - target)
        let wrongSide = preferHeavier ? candidate < target : candidate > target
        return wrongSide ? 1000 + delta : delta
    }
}

extension FontWeight: NamedChoice {
    /// `UIFont.Weight.semibold`, `UIFontWeightSemibold`, SwiftUI's `Font.Weight.semibold` and
    /// AppKit's `NSFontWeightSemibold`.
    public static var namePrefixes: [String] { ["UIFont.Weight", "UIFontWeight", "Font.Weight", "NSFontWeight"] }
}
