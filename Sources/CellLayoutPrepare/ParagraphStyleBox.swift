import Synchronization

/// A paragraph style other than the default, boxed, for the prepared texts set in it to
/// share (`PreparedText.paragraphStyle`): a text keeps a reference (8 bytes) rather than
/// the style's 80, and nil for the default style, which most texts have — each text is
/// fresh memory, and at two threads the second malloc arena grows by an `mprotect` per
/// page it takes.
final class ParagraphStyleBox: Sendable {
    let style: ParagraphStyle

    init(_ style: ParagraphStyle) { self.style = style }
}

/// The box of the last style other than the default prepared through one `TextFontHold`
/// (one per thread lane and font): texts prepared one after another in one style — a
/// table's column — share it.
struct ParagraphStyleBoxes: ~Copyable, Sendable {
    private let last = Mutex<ParagraphStyleBox?>(nil)

    /// The box of `style`: the last one made when it holds `style`, else a new one, kept
    /// as the last.
    func box(for style: ParagraphStyle) -> ParagraphStyleBox {
        last.withLock { last in
            if let box = last, box.style.isIdentical(to: style) { return box }
            let box = ParagraphStyleBox(style)
            last = box
            return box
        }
    }
}

extension ParagraphStyle {
    /// Whether every field is the default's, bit for bit: a text set in -0 points of
    /// spacing gives back -0 (`==` takes it for 0).
    var isDefault: Bool { isIdentical(to: ParagraphStyle()) }

    /// Whether `other` has the same alignment and the same bits in every number (so -0 is
    /// not 0, and NaN is itself).
    func isIdentical(to other: ParagraphStyle) -> Bool {
        alignment == other.alignment
            && (lineSpacing.bitPattern ^ other.lineSpacing.bitPattern)
                | (lineHeightMultiple.bitPattern ^ other.lineHeightMultiple.bitPattern)
                | (minimumLineHeight.bitPattern ^ other.minimumLineHeight.bitPattern)
                | (maximumLineHeight.bitPattern ^ other.maximumLineHeight.bitPattern)
                | (paragraphSpacing.bitPattern ^ other.paragraphSpacing.bitPattern)
                | (paragraphSpacingBefore.bitPattern ^ other.paragraphSpacingBefore.bitPattern)
                | (firstLineHeadIndent.bitPattern ^ other.firstLineHeadIndent.bitPattern)
                | (headIndent.bitPattern ^ other.headIndent.bitPattern)
                | (tailIndent.bitPattern ^ other.tailIndent.bitPattern) == 0
    }
}
