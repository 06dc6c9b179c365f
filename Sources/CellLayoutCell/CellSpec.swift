import Foundation
import CellLayoutFit

/// The four standard cell styles, as `UITableViewCell.CellStyle`.
public enum CellStyle: String, CaseIterable, Sendable {
    /// A text label, optional image (`.default`).
    case `default`
    /// Text on the left, detail right-aligned on the right (`.value1`).
    case value1
    /// Detail label column after a right-aligned text column (`.value2`).
    case value2
    /// Text with a smaller detail line under it (`.subtitle`).
    case subtitle
}

/// What sits at the trailing edge of a cell, as `UITableViewCell.AccessoryType` or an
/// `accessoryView`.
public enum Accessory: Hashable, Sendable {
    /// Nothing.
    case none
    /// A chevron.
    case disclosureIndicator
    /// An info button and a chevron.
    case detailDisclosureButton
    /// A checkmark.
    case checkmark
    /// An info button.
    case detailButton
    /// A custom view (a switch, a slider, …); indirect, so that rows without one stay small.
    indirect case view(ViewSpec)
}

/// The editing controls a cell shows.
public struct EditingSpec: Hashable, Sendable {
    /// The control at the leading edge, as `UITableViewCell.EditingStyle`.
    public enum Control: String, CaseIterable, Sendable {
        /// None.
        case none
        /// The red minus.
        case delete
        /// The green plus.
        case insert
    }

    /// The leading control.
    public var control: Control = .none
    /// Whether the reorder control shows at the trailing edge.
    public var reorder: Bool = false

    /// - Parameters: the leading control and whether the reorder control shows.
    public init(control: Control = .none, reorder: Bool = false) {
        self.control = control
        self.reorder = reorder
    }

    /// Whether the cell is in editing mode (any control shows). Editing hides the accessory.
    public var isEditing: Bool { control != .none || reorder }
}

/// One swipe action button, as `UIContextualAction` / `UITableViewRowAction`.
public struct SwipeAction: Hashable, Sendable {
    /// The button's style.
    public enum Style: String, CaseIterable, Sendable {
        /// Red.
        case destructive
        /// Gray.
        case normal
    }

    /// The title.
    public var title: String
    /// The style.
    public var style: Style

    /// - Parameters: title and style.
    public init(title: String, style: Style = .normal) {
        self.title = title
        self.style = style
    }
}

/// How tall a row is.
public enum RowHeight: Hashable, Sendable {
    /// Sized from its content (self-sizing), never below the row's minimum.
    case auto
    /// This many points.
    case fixed(Double)
}

/// One row of a table: a cell described the way UIKit code configures one.
///
/// A table keeps one per row for as long as it lives, so a cell is kept small: the
/// properties nearly every row sets (id, style, texts, accessory, selection and swipe
/// state) are stored inline, and the ones most rows leave at their defaults (fonts,
/// attributes, line limits, image, editing, indentation, swipe actions, height rules,
/// custom subviews, direction) in one shared, immutable box that rows with all defaults do
/// not have at all (see Pipeline.md, "What a table keeps per row").
public struct CellSpec: Hashable, Sendable {
    /// The caller's id, echoed in the output.
    public var id: RowID = .none
    /// The standard style.
    public var style: CellStyle = .default
    /// Whether the row draws with the selection background (`isSelected`).
    public var selected = false
    /// Whether the row is swiped open: content shifted toward the leading edge by its
    /// swipe actions' total width, the buttons revealed at the trailing edge.
    public var swipeOpen = false
    /// The textLabel's text.
    public var text: String?
    /// The detailTextLabel's text (not shown by the default style).
    public var detailText: String?
    /// The accessory.
    public var accessory: Accessory = .none
    /// The properties most rows leave at their defaults; nil when all of them are.
    private var extrasBox: ExtrasBox?

    /// A default-style row with no text.
    public init() {}

    /// The textLabel's runs and paragraph style, when it has an attributed text (`text`
    /// is then the runs' string).
    public var textAttributes: LabelText? {
        get { extrasBox?.extras.textAttributes } set { extras.textAttributes = newValue }
    }
    /// The detailTextLabel's runs and paragraph style.
    public var detailTextAttributes: LabelText? {
        get { extrasBox?.extras.detailTextAttributes } set { extras.detailTextAttributes = newValue }
    }
    /// The textLabel's font; nil is the style's default from the metrics.
    public var font: FontSpec? {
        get { extrasBox?.extras.font } set { extras.font = newValue }
    }
    /// The detailTextLabel's font; nil is the style's default.
    public var detailFont: FontSpec? {
        get { extrasBox?.extras.detailFont } set { extras.detailFont = newValue }
    }
    /// The textLabel's line limit (0 = none). Default 0, so rows size to their text.
    public var numberOfLines: Int {
        get { extrasBox?.extras.numberOfLines ?? 0 } set { extras.numberOfLines = newValue }
    }
    /// The detailTextLabel's line limit (0 = none).
    public var detailNumberOfLines: Int {
        get { extrasBox?.extras.detailNumberOfLines ?? 0 } set { extras.detailNumberOfLines = newValue }
    }
    /// How the labels break and truncate. Default tail, as UILabel's.
    public var lineBreakMode: LineBreakMode {
        get { extrasBox?.extras.lineBreakMode ?? .byTruncatingTail } set { extras.lineBreakMode = newValue }
    }
    /// The image view's size, when the cell has an image.
    public var image: TableMetrics.Size? {
        get { extrasBox?.extras.image } set { extras.image = newValue }
    }
    /// The image view's picture, drawn scaled to `image` (nil: a size only, drawn as a
    /// placeholder). Layout reads only `image`: set it to the bitmap's `size` for the
    /// picture's own size.
    public var imageBitmap: ImageBitmap? {
        get { extrasBox?.extras.imageBitmap } set { extras.imageBitmap = newValue }
    }
    /// Editing controls.
    public var editing: EditingSpec {
        get { extrasBox?.extras.editing ?? EditingSpec() } set { extras.editing = newValue }
    }
    /// Indentation level of the standard image and labels.
    public var indentationLevel: Int {
        get { extrasBox?.extras.indentationLevel ?? 0 } set { extras.indentationLevel = newValue }
    }
    /// Width of one indentation level; nil is the metrics' (10).
    public var indentationWidth: Double? {
        get { extrasBox?.extras.indentationWidth } set { extras.indentationWidth = newValue }
    }
    /// Swipe action buttons, the first at the trailing edge.
    public var swipeActions: [SwipeAction] {
        get { extrasBox?.extras.swipeActions ?? [] } set { extras.swipeActions = newValue }
    }
    /// Fixed or self-sizing height (`tableView(_:heightForRowAt:)`); nil follows the
    /// table's `TableSpec.rowHeight`.
    public var height: RowHeight? {
        get { extrasBox?.extras.height } set { extras.height = newValue }
    }
    /// The least height of a self-sizing row; nil is the metrics' row height (44).
    public var minHeight: Double? {
        get { extrasBox?.extras.minHeight } set { extras.minHeight = newValue }
    }
    /// Points added to a self-sizing row's content height.
    public var additionalHeight: Double {
        get { extrasBox?.extras.additionalHeight ?? 0 } set { extras.additionalHeight = newValue }
    }
    /// Custom subviews of the content view.
    public var subviews: [ViewSpec] {
        get { extrasBox?.extras.subviews ?? [] } set { extras.subviews = newValue }
    }
    /// The content size category the row's text styles are sized at
    /// (`UITraitCollection.preferredContentSizeCategory`); nil follows the table's
    /// (`TableMetrics.contentSizeCategory`).
    public var contentSizeCategory: ContentSizeCategory? {
        get { extrasBox?.extras.contentSizeCategory } set { extras.contentSizeCategory = newValue }
    }
    /// The content as a `UIListContentConfiguration` gives it (iOS 14), laid out instead of
    /// the style's labels and image; nil for the style's.
    public var content: ContentConfiguration? {
        get { extrasBox?.extras.content } set { extras.content = newValue }
    }
    /// The list cell's accessories (`UICollectionViewListCell.accessories`, iOS 14), laid
    /// out instead of `accessory` and the editing controls; a row with `content` only.
    public var accessories: [CellAccessory] {
        get { extrasBox?.extras.accessories ?? [] } set { extras.accessories = newValue }
    }
    /// Whether a list cell's indentation moves its leading accessories with the content
    /// (`UICollectionViewListCell.indentsAccessories`, true by default); false indents the
    /// content view alone, after them.
    public var indentsAccessories: Bool {
        get { extrasBox?.extras.indentsAccessories ?? true } set { extras.indentsAccessories = newValue }
    }
    /// Whether the cell is in editing mode: a list cell's editing state, which decides the
    /// `accessories` shown, or a standard cell showing editing controls (`editing`).
    public var isEditing: Bool {
        get { extrasBox?.extras.isEditing ?? false || editing.isEditing } set { extras.isEditing = newValue }
    }
    /// Whether the cell lays out right to left (`UIView.semanticContentAttribute`);
    /// `.unspecified` follows the table.
    public var semanticContentAttribute: SemanticContentAttribute {
        get { extrasBox?.extras.semanticContentAttribute ?? .unspecified }
        set { extras.semanticContentAttribute = newValue }
    }

    /// The out-of-line properties; setting them to all defaults drops the box.
    private var extras: Extras {
        get { extrasBox?.extras ?? Extras() }
        set { extrasBox = newValue == Extras() ? nil : ExtrasBox(newValue) }
    }

    /// The properties most rows leave at their defaults.
    fileprivate struct Extras: Hashable, Sendable {
        var textAttributes: LabelText?
        var detailTextAttributes: LabelText?
        var font: FontSpec?
        var detailFont: FontSpec?
        var numberOfLines = 0
        var detailNumberOfLines = 0
        var imageBitmap: ImageBitmap?
        var image: TableMetrics.Size?
        // The one- and two-byte fields, in the 7 bytes `image` leaves before the next word
        // (Swift lays a struct out in declaration order): with `imageBitmap` the struct
        // stays 817 bytes, as it was without it (841 with the fields where they were).
        var lineBreakMode = LineBreakMode.byTruncatingTail
        var editing = EditingSpec()
        var semanticContentAttribute = SemanticContentAttribute.unspecified
        var contentSizeCategory: ContentSizeCategory?
        var indentationLevel = 0
        var indentationWidth: Double?
        var swipeActions: [SwipeAction] = []
        var height: RowHeight?
        var minHeight: Double?
        var additionalHeight = 0.0
        var subviews: [ViewSpec] = []
        var content: ContentConfiguration?
        var accessories: [CellAccessory] = []
        var isEditing = false
        var indentsAccessories = true
    }

    /// `Extras` behind one reference: immutable (a setter makes a new box), so copies of a
    /// cell share it.
    fileprivate final class ExtrasBox: Hashable, Sendable {
        let extras: Extras
        init(_ extras: Extras) { self.extras = extras }
        static func == (a: ExtrasBox, b: ExtrasBox) -> Bool { a === b || a.extras == b.extras }
        func hash(into hasher: inout Hasher) { hasher.combine(extras) }
    }
}

extension CellSpec {
    /// Equal out-of-line properties of many cells, kept once: a section of a million rows
    /// that each set the same image size or font holds one box, not a million.
    package struct ExtrasPool {
        fileprivate var boxes: Set<ExtrasBox> = []

        package init() {}
    }

    /// The cell with its out-of-line properties shared with an equal cell's from `pool`
    /// (or added to it): the same cell, in less memory.
    package func sharingExtras(in pool: inout ExtrasPool) -> CellSpec {
        guard let box = extrasBox else { return self }
        var cell = self
        cell.extrasBox = pool.boxes.insert(box).memberAfterInsert
        return cell
    }
}
