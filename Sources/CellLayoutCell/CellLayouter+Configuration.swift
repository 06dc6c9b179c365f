import CellLayoutCore
import Foundation

/// A cell's content laid out by its `ContentConfiguration`: labels placed horizontally, the
/// image's x and size, what the row needs of height, and how to place them all vertically.
struct ConfiguredContent {
    /// The text (`textLabel`) and secondary text (`detailTextLabel`), y relative to the block.
    var labels: [LabelLayout]
    /// The image's frame, y 0 (placed later), or nil.
    var image: CGRect?
    /// The block of texts' height.
    var block: Double
    /// The margins above and below.
    var top, bottom: Double
    /// The content height the row needs (margins, texts, image).
    var required: Double

    /// The labels and image placed in a content view `contentHeight` tall: the texts'
    /// block and the image each centred between the margins, origins on the pixel grid.
    func placed(contentHeight: Double, metrics m: TableMetrics) -> (labels: [LabelLayout], image: CGRect?) {
        let inner = contentHeight - top - bottom
        let y = m.roundToPixel(top + (inner - block) / 2)
        var labels = labels
        for i in labels.indices { labels[i].frame.origin.y += y }
        var image = image
        if let frame = image { image?.origin.y = m.roundToPixel(top + (inner - frame.height) / 2) }
        return (labels, image)
    }
}

extension CellLayouter {
    /// `content` laid out in a content view `contentWidth` wide. Horizontally the cell's own
    /// margins win where larger than the configuration's (the content view preserves its
    /// superview's margins on that axis); an accessory holds the cell's margin on its side,
    /// so beside it the configuration's margin stands alone.
    func configured(_ content: ContentConfiguration, contentWidth: Double,
                    besideAccessory: (leading: Bool, trailing: Bool),
                    category: ContentSizeCategory, rightToLeft: Bool) throws -> ConfiguredContent {
        let m = metrics
        let margins = content.directionalLayoutMargins
        let leading = besideAccessory.leading ? margins.leading : max(margins.leading, m.leadingMargin)
        let trailing = besideAccessory.trailing ? margins.trailing : max(margins.trailing, m.trailingMargin)
        var x = leading
        var image: CGRect?
        var imageHeight = 0.0
        if let size = content.drawnImageSize {
            let reserved = TableMetrics.Size(width: content.reservedLayoutSize.width > 0 ? content.reservedLayoutSize.width : size.width,
                                             height: content.reservedLayoutSize.height > 0 ? content.reservedLayoutSize.height : size.height)
            image = CGRect(x: x + (reserved.width - size.width) / 2, y: 0, width: size.width, height: size.height)
            imageHeight = max(reserved.height, size.height)
            x += reserved.width + content.imageToTextPadding
        }
        let available = max(0, contentWidth - x - trailing)
        func label(_ id: String, _ text: String, _ properties: ContentConfiguration.TextProperties, x: Double,
                   width: Double, right: Bool = false) throws -> LabelLayout {
            let measured = try measurer.measure(
                text, attributes: nil, font: properties.font,
                alignment: right != rightToLeft ? .right : rightToLeft ? .left : .natural, width: width,
                numberOfLines: properties.numberOfLines, mode: properties.lineBreakMode)
            return LabelLayout(id: id, frame: CGRect(x: x, y: 0, width: width, height: measured.height),
                               measurement: measured, alignsRight: right)
        }
        let text = content.text.flatMap { $0.isEmpty ? nil : $0 }
        let secondary = content.secondaryText.flatMap { $0.isEmpty ? nil : $0 }
        var labels: [LabelLayout] = []
        var block = 0.0
        if let text, let secondary, content.prefersSideBySideTextAndSecondaryText, !category.isAccessibilityCategory {
            // Side by side when both fit on one line each; else stacked, as Apple documents.
            let natural = { (string: String, properties: ContentConfiguration.TextProperties) throws -> Double in
                try self.measurer.measure(string, attributes: nil, font: properties.font, width: .infinity,
                                          numberOfLines: 1, mode: .byTruncatingTail).fittingWidth(m)
            }
            let textWidth = try natural(text, content.textProperties)
            let secondaryWidth = try natural(secondary, content.secondaryTextProperties)
            if textWidth + content.textToSecondaryTextHorizontalPadding + secondaryWidth <= available {
                let first = try label("textLabel", text, content.textProperties, x: x,
                                      width: available - secondaryWidth - content.textToSecondaryTextHorizontalPadding)
                let second = try label("detailTextLabel", secondary, content.secondaryTextProperties,
                                       x: x + available - secondaryWidth, width: secondaryWidth, right: true)
                block = max(first.frame.height, second.frame.height)
                labels = [first, second].map { var label = $0; label.frame.origin.y = (block - label.frame.height) / 2; return label }
                return ConfiguredContent(labels: labels, image: image, block: block, top: margins.top,
                                         bottom: margins.bottom,
                                         required: margins.top + max(block, imageHeight) + margins.bottom)
            }
        }
        if let text {
            labels.append(try label("textLabel", text, content.textProperties, x: x, width: available))
            block = labels[0].frame.height
        }
        if let secondary {
            var second = try label("detailTextLabel", secondary, content.secondaryTextProperties, x: x, width: available)
            if !labels.isEmpty { block += content.textToSecondaryTextVerticalPadding }
            second.frame.origin.y = block
            block += second.frame.height
            labels.append(second)
        }
        return ConfiguredContent(labels: labels, image: image, block: block, top: margins.top, bottom: margins.bottom,
                                 required: labels.isEmpty && image == nil ? 0
                                     : margins.top + max(block, imageHeight) + margins.bottom)
    }
}
