import CellLayoutCell

extension TableDecoder {
    /// A ROW's `"accessories"`: a list cell's `UICellAccessory` items (iOS 14; the row needs
    /// `"content"`). Each is a kind's name, or an object with `"kind"` and the options
    /// UIKit gives that kind: `"displayed"`, `"isHidden"`, `"reservedLayoutWidth"`
    /// (`"standard"`, `"actual"` or points), a label's `"text"` and `"font"`, a custom
    /// view's `"view"` (named by its place, "accessories[1]", when it has no `"id"`) and
    /// `"placement"`.
    func accessories(_ node: JSONNode, _ metrics: TableMetrics) throws(InputError) -> [CellAccessory] {
        var customIDs: Set<String> = []
        return try node.elements().enumerated().map { index, node throws(InputError) in
            if case .string = node.value { return CellAccessory(try node.choice("accessory kind")) }
            let m = try node.members(known: ["kind", "displayed", "isHidden", "reservedLayoutWidth", "text", "font",
                                             "view", "placement"])
            guard let kind = m["kind"] else { throw node.error("missing \"kind\"") }
            var accessory = CellAccessory(try kind.choice("accessory kind"))
            let owners: [(key: String, kind: CellAccessory.Kind)] = [
                ("text", .label), ("font", .label), ("view", .customView), ("placement", .customView),
            ]
            for (key, owner) in owners where accessory.kind != owner {
                if let given = m[key] {
                    throw given.error("\"\(key)\" is for a \(owner.rawValue) accessory, not a \(accessory.kind.rawValue)")
                }
            }
            if let displayed = m["displayed"] { accessory.displayed = try displayed.choice("displayed state") }
            if let hidden = m["isHidden"] { accessory.isHidden = try hidden.bool() }
            if let width = m["reservedLayoutWidth"] {
                if case .string = width.value {
                    let name = try width.string()
                    switch name {
                    case "standard": accessory.reservedLayoutWidth = .standard
                    case "actual": accessory.reservedLayoutWidth = .actual
                    default: throw width.error("unknown reserved layout width \"\(name)\" (expected one of standard, actual, or points)")
                    }
                } else {
                    accessory.reservedLayoutWidth = .custom(try width.number(in: 0...10_000))
                }
            }
            switch accessory.kind {
            case .label:
                guard let text = m["text"] else { throw node.error("a label accessory needs \"text\"") }
                accessory.text = try text.string()
                if let font = m["font"] { accessory.font = try self.font(font, replacing: CellAccessory.labelFont) }
            case .customView:
                guard let view = m["view"] else { throw node.error("a customView accessory needs \"view\"") }
                guard let placement = m["placement"] else {
                    throw node.error("a customView accessory needs \"placement\" (leading or trailing), as UIKit's does")
                }
                accessory.view = try self.view(view, metrics, defaultID: "accessories[\(index)]")
                guard customIDs.insert(accessory.view!.id).inserted else {
                    throw JSONNode(view.value, path: view.path + ".id").error("\"\(accessory.view!.id)\" is used twice in this row")
                }
                accessory.placement = try placement.choice("accessory placement")
            default: break
            }
            return accessory
        }
    }
}
