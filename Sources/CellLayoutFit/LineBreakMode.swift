import CellLayoutCore

/// How lines break and how text that does not fit is cut, as `NSLineBreakMode`.
///
/// Every mode but `byCharWrapping` wraps at word boundaries; the clipping and truncating
/// modes differ only in the last line allowed by a line limit, as in a `UILabel`.
public enum LineBreakMode: String, CaseIterable, Sendable, Codable {
    /// Wrap at UAX #14 break opportunities; a word wider than the line breaks between
    /// grapheme clusters (`NSLineBreakByWordWrapping`).
    case byWordWrapping = "word"
    /// Wrap between any two grapheme clusters (`NSLineBreakByCharWrapping`).
    case byCharWrapping = "char"
    /// The last line holds the rest of its paragraph, cut at the edge (`NSLineBreakByClipping`).
    case byClipping = "clip"
    /// The last line keeps its end and starts with "…" (`NSLineBreakByTruncatingHead`).
    case byTruncatingHead = "head"
    /// The last line keeps its start and ends with "…" (`NSLineBreakByTruncatingTail`).
    case byTruncatingTail = "tail"
    /// The last line keeps its start and end with "…" between (`NSLineBreakByTruncatingMiddle`).
    case byTruncatingMiddle = "middle"
}

extension LineBreakMode: NamedChoice {
    /// `NSLineBreakMode.byTruncatingTail`, `NSLineBreakByTruncatingTail` and iOS 5's
    /// `UILineBreakModeTailTruncation`.
    public static var namePrefixes: [String] { ["NSLineBreakMode", "NSLineBreak", "UILineBreakMode"] }

    /// The Swift case (`byTruncatingTail`) and iOS 5's `UILineBreakMode` name (`tailTruncation`).
    public var aliases: [String] {
        switch self {
        case .byWordWrapping: ["byWordWrapping", "wordWrap"]
        case .byCharWrapping: ["byCharWrapping", "characterWrap"]
        case .byClipping: ["byClipping"]
        case .byTruncatingHead: ["byTruncatingHead", "headTruncation"]
        case .byTruncatingTail: ["byTruncatingTail", "tailTruncation"]
        case .byTruncatingMiddle: ["byTruncatingMiddle", "middleTruncation"]
        }
    }
}

/// What a fit may do besides wrapping: a line limit and the mode. (Line spacing and the
/// rest of a paragraph's setting are the text's `ParagraphStyle`.)
public struct FitOptions: Hashable, Sendable {
    /// The most lines shown; 0 means no limit (`UILabel.numberOfLines`).
    public var maxLines: Int
    /// How lines break and how the last allowed line is cut.
    public var lineBreakMode: LineBreakMode

    /// - Parameters:
    ///   - maxLines: the line limit, 0 for none.
    ///   - lineBreakMode: the break mode.
    public init(maxLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping) {
        self.maxLines = max(0, maxLines)
        self.lineBreakMode = lineBreakMode
    }
}
