import Foundation

/// One accessory of a list cell, as `UICellAccessory` (iOS 14) describes it: a system
/// accessory (a chevron, a checkmark, an edit control …), a text, or a custom view, shown in
/// some editing states and placed at the cell's leading or trailing edge.
///
/// A row that has `accessories` lays them out as `UICollectionViewListCell` does
/// (Profiles.md, "List cell accessories"): each group starts at the cell's layout margin,
/// accessories of the trailing group are 8 apart and those of the leading group 16, and the
/// content view fills what is left between the groups. An accessory takes its reserved
/// width (`reservedLayoutWidth`), or its own width when it reserves none, and is centred in
/// it: a view wider than its reserved width stands out of it on both sides (Apple: the
/// reserved width "doesn't affect the size of the accessory").
public struct CellAccessory: Hashable, Sendable {
    /// What the accessory is: `UICellAccessory`'s factory methods.
    public enum Kind: String, CaseIterable, Sendable {
        /// `.disclosureIndicator()`: a chevron (trailing).
        case disclosureIndicator
        /// `.checkmark()`: a checkmark (trailing).
        case checkmark
        /// `.detail()`: an info button (trailing).
        case detail
        /// `.label(text:)`: a text (trailing).
        case label
        /// `.customView(configuration:)`: a view of the caller's, placed where it says.
        case customView
        /// `.delete()`: the red minus (leading, while editing).
        case delete
        /// `.insert()`: the green plus (leading, while editing).
        case insert
        /// `.reorder()`: the reorder grip (trailing, while editing), the content view's height.
        case reorder
        /// `.multiselect()`: the selection circle (leading, while editing).
        case multiselect
        /// `.outlineDisclosure()`: the expand / collapse chevron (trailing).
        case outlineDisclosure

        /// Where UIKit places the kind (a custom view says for itself; trailing otherwise).
        public var defaultPlacement: Placement {
            switch self {
            case .delete, .insert, .multiselect: .leading
            default: .trailing
            }
        }

        /// The editing states the kind shows in unless told otherwise (Apple's defaults of
        /// each factory method's `displayed`).
        public var defaultDisplayed: DisplayedState {
            switch self {
            case .delete, .insert, .reorder, .multiselect: .whenEditing
            default: .always
            }
        }

        /// The width the kind reserves unless told otherwise: the standard width for the
        /// leading editing controls (so that rows with and without one line up; C12's delete
        /// control stands 1 pt out of its 24), its own for the rest (C12's chevron and grip
        /// end at the margin).
        public var defaultReservedLayoutWidth: LayoutDimension {
            switch self {
            case .delete, .insert, .multiselect: .standard
            default: .actual
            }
        }

        /// How far from the content a system accessory sits in its group: UIKit orders system
        /// accessories itself, whatever the order of the array (Apple's `accessories`
        /// documentation); custom views and labels keep the array's order, nearest the content.
        var order: Int {
            switch self {
            case .label, .customView: 0
            case .detail: 1
            case .checkmark: 2
            case .outlineDisclosure: 3
            case .disclosureIndicator: 4
            case .insert, .delete: 5
            case .multiselect: 6
            case .reorder: 7
            }
        }
    }

    /// The edge of the cell an accessory sits at (`UICellAccessory.Placement`).
    public enum Placement: String, CaseIterable, Sendable {
        /// Before the content (left, right to left: right).
        case leading
        /// After the content.
        case trailing
    }

    /// When an accessory shows (`UICellAccessory.DisplayedState`).
    public enum DisplayedState: String, CaseIterable, Sendable {
        /// In and out of editing.
        case always
        /// Only while the cell is editing.
        case whenEditing
        /// Only while it is not.
        case whenNotEditing

        /// Whether an accessory shows in a cell that is (or is not) `editing`.
        public func shows(editing: Bool) -> Bool {
            switch self {
            case .always: true
            case .whenEditing: editing
            case .whenNotEditing: !editing
            }
        }
    }

    /// The width an accessory reserves (`UICellAccessory.LayoutDimension`).
    public enum LayoutDimension: Hashable, Sendable {
        /// The system's standard width (24 at the default text size, scaled with it; none at
        /// accessibility sizes).
        case standard
        /// The accessory's own width.
        case actual
        /// This many points.
        case custom(Double)
    }

    /// Space between two accessories of the trailing group (D1:
    /// `defaultInterAccessoryPaddingForCell:trailingAccessoryGroup:`, the cell content's
    /// trailing padding).
    public static let trailingSpacing = 8.0
    /// Space between two accessories of the leading group (D1: the content's leading padding).
    public static let leadingSpacing = 16.0

    /// A label accessory's font unless it gives one: the Body text style (Apple: the default
    /// of `LabelOptions.font` is the preferred font for Body; A9).
    public static let labelFont = FontSpec(textStyle: .body)

    /// The kind.
    public var kind: Kind
    /// When it shows.
    public var displayed: DisplayedState
    /// Whether it is hidden (`isHidden`): it then takes no room either.
    public var isHidden = false
    /// The width it reserves.
    public var reservedLayoutWidth: LayoutDimension
    /// The edge it sits at: the kind's, or a custom view's own.
    public var placement: Placement
    /// A label accessory's text.
    public var text: String?
    /// A label accessory's font (`LabelOptions.font`); nil is `labelFont`.
    public var font: FontSpec?
    /// A custom view (its kind and size; its frame rule is not used).
    public var view: ViewSpec?

    /// An accessory of `kind` with UIKit's defaults for it.
    public init(_ kind: Kind) {
        self.kind = kind
        displayed = kind.defaultDisplayed
        reservedLayoutWidth = kind.defaultReservedLayoutWidth
        placement = kind.defaultPlacement
    }
}

/// One accessory of a list cell as laid out: what it is and where (cell coordinates, as
/// `RowLayout.accessoryView`), with a label accessory's fitted text.
public struct AccessoryLayout: Sendable {
    /// The accessory's kind.
    public var kind: CellAccessory.Kind
    /// A custom view's id; nil for the others.
    public var id: String?
    /// Its place in the cell's `accessories` (`CellSpec.accessories`), which UIKit reorders.
    public var index: Int
    /// The accessory's frame (the view itself, centred in the width it reserves).
    public var frame: CGRect
    /// The group it belongs to.
    public var placement: CellAccessory.Placement
    /// A label accessory's text, fitted on one line to its frame; a custom label's or
    /// button's text, fitted to the view.
    public var text: LabelLayout?
}
