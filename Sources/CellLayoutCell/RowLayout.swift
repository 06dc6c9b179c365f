import Foundation

/// A laid-out row: every frame inside the cell, the row's height, the labels' lines.
///
/// Frames of the labels, image and custom subviews are in content-view coordinates; the
/// content view, accessory, editing controls and swipe buttons in cell coordinates
/// (swipe buttons as revealed when the cell is swiped fully open).
public struct RowLayout: Sendable {
    /// The row's height, separator included.
    public var height: Double
    /// The content view.
    public var contentView: CGRect
    /// The image view.
    public var imageView: CGRect?
    /// The accessory (built-in glyph or custom view); hidden while editing.
    public var accessoryView: CGRect?
    /// What the accessory is (for drawing).
    public var accessory: Accessory
    /// The delete / insert control's strip at the leading edge.
    public var editingControl: CGRect?
    /// The reorder control's strip at the trailing edge.
    public var reorderControl: CGRect?
    /// Swipe action buttons, in the row's order (the first at the trailing edge).
    public var swipeActions: [CGRect]
    /// Custom subviews' frames, in the row's order.
    public var subviews: [(id: String, frame: CGRect)]
    /// Every label's fitted text: "textLabel", "detailTextLabel" and custom labels by id.
    public var labels: [LabelLayout]
    /// Custom buttons' titles by the button's id, each fitted on one line to its button's
    /// frame (cut in the middle, as UIButton's title is), so that drawing needs no measuring.
    public var buttonTitles: [LabelLayout]
    /// Each swipe action's title, framed as its button (cell coordinates, as revealed).
    public var swipeTitles: [LabelLayout]
    /// The text of an accessory view that is a label (fitted as the layout sized it) or a
    /// button (its title, as `buttonTitles`), framed in cell coordinates; nil otherwise.
    public var accessoryText: LabelLayout? { accessoryTexts.first }
    /// `accessoryText`, kept in an array so that rows without one stay small.
    var accessoryTexts: [LabelLayout]
    /// A list cell's accessories (`CellSpec.accessories`) as shown: leading group first,
    /// each group from the cell's edge inward; empty for a standard cell.
    public var accessories: [AccessoryLayout] = []
    /// The custom subviews' state for the next width change (their autoresizing history).
    public var subviewState: SubviewState
    /// How far a swiped-open row's content, accessory and controls moved toward the
    /// leading edge (the swipe actions' total width); 0 when the row is closed.
    public var swipeOffset: Double = 0
    /// The direction the cell was laid out in: right to left mirrors the standard layout
    /// (and a renderer draws the chevron pointing left, the switch knob mirrored).
    public var layoutDirection: LayoutDirection = .leftToRight
    /// What the row sets that UIKit would silently ignore (`CellLayouter.ignoredSettings`).
    var ignoredSettings: [LayoutWarning] = []

    /// The textLabel's frame, when the row has text.
    public var textLabel: CGRect? { labels.first { $0.id == "textLabel" }?.frame }
    /// The detailTextLabel's frame, when the style shows one and the row has detail text.
    public var detailTextLabel: CGRect? { labels.first { $0.id == "detailTextLabel" }?.frame }

    /// Line counts by label id, in output order.
    public var lines: [(id: String, count: Int)] {
        labels.map { ($0.id, $0.measurement.lines) }
    }
}

/// One label's frame and fitted text.
public struct LabelLayout: Sendable {
    /// "textLabel", "detailTextLabel" or a custom label's id.
    public var id: String
    /// The label's frame (content-view coordinates).
    public var frame: CGRect
    /// The text fitted to the frame's width.
    public var measurement: LabelMeasurement
    /// Whether lines are drawn right-aligned in the frame (value1's detail, value2's text).
    public var alignsRight: Bool
}

/// Custom subviews as the last layout left them: the content view's size and each view's
/// frame, which the next width change autoresizes from.
public struct SubviewState: Sendable {
    /// The content view's size the frames are relative to.
    public var contentSize: CGSize
    /// One frame per custom subview, in order.
    public var frames: [CGRect]
}

extension RowLayout {
    /// Swipes the row fully open: the content view, accessory and editing controls move
    /// toward the leading edge by the swipe buttons' total width, uncovering the buttons
    /// (whose frames are already the revealed ones).
    mutating func openSwipe() {
        let offset = swipeActions.reduce(0) { $0 + $1.width }
        guard offset > 0 else { return }
        swipeOffset = offset
        contentView.origin.x -= offset
        accessoryView?.origin.x -= offset
        editingControl?.origin.x -= offset
        reorderControl?.origin.x -= offset
        for i in accessoryTexts.indices { accessoryTexts[i].frame.origin.x -= offset }
        for i in accessories.indices {
            accessories[i].frame.origin.x -= offset
            accessories[i].text?.frame.origin.x -= offset
        }
    }

    /// The part of a swiped-open row's content view still on screen, in cell coordinates:
    /// the moved content view cut at the cell's edges, for the cell clips its content while
    /// it is swiped (the buttons take the rest); nil when the row is closed.
    /// - Parameter cellWidth: the cell's width.
    public func visibleContent(cellWidth: Double) -> CGRect? {
        guard swipeOffset > 0 else { return nil }
        let minX = max(0, contentView.minX), maxX = min(cellWidth, contentView.maxX)
        return CGRect(x: minX, y: contentView.minY, width: max(0, maxX - minX), height: contentView.height)
    }
}
