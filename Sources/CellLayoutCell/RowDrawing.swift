import CellLayoutFit
import Foundation

/// What a renderer needs to draw one laid-out row: its frames (`layout`) and the facts of
/// the cell that only drawing depends on — selection, the editing control's kind, each
/// label's default colour, the custom subviews' kinds and states, the swipe buttons'
/// styles — with every text fitted once, its glyph runs ready to draw.
///
/// A table keeps none of this per row: ``RowLayout`` and a drawing are made when a row
/// is read, and a drawing only for a row that is drawn (`TableLayout.drawing(of:)`), so
/// laying out or encoding a million rows fits no text for drawing.
public struct RowDrawing: Sendable {
    /// The row's frames.
    public var layout: RowLayout
    /// Whether the cell is selected (drawn with the selected background).
    public var isSelected: Bool
    /// The control in `layout.editingControl`'s strip (`.none` when there is none).
    public var editingControl: EditingSpec.Control
    /// The picture in `layout.imageView` (the cell's image, or its content
    /// configuration's), nil when the image is a size only or there is none.
    public var image: ImageBitmap?
    /// The labels of `layout.labels`, in the same order, each with its colour.
    public var labels: [LabelDrawing]
    /// The custom subviews that are not labels (those are in `labels`), in the row's order.
    public var subviews: [SubviewDrawing]
    /// The accessory view's text (`layout.accessoryText`), fitted.
    public var accessoryText: LabelDrawing?
    /// A list cell's accessories (`layout.accessories`), in the same order.
    public var accessories: [AccessoryDrawing]
    /// The swipe action buttons, in `layout.swipeActions`' order.
    public var swipeButtons: [SwipeButtonDrawing]

    /// The drawing of `cell` laid out as `layout`.
    /// - Parameters:
    ///   - layout: `cell` laid out (`CellLayouter.layout(_:width:previous:inheriting:rowHeight:)`).
    ///   - cell: the row.
    package init(_ layout: RowLayout, of cell: CellSpec) {
        self.layout = layout
        isSelected = cell.selected
        editingControl = layout.editingControl == nil ? .none : cell.editing.control
        image = layout.imageView == nil ? nil : cell.content.map(\.imageBitmap) ?? cell.imageBitmap
        labels = layout.labels.map { label in
            LabelDrawing(label, color: Self.color(of: label.id, style: cell.style, configured: cell.content != nil))
        }
        subviews = zip(cell.subviews, layout.subviews).compactMap { view, subview in
            guard view.kind != .label else { return nil }
            let title = view.kind == .button ? layout.buttonTitles.first { $0.id == view.id } : nil
            return SubviewDrawing(kind: view.kind, isOn: view.on, frame: subview.frame,
                                  title: title.map { LabelDrawing($0, color: .tint) })
        }
        accessoryText = layout.accessoryText.map { text in
            LabelDrawing(text, color: layout.accessory.viewSpec?.kind == .button ? .tint : .label)
        }
        let listAccessories = cell.accessories
        accessories = layout.accessories.map { accessory in
            let view = listAccessories[accessory.index].view
            let color: LabelColor = switch (accessory.kind, view?.kind) {
            case (.label, _): .secondaryLabel
            case (_, .button): .tint
            default: .label
            }
            return AccessoryDrawing(kind: accessory.kind, frame: accessory.frame, viewKind: view?.kind,
                                    isOn: view?.on ?? false, text: accessory.text.map { LabelDrawing($0, color: color) })
        }
        swipeButtons = zip(cell.swipeActions, layout.swipeTitles).map { action, title in
            SwipeButtonDrawing(style: action.style, title: LabelDrawing(title, color: .white))
        }
    }

    /// The colour UIKit gives a cell's label: value2's text label the tint colour,
    /// value1's and subtitle's detail label (and a content configuration's secondary text)
    /// gray, every other label black.
    private static func color(of id: String, style: CellStyle, configured: Bool) -> LabelColor {
        switch (id, style) {
        case ("detailTextLabel", _) where configured: .secondaryLabel
        case ("textLabel", .value2): .tint
        case ("detailTextLabel", .value1), ("detailTextLabel", .subtitle): .secondaryLabel
        default: .label
        }
    }
}

/// The default colour of a label's text (a run's own colour wins over it).
public enum LabelColor: Sendable {
    /// Black: `UIColor.label`.
    case label
    /// Gray: `UIColor.secondaryLabel`.
    case secondaryLabel
    /// Blue: the tint colour of a button's title and of value2's text label.
    case tint
    /// White: a swipe action's title on its coloured button.
    case white
}

/// A label with its default colour and its text fitted, glyph runs ready to draw.
public struct LabelDrawing: Sendable {
    /// The label: its id, frame and measurement.
    public var label: LabelLayout
    /// The colour of runs that have none of their own.
    public var color: LabelColor
    /// The text fitted to the label's width (fitted once, when the drawing is made).
    public var text: TextLayout

    /// `label` in `color`, its text fitted now.
    public init(_ label: LabelLayout, color: LabelColor) {
        self.label = label
        self.color = color
        text = label.measurement.layout
    }
}

/// A custom subview that is not a label, as drawn.
public struct SubviewDrawing: Sendable {
    /// What kind of view it is.
    public var kind: ViewSpec.Kind
    /// A switch's state (`UISwitch.isOn`).
    public var isOn: Bool
    /// Its frame, in content-view coordinates.
    public var frame: CGRect
    /// A button's title, fitted on one line to the button, in the tint colour; nil for
    /// other kinds.
    public var title: LabelDrawing?
}

/// A list cell's accessory as drawn (`UICellAccessory`).
public struct AccessoryDrawing: Sendable {
    /// What it is.
    public var kind: CellAccessory.Kind
    /// Its frame, in cell coordinates (`AccessoryLayout.frame`).
    public var frame: CGRect
    /// A custom view's kind; nil for the system accessories and labels.
    public var viewKind: ViewSpec.Kind?
    /// A custom switch's state (`UISwitch.isOn`).
    public var isOn: Bool
    /// Its text, fitted: a label accessory's (gray, as UIKit's secondary label colour), a
    /// custom label's (black) or a custom button's title (the tint colour); nil for the others.
    public var text: LabelDrawing?
}

/// A swipe action's button as revealed, with its title.
public struct SwipeButtonDrawing: Sendable {
    /// Red (destructive) or gray.
    public var style: SwipeAction.Style
    /// The title, white, framed as the button (cell coordinates, as revealed).
    public var title: LabelDrawing
}
