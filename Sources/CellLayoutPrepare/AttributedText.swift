import CellLayoutFontLibrary

/// A text made of runs, each with its own font and attributes: what an
/// `NSAttributedString` holds for measuring and drawing.
///
/// ```swift
/// let text = AttributedText([
///     TextRun("Anna Lee", font: semibold),
///     TextRun(" replied: ", color: TextColor(red: 0x8e, green: 0x8e, blue: 0x93)),
///     TextRun("Sounds good", font: italic15, kern: 0.4),
/// ], paragraphStyle: ParagraphStyle(lineSpacing: 4))
/// let layout = engine.prepare(text, font: regular17).fit(width: 343)
/// ```
public struct AttributedText: Hashable, Sendable {
    /// The runs, in order; their texts joined are the text.
    public var runs: [TextRun]
    /// The paragraph style of every paragraph of the text.
    public var paragraphStyle: ParagraphStyle

    /// - Parameters:
    ///   - runs: the runs in order.
    ///   - paragraphStyle: the paragraph style (default: UIKit's default style).
    public init(_ runs: [TextRun], paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.runs = runs
        self.paragraphStyle = paragraphStyle
    }

    /// The runs' texts joined.
    public var string: String { runs.map(\.text).joined() }
}

/// A piece of an `AttributedText` with one set of attributes.
public struct TextRun: Hashable, Sendable {
    /// The run's characters.
    public var text: String
    /// The run's font, or nil for the font the text is prepared with (`NSAttributedString.Key.font`).
    public var font: Font?
    /// Points added after every character (`NSAttributedString.Key.kern`); 0 for none.
    public var kern: Double
    /// Points the run is raised above the baseline (`NSAttributedString.Key.baselineOffset`).
    public var baselineOffset: Double
    /// The colour the run is drawn in, or nil for the drawer's default (`.foregroundColor`).
    public var color: TextColor?

    /// - Parameters: the run's text and attributes (see the properties).
    public init(_ text: String, font: Font? = nil, kern: Double = 0, baselineOffset: Double = 0,
                color: TextColor? = nil) {
        self.text = text
        self.font = font
        self.kern = kern
        self.baselineOffset = baselineOffset
        self.color = color
    }
}

/// An sRGB colour with alpha, 8 bits a channel: what a run is drawn in.
public struct TextColor: Hashable, Sendable {
    /// Channels, 0–255.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// - Parameters: the channels, 0–255 (alpha 255 = opaque).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rrggbb` or `#rrggbbaa` (hex digits in either case), or nil.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var channels: [UInt8] = []
        for i in stride(from: 1, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[i...(i + 1)], as: UTF8.self), radix: 16) else { return nil }
            channels.append(byte)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }
}
