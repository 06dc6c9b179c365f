import Foundation

extension RowLayout {
    /// The row as a right-to-left cell lays it out (see Decisions.md, "Right to left"):
    /// every standard element mirrored about the cell's (or the content view's) vertical
    /// centre line — editing control and image at the right, accessory, reorder control and
    /// swipe buttons at the left (an accessory view's text with it),
    /// standard labels' frames mirrored and their alignment reversed. Custom subviews keep the frames their rule and autoresizing mask gave them
    /// (UIKit flips no frame), and custom labels align their text to the right, as
    /// `NSTextAlignment.natural` does in a right-to-left view.
    /// - Parameter cellWidth: the cell's width.
    package func mirrored(cellWidth: Double) -> RowLayout {
        func flip(_ rect: CGRect, in width: Double) -> CGRect {
            CGRect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
        }
        var row = self
        row.layoutDirection = .rightToLeft
        row.contentView = flip(contentView, in: cellWidth)
        row.imageView = imageView.map { flip($0, in: contentView.width) }
        row.accessoryView = accessoryView.map { flip($0, in: cellWidth) }
        for i in row.accessoryTexts.indices {
            row.accessoryTexts[i].frame = flip(row.accessoryTexts[i].frame, in: cellWidth)
        }
        row.accessories = accessories.map { accessory in
            var accessory = accessory
            accessory.frame = flip(accessory.frame, in: cellWidth)
            accessory.text?.frame = accessory.frame
            accessory.text?.alignsRight.toggle()
            return accessory
        }
        row.editingControl = editingControl.map { flip($0, in: cellWidth) }
        row.reorderControl = reorderControl.map { flip($0, in: cellWidth) }
        row.swipeActions = swipeActions.map { flip($0, in: cellWidth) }
        for i in row.swipeTitles.indices { row.swipeTitles[i].frame = flip(row.swipeTitles[i].frame, in: cellWidth) }
        let custom = Set(subviews.map(\.id))
        for i in row.labels.indices {
            if custom.contains(row.labels[i].id) {
                row.labels[i].alignsRight = true
            } else {
                row.labels[i].frame = flip(row.labels[i].frame, in: contentView.width)
                row.labels[i].alignsRight.toggle()
            }
        }
        return row
    }
}
