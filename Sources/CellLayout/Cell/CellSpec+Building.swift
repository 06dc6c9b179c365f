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
                image: TableMetrics.Size? = nil, accessory: Accessory = .none, height: RowHeight = .auto,
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
