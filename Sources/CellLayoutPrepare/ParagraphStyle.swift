import CellLayoutCore

/// How a text's paragraphs are set: alignment, line heights, spacing and indents, with
/// `NSParagraphStyle`'s names, meanings and defaults (0 means unset). The rules and their
/// sources are in Decisions.md ("Line heights and paragraph styles").
public struct ParagraphStyle: Hashable, Sendable {
    /// Where lines sit across the width.
    public var alignment: TextAlignment
    /// Points added below every line (`lineSpacing`).
    public var lineSpacing: Double
    /// The natural line height is multiplied by this when positive (`lineHeightMultiple`).
    public var lineHeightMultiple: Double
    /// The least height of a line, when positive (`minimumLineHeight`).
    public var minimumLineHeight: Double
    /// The greatest height of a line, when positive (`maximumLineHeight`).
    public var maximumLineHeight: Double
    /// Points added after a paragraph, before the next (`paragraphSpacing`).
    public var paragraphSpacing: Double
    /// Points added before a paragraph, after the previous (`paragraphSpacingBefore`).
    public var paragraphSpacingBefore: Double
    /// Indent of a paragraph's first line from the leading edge (`firstLineHeadIndent`).
    public var firstLineHeadIndent: Double
    /// Indent of the other lines from the leading edge (`headIndent`).
    public var headIndent: Double
    /// Where lines end: positive from the leading edge, zero or negative from the trailing
    /// edge (`tailIndent`).
    public var tailIndent: Double

    /// - Parameters: see the properties; every default is UIKit's.
    public init(alignment: TextAlignment = .natural, lineSpacing: Double = 0, lineHeightMultiple: Double = 0,
                minimumLineHeight: Double = 0, maximumLineHeight: Double = 0, paragraphSpacing: Double = 0,
                paragraphSpacingBefore: Double = 0, firstLineHeadIndent: Double = 0, headIndent: Double = 0,
                tailIndent: Double = 0) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
    }

    /// Whether every line of every paragraph has the same width limit and no spacing
    /// besides `lineSpacing` is added: what the quickest re-fit needs to know.
    @inlinable
    var hasUniformLines: Bool {
        firstLineHeadIndent == headIndent && paragraphSpacing == 0 && paragraphSpacingBefore == 0
    }

    /// The height of a line whose fonts ask for `natural`: × lineHeightMultiple, then
    /// clamped to minimumLineHeight and maximumLineHeight (spacing not included).
    @inlinable
    package func lineHeight(_ natural: LineMetrics) -> Double {
        var height = natural.height
        if lineHeightMultiple > 0 { height *= lineHeightMultiple }
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        return height
    }

    /// From one line's top to the next's in a paragraph, for lines whose fonts ask for
    /// `natural`: the line's height and `lineSpacing`.
    @inlinable
    package func linePitch(_ natural: LineMetrics) -> Double {
        lineHeight(natural) + lineSpacing
    }

    /// What a paragraph break adds between two lines, besides the pitch.
    @inlinable
    package var paragraphGap: Double {
        paragraphSpacing + paragraphSpacingBefore
    }

    /// The width lines may take in a text `width` wide, in layout units: the first line of
    /// a paragraph (`first`) from firstLineHeadIndent, the others from headIndent, to
    /// tailIndent (a positive one no further than the width).
    @inlinable
    package func lineWidth(_ width: Int64, first: Bool) -> Int64 {
        let head = LayoutUnits.roundedDown(first ? firstLineHeadIndent : headIndent)
        let end: Int64 = tailIndent > 0 ? min(LayoutUnits.roundedDown(tailIndent), width)
            : width - LayoutUnits.roundedDown(-tailIndent)
        return max(0, end - head)
    }
}

/// Where a paragraph's lines sit across the text's width (`NSTextAlignment`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left in a left-to-right paragraph, right in a right-to-left one.
    case natural
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
    /// Both edges: white space between words widened on every line but a paragraph's last.
    case justified
}

extension TextAlignment: NamedChoice {
    /// `NSTextAlignment.center` and `NSTextAlignmentCenter`.
    public static var namePrefixes: [String] { ["NSTextAlignment"] }
}
