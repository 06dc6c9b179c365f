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
