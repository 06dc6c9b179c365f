/// How tall a self-sizing row must be for its custom labels whose height is their text's.
///
/// Each such label keeps the inset it was placed at (`top`, `bottom`, or centred at
/// `centerY`), and the row keeps below the lowest of them the *content margin*: the
/// smallest of their insets, so that the space left above the content is also left below
/// it — seed 003's `10 + text + 10`, and the 11 pt UIKit keeps above and below a standard
/// cell's text label. A centred label's inset is `verticalMargin` (the standard labels'
/// margin; UIKit centres the text label the same way). Heights are in the row's full
/// height: the 320 × 44 bounds a custom frame is written against are the whole cell
/// (UITableViewCell's initial frame, before the table takes the separator from the
/// content view's bottom), so the separator is drawn inside the bottom margin.
///
/// The gap a label has below it in the initial bounds (`44 − initial maxY`) is not used:
/// it depends on how much of the text fitted in 44 points and is negative as soon as it
/// did not, while the inset is what the frame's author wrote.
package struct CustomLabelSizing {
    /// Where a text-sized label sits vertically.
    package enum Placement {
        /// `top` points below the top (also a label with no vertical rule, at 0).
        case top(Double)
        /// `bottom` points above the bottom.
        case bottom(Double)
        /// Centred, its centre `centerY` points below the middle.
        case center(Double)
    }

    /// The labels: each one's placement and its text's height at its final width.
    private var labels: [(placement: Placement, height: Double)] = []
    /// The inset of a centred label: the standard labels' vertical margin.
    let centredInset: Double

    /// - Parameter centredInset: the standard labels' vertical margin.
    package init(centredInset: Double) {
        self.centredInset = centredInset
    }

    /// The placement `rule` gives a label whose height is its text's.
    package static func placement(of rule: FrameRule) -> Placement {
        if let top = rule.top { return .top(top) }
        if let bottom = rule.bottom { return .bottom(bottom) }
        if let center = rule.centerY { return .center(center) }
        return .top(0)
    }

    /// Adds a label placed by `rule` whose text is `height` points tall.
    package mutating func add(_ rule: FrameRule, height: Double) {
        labels.append((Self.placement(of: rule), height))
    }

    /// The space kept below the lowest label: the smallest inset (never negative).
    var contentMargin: Double {
        let insets = labels.map { label -> Double in
            switch label.placement {
            case .top(let inset), .bottom(let inset): inset
            case .center: centredInset
            }
        }
        return max(0, insets.min() ?? 0)
    }

    /// The row height (separator included) the labels need: for each, its inset, its text,
    /// and the content margin on its other side; 0 without labels.
    package var rowHeight: Double {
        let margin = contentMargin
        return labels.reduce(0) { need, label in
            let own: Double = switch label.placement {
            case .top(let top): top + label.height + margin
            case .bottom(let bottom): margin + label.height + bottom
            case .center(let offset): label.height + 2 * (margin + abs(offset))
            }
            return max(need, own)
        }
    }
}
