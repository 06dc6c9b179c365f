import Foundation

/// Building rows and views in Swift code, the way a `cellForRowAt` configures a cell: one
/// call with the properties that differ from UIKit's defaults.
extension CellSpec {
    /// A row with the given properties; everything else keeps its default.
    ///
    /// ```swift
    /// CellSpec(id: "wifi", style: .value1, text: "Wi-Fi", detailText: "Home",
    ///          image: .init(width: 29, height: 29), accessory: .disclosureIndicator)
    /// ```
    public init(id: RowID = .none, style: CellStyle = .default, text: String? = nil, detailText: String? = nil,
                image: TableMetrics.Size? = nil, accessory: Accessory = .none, height: RowHeight? = nil,
                swipeActions: [SwipeAction] = [], subviews: [ViewSpec] = []) {
        self.init()
        self.id = id
        self.style = style
        self.text = text
        self.detailText = detailText
        self.image = image
        self.accessory = accessory
        self.height = height
        self.swipeActions = swipeActions
        self.subviews = subviews
    }
}

extension ViewSpec {
    /// A view with the given properties, as UIKit code creates one and sets its frame and
    /// autoresizing mask.
    ///
    /// ```swift
    /// ViewSpec(id: "toggle", kind: .switch, frame: FrameRule(right: 5, centerY: 0),
    ///          autoresizing: [.flexibleLeftMargin, .flexibleTopMargin, .flexibleBottomMargin])
    /// ```
    public init(id: String, kind: Kind, text: String? = nil, font: FontSpec? = nil, size: TableMetrics.Size? = nil,
                frame: FrameRule, autoresizing: AutoresizingMask = []) {
        self.init(id: id, kind: kind)
        self.text = text
        self.font = font
        self.size = size
        self.frame = frame
        self.autoresizing = autoresizing
    }
}

extension FrameRule {
    /// A frame rule from the insets, centre offsets and sizes given (at most two per axis).
    public init(left: Double? = nil, right: Double? = nil, top: Double? = nil, bottom: Double? = nil,
                centerX: Double? = nil, centerY: Double? = nil, width: Double? = nil, widthFraction: Double? = nil,
                height: Double? = nil, heightFraction: Double? = nil) {
        self.init()
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.widthFraction = widthFraction
        self.height = height
        self.heightFraction = heightFraction
    }
}

extension FrameRule {
    /// A frame set as UIKit code sets one, `view.frame = rect`, in the initial 320 × 44
    /// content bounds: `left` and `top` from the origin, and the size.
    public init(_ rect: CGRect) {
        self.init(left: rect.minX, top: rect.minY, width: rect.width, height: rect.height)
    }

    /// This rule with the view moved so that its centre is at `center` in the initial
    /// 320 × 44 bounds, keeping its size, as setting `view.center` after its frame does:
    /// an axis sized by its two insets keeps that size; an inset or centre offset that
    /// placed the view is replaced.
    public func centered(at center: CGPoint) -> FrameRule {
        let bounds = CellLayouter.initialContentSize
        var rule = self
        if let left, let right { rule.width = bounds.width - left - right }
        if let top, let bottom { rule.height = bounds.height - top - bottom }
        (rule.left, rule.right, rule.centerX) = (nil, nil, center.x - bounds.width / 2)
        (rule.top, rule.bottom, rule.centerY) = (nil, nil, center.y - bounds.height / 2)
        return rule
    }
}
