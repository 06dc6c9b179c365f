/// Something a laid-out row does that its author almost certainly did not mean: a label
/// left no width, or a setting UIKit silently ignores (a detail text on a default-style
/// cell, a size given to a switch).
///
/// The layout is still carried out as UIKit would carry it out, and the developer is
/// told, as UIKit tells of unsatisfiable constraints on the console rather than failing.
public struct LayoutWarning: Hashable, Sendable, CustomStringConvertible {
    /// The view concerned: "textLabel", "detailTextLabel", a custom view's id,
    /// "accessoryView", or "contentView" for the row's own height.
    public let view: String
    /// What happened, in one sentence that names the view.
    public let description: String
    /// What the warning is about, which says whether it can change with the width.
    public let kind: Kind

    /// What a warning is about.
    public enum Kind: Hashable, Sendable {
        /// A label with text left no width: it depends on the width the row is laid out at.
        case squeezedLabel
        /// A setting UIKit ignores (``CellLayouter/ignoredSettings(_:height:)``): the same
        /// at every width.
        case ignoredSetting
    }

    init(view: String, description: String, kind: Kind) {
        self.view = view
        self.description = description
        self.kind = kind
    }
}

extension RowLayout {
    /// The row's warnings: each label with text that was left no width at all — an image
    /// or an indentation as wide as the content view, a table narrower than its margins, a
    /// custom label of width 0. Its text then takes one character per line, as TextKit
    /// lays text out in a zero-width container (and as a self-sizing UIKit cell whose
    /// label is squeezed to nothing grows), which makes the row as tall as the text is long.
    ///
    /// Then the settings UIKit would ignore (``CellLayouter/ignoredSettings(_:height:)``).
    public var warnings: [LayoutWarning] {
        squeezedLabels + ignoredSettings
    }

    /// A warning for each label with text and no width.
    private var squeezedLabels: [LayoutWarning] {
        labels.filter(Self.isSqueezed).map { label in
            let lines = label.measurement.lines
            return LayoutWarning(
                view: label.id,
                description: "\(label.id) is 0 pt wide: its text takes one character per line "
                    + "(\(lines) line\(lines == 1 ? "" : "s"), \(label.measurement.height.formatted3) pt tall)",
                kind: .squeezedLabel)
        }
    }

    /// Whether `warnings` is not empty, without building it.
    package var hasWarnings: Bool { !ignoredSettings.isEmpty || labels.contains(where: Self.isSqueezed) }

    /// A label with text and no width.
    private static func isSqueezed(_ label: LabelLayout) -> Bool {
        label.frame.width <= 0 && label.measurement.lines > 0
    }
}
