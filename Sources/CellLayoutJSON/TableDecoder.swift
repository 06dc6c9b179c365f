import Foundation
import CellLayoutFontLibrary
import CellLayoutCell
import CellLayoutTable

/// Reads a table document (SPEC.md's `layout` input) into a `TableSpec`, refusing anything
/// malformed with an `InputError` that names the JSON path: unknown keys, wrong types,
/// unknown enum values, out-of-range numbers, unknown fonts, impossible frames.
public struct TableDecoder: Sendable {
    /// Fonts are checked against this library.
    public let fonts: FontLibrary
    /// The folder a relative image `"file"` is looked for in (`layout-cli`: the table
    /// file's); nil: the current directory.
    public let imageFolder: String?
    /// The image files read so far, each decoded once.
    let imageFiles: ImageFiles

    /// - Parameters:
    ///   - fonts: the library fonts are looked up in.
    ///   - imageFolder: the folder relative image files are looked for in; nil for the
    ///     current directory.
    public init(fonts: FontLibrary, imageFolder: String? = nil) {
        self.fonts = fonts
        self.imageFolder = imageFolder
        imageFiles = ImageFiles(folder: imageFolder ?? "")
    }

    /// The table in `document`.
    /// - Parameters:
    ///   - document: a parsed table document (SPEC.md's `layout` input).
    ///   - width: overrides the document's `"width"` (the CLI's `--width`).
    ///   - platform: overrides the document's `"platform"` (the CLI's `--platform`).
    /// - Throws: `InputError`.
    public func decode(_ document: JSONValue, width: Double? = nil, platform: PlatformProfile? = nil)
        throws(InputError) -> TableSpec {
        let root = JSONNode(document)
        let members = try root.members(known: [
            "width", "platform", "style", "metrics", "rowHeight", "sections", "rows", "semanticContentAttribute",
            "language", "contentSizeCategory", "systemFontFile", "cellLayoutMarginsFollowReadableWidth", "safeArea",
        ])
        let tableWidth: Double
        if let width {
            tableWidth = width
        } else if let node = members["width"] {
            tableWidth = try node.positive()
        } else {
            throw root.error("missing \"width\" (or give --width)")
        }
        var profile = PlatformProfile.newest
        if let platform {
            profile = platform
        } else if let node = members["platform"] {
            profile = try node.choice("platform")
        }
        let readable = try members["cellLayoutMarginsFollowReadableWidth"]?.bool()
        var table = TableSpec(width: tableWidth, metrics: TableMetrics(platform: profile, width: tableWidth,
                                                                       followsReadableWidth: readable))
        if let style = members["style"] {
            table.style = try style.choice("table style")
            if table.style == .insetGrouped && !profile.hasInsetGrouped {
                throw style.error("insetGrouped is iOS 13's: platform \(profile.rawValue) (\(profile.releases)) has none")
            }
        }
        if let metrics = members["metrics"] { table.metrics = try self.metrics(metrics, base: table.metrics) }
        if let node = members["safeArea"] {
            guard profile.hasSafeAreas else {
                throw node.error("safe areas are iOS 11's: platform \(profile.rawValue) (\(profile.releases)) has none")
            }
            let m = try node.members(known: ["left", "right"])
            table.safeArea = SafeAreaInsets(left: try m["left"]?.number(in: 0...tableWidth / 2) ?? 0,
                                            right: try m["right"]?.number(in: 0...tableWidth / 2) ?? 0)
        }
        if let file = members["systemFontFile"] {
            // The library is made before the document is read: layout-cli reads the key first
            // (its --system-font wins); a library made without any system font file is told.
            _ = try file.string()
            guard fonts.systemFontFace != nil else {
                throw file.error("the font library was made without a system font file (layout-cli reads this key; "
                                 + "in Swift pass the file to FontLibrary(systemFontFile:))")
            }
        }
        if let category = members["contentSizeCategory"] {
            table.metrics.contentSizeCategory = try TextDecoder.contentSizeCategory(category)
        }
        if let height = members["rowHeight"] { table.rowHeight = try rowHeight(height) }
        if let attribute = members["semanticContentAttribute"] {
            table.semanticContentAttribute = try attribute.choice("semantic content attribute")
        }
        switch (members["sections"], members["rows"]) {
        case (let sections?, nil):
            table.sections = try sections.elements().map { node throws(InputError) in
                try section(node, table.metrics, style: table.style)
            }
            try Self.checkRowCount(table.sections.reduce(0, { $0 + $1.rows.count }), path: sections.path)
        case (nil, let rows?):
            let nodes = try rows.elements()
            try Self.checkRowCount(nodes.count, path: rows.path)
            table.sections = [SectionSpec(rows: try nodes.map { node throws(InputError) in try cell(node, table.metrics) })]
        case (nil, nil):
            throw root.error("missing \"sections\" (or \"rows\")")
        case (_?, _?):
            throw root.error("give either \"sections\" or \"rows\", not both")
        }
        if let node = members["language"] {
            let language = try TextDecoder.language(node)
            for s in table.sections.indices {
                table.sections[s].headerAttributes = table.sections[s].headerAttributes.adopting(language)
                table.sections[s].footerAttributes = table.sections[s].footerAttributes.adopting(language)
                for r in table.sections[s].rows.indices { table.sections[s].rows[r].adoptLanguage(language) }
            }
        }
        return table
    }

    /// One ROW on its own, as a JSON Lines stream carries them (paths start at the row), or
    /// as a streamed document's rows come (`path` is then where the row is, `rows[7]`, and
    /// `language` the table's `"language"`, which the row's texts take when neither they
    /// nor the row name one).
    /// - Throws: `InputError`.
    public func decodeRow(
        _ row: JSONValue, path: String = "", metrics: TableMetrics, language: TextLanguage? = nil
    ) throws(InputError) -> CellSpec {
        var cell = try cell(JSONNode(row, path: path), metrics)
        if let language { cell.adoptLanguage(language) }
        return cell
    }

    /// Refuses more than ``TableSpec/maxRows`` rows in one document, naming `path`
    /// (`sections` or `rows`): the check `decode(_:width:)` makes, for a reader that
    /// counts a document's rows as it streams them.
    /// - Throws: `InputError`.
    public static func checkRowCount(_ count: Int, path: String) throws(InputError) {
        guard count > TableSpec.maxRows else { return }
        throw InputError(path: path, "more than \(TableSpec.maxRows) rows, the most one table document may have")
    }

    /// A `"metrics"` object on its own: overrides of `base`.
    /// - Throws: `InputError`.
    public func decodeMetrics(_ value: JSONValue, base: TableMetrics = TableMetrics()) throws(InputError) -> TableMetrics {
        try metrics(JSONNode(value, path: "metrics"), base: base)
    }

    // MARK: Sections and rows

    private func section(_ node: JSONNode, _ metrics: TableMetrics, style: TableSpec.Style) throws(InputError)
        -> SectionSpec {
        let m = try node.members(known: ["header", "footer", "headerParagraph", "footerParagraph", "headerContent", "footerContent", "rows"])
        var section = SectionSpec(rows: try m["rows"]?.elements().map { row throws(InputError) in try cell(row, metrics) } ?? [])
        for (key, text, paragraph, isHeader) in [("headerContent", "header", "headerParagraph", true),
                                                 ("footerContent", "footer", "footerParagraph", false)] {
            guard let node = m[key] else { continue }
            for other in [text, paragraph] where m[other] != nil {
                throw node.error("a section takes its \(text) from \"\(key)\" or from \"\(other)\", not both")
            }
            let configuration = try headerContent(node, metrics, isHeader: isHeader)
            if isHeader { section.headerContent = configuration } else { section.footerContent = configuration }
        }
        let plain = style == .plain
        (section.header, section.headerAttributes) = try text(m["header"], m["headerParagraph"],
                                                              base: plain ? metrics.plainHeaderFont : metrics.groupedHeaderFont)
        (section.footer, section.footerAttributes) = try text(m["footer"], m["footerParagraph"],
                                                              base: plain ? metrics.plainHeaderFont : metrics.groupedFooterFont)
        return section
    }

    /// A text (string, runs or null) and the paragraph style beside it, as a string and
    /// its attributes (nil for a plain string without a paragraph style). Run fonts are
    /// checked over `base`.
    private func text(_ node: JSONNode?, _ paragraph: JSONNode?, base: FontSpec) throws(InputError)
        -> (String?, LabelText?) {
        let decoder = TextDecoder(fonts: fonts)
        guard let node, node.value != .null else { return (nil, nil) }
        let (string, runs) = try decoder.text(node.value, path: node.path, base: base)
        let style = try paragraph.map { p throws(InputError) in try decoder.paragraph(p) }
        return (string, runs == nil && style == nil ? nil : LabelText(runs: runs, paragraph: style))
    }

    /// One ROW.
    func cell(_ node: JSONNode, _ metrics: TableMetrics) throws(InputError) -> CellSpec {
        let m = try node.members(known: [
            "id", "style", "text", "detailText", "font", "detailFont", "numberOfLines", "detailNumberOfLines",
            "paragraph", "detailParagraph", "lineBreakMode", "image", "accessory", "editing", "indentationLevel", "indentationWidth",
            "swipeActions", "height", "minHeight", "additionalHeight", "subviews", "semanticContentAttribute", "selected", "swipeOpen",
            "language", "contentSizeCategory", "content", "accessories", "indentsAccessories",
        ])
        var cell = CellSpec()
        if let content = m["content"] {
            cell.content = try self.content(content, metrics)
            // The configuration holds the texts and the image: the style's keys would be ignored.
            for key in ["style", "text", "detailText", "font", "detailFont", "numberOfLines", "detailNumberOfLines",
                        "paragraph", "detailParagraph", "lineBreakMode", "image"] {
                if let node = m[key] {
                    throw node.error("a row with \"content\" takes its texts and image from the configuration, not from \"\(key)\"")
                }
            }
        }
        if let accessories = m["accessories"] {
            guard cell.content != nil else {
                throw accessories.error("\"accessories\" are a list cell's (UICellAccessory): the row needs \"content\"")
            }
            cell.accessories = try self.accessories(accessories, metrics)
            if let indents = m["indentsAccessories"] { cell.indentsAccessories = try indents.bool() }
            if let legacy = m["accessory"] { throw legacy.error("a row with \"accessories\" has no \"accessory\"") }
            if let editing = m["editing"] {
                guard case .bool = editing.value else {
                    throw editing.error("a list cell's editing controls are accessories (delete, insert, reorder): \"editing\" is true or false here")
                }
                cell.isEditing = try editing.bool()
            }
        }
        if let indents = m["indentsAccessories"], m["accessories"] == nil {
            throw indents.error("\"indentsAccessories\" is a list cell's (UICollectionViewListCell): the row needs \"accessories\"")
        }
        if let category = m["contentSizeCategory"] { cell.contentSizeCategory = try TextDecoder.contentSizeCategory(category) }
        if let id = m["id"] { cell.id = RowID(json: id.value) }
        if let style = m["style"] { cell.style = try style.choice("cell style") }
        let defaults = metrics.defaultFonts(for: cell.style)
        if let font = m["font"] { cell.font = try self.font(font, replacing: defaults.text) }
        if let font = m["detailFont"] { cell.detailFont = try self.font(font, replacing: defaults.detail) }
        (cell.text, cell.textAttributes) = try text(m["text"], m["paragraph"], base: cell.font ?? defaults.text)
        (cell.detailText, cell.detailTextAttributes) = try text(
            m["detailText"], m["detailParagraph"], base: cell.detailFont ?? defaults.detail)
        if let lines = m["numberOfLines"] { cell.numberOfLines = try lines.integer(in: 0...100_000) }
        if let lines = m["detailNumberOfLines"] { cell.detailNumberOfLines = try lines.integer(in: 0...100_000) }
        if let mode = m["lineBreakMode"] { cell.lineBreakMode = try mode.choice("line break mode") }
        if let image = m["image"] { (cell.image, cell.imageBitmap) = try self.image(image) }
        if let accessory = m["accessory"] { cell.accessory = try self.accessory(accessory, metrics) }
        if let editing = m["editing"], cell.accessories.isEmpty {
            let e = try editing.members(known: ["control", "reorder"])
            if let control = e["control"] { cell.editing.control = try control.choice("editing control") }
            if let reorder = e["reorder"] { cell.editing.reorder = try reorder.bool() }
        }
        if let level = m["indentationLevel"] { cell.indentationLevel = try level.integer(in: 0...1000) }
        if let width = m["indentationWidth"] { cell.indentationWidth = try width.number(in: 0...1000) }
        if let actions = m["swipeActions"] {
            cell.swipeActions = try actions.elements().map { node throws(InputError) in
                let a = try node.members(known: ["title", "style"])
                guard let title = a["title"] else { throw node.error("missing \"title\"") }
                return SwipeAction(title: try title.string(), style: try a["style"]?.choice("swipe action style") ?? .normal)
            }
        }
        if let height = m["height"] { cell.height = try rowHeight(height) }
        if let minHeight = m["minHeight"] { cell.minHeight = try minHeight.number(in: 0...100_000) }
        if let extra = m["additionalHeight"] { cell.additionalHeight = try extra.number(in: -100_000...100_000) }
        if let attribute = m["semanticContentAttribute"] {
            cell.semanticContentAttribute = try attribute.choice("semantic content attribute")
        }
        if let selected = m["selected"] { cell.selected = try selected.bool() }
        if let open = m["swipeOpen"] {
            cell.swipeOpen = try open.bool()
            if cell.swipeOpen, cell.swipeActions.isEmpty { throw open.error("a row swiped open needs \"swipeActions\"") }
        }
        if let subviews = m["subviews"] {
            var ids: Set<String> = ["textLabel", "detailTextLabel"]
            cell.subviews = try subviews.elements().enumerated().map { i, node throws(InputError) in
                // A subview needs an id only to name it in the output: without one it is named by its place.
                let view = try self.view(node, metrics, defaultID: "subviews[\(i)]")
                guard ids.insert(view.id).inserted else {
                    throw JSONNode(node.value, path: node.path + ".id").error("\"\(view.id)\" is used twice in this row")
                }
                return view
            }
        }
        if let language = m["language"] { cell.adoptLanguage(try TextDecoder.language(language)) }
        return cell
    }

    private func accessory(_ node: JSONNode, _ metrics: TableMetrics) throws(InputError) -> Accessory {
        if case .object = node.value {
            let a = try node.members(known: ["view"])
            guard let view = a["view"] else { throw node.error("missing \"view\"") }
            return .view(try self.view(view, metrics, defaultID: "accessoryView"))
        }
        return try node.choice("accessory", orElse: "{\"view\": …}")
    }

    // MARK: Views

    /// One VIEW, named `defaultID` when it has no `"id"` (an accessory view "accessoryView",
    /// a subview by its place, "subviews[2]").
    func view(_ node: JSONNode, _ metrics: TableMetrics, defaultID: String) throws(InputError) -> ViewSpec {
        let m = try node.members(known: [
            "id", "kind", "text", "paragraph", "font", "numberOfLines", "size", "frame", "center", "autoresizing", "on",
        ])
        let id = try m["id"]?.string() ?? defaultID
        guard let kind = m["kind"] else { throw node.error("missing \"kind\"") }
        var view = ViewSpec(id: id, kind: try kind.choice("view kind"))
        // Only labels and buttons have text; only labels wrap it.
        let titled = view.kind == .label || view.kind == .button
        for key in ["text", "paragraph", "font"] where !titled {
            if let given = m[key] { throw given.error("\"\(key)\" is for a label or a button: a \(view.kind.rawValue) has no text") }
        }
        if let lines = m["numberOfLines"], view.kind != .label {
            throw lines.error("\"numberOfLines\" is for a label, not a \(view.kind.rawValue)")
        }
        let defaultFont = view.kind == .button ? metrics.buttonFont : metrics.labelFont
        if let font = m["font"] { view.font = try self.font(font, replacing: defaultFont) }
        (view.text, view.textAttributes) = try text(m["text"], m["paragraph"], base: view.font ?? defaultFont)
        if let lines = m["numberOfLines"] { view.numberOfLines = try lines.integer(in: 0...100_000) }
        if let size = m["size"] { view.size = try size.sizeValue() }
        if let on = m["on"] {
            guard view.kind == .switch else { throw on.error("\"on\" is for a switch, not a \(view.kind.rawValue)") }
            view.on = try on.bool()
        }
        var frameIsRect = false
        if let frame = m["frame"] { (view.frame, frameIsRect) = try frame.frameRule() }
        if let center = m["center"] {
            // Setting `center` after a CGRect frame moves it; an inset rule places the view itself.
            let placing = [("left", view.frame.left), ("right", view.frame.right), ("top", view.frame.top),
                           ("bottom", view.frame.bottom), ("centerX", view.frame.centerX), ("centerY", view.frame.centerY)]
            if !frameIsRect, let (key, _) = placing.first(where: { $0.1 != nil }) {
                throw center.error("\"center\" places the view: its frame may give its size (or be a CGRect), not \"\(key)\"")
            }
            view.frame = view.frame.centered(at: try center.pointValue())
        }
        if let mask = m["autoresizing"] {
            for flag in try mask.elements() {
                view.autoresizing.insert(try flag.choice("autoresizing flag"))
            }
        }
        let f = view.frame
        let hasWidth = view.size != nil || f.width != nil || f.widthFraction != nil || (f.left != nil && f.right != nil)
        let hasHeight = view.size != nil || f.height != nil || f.heightFraction != nil || (f.top != nil && f.bottom != nil)
        if [.image, .view].contains(view.kind), !(hasWidth && hasHeight) {
            throw node.error("a view of kind \(view.kind.rawValue) needs a size (\"size\", or a frame with width and height)")
        }
        if titled, view.text == nil {
            throw node.error("a \(view.kind.rawValue) needs \"text\"")
        }
        return view
    }

    // MARK: Values

    /// A ROW's `"content"`: a `UIListContentConfiguration` (iOS 14, platform `ios13` on),
    /// its kind's defaults overridden by the keys given.
    private func content(_ node: JSONNode, _ metrics: TableMetrics) throws(InputError) -> ContentConfiguration {
        let platform = metrics.platform
        guard platform.hasContentConfigurations else {
            throw node.error("list content configurations are iOS 14's: platform \(platform.rawValue) (\(platform.releases)) has none")
        }
        let m = try node.members(known: [
            "configuration", "text", "secondaryText", "image", "textProperties", "secondaryTextProperties",
            "imageProperties", "directionalLayoutMargins", "imageToTextPadding", "textToSecondaryTextVerticalPadding",
            "textToSecondaryTextHorizontalPadding", "prefersSideBySideTextAndSecondaryText",
        ])
        guard let kind = m["configuration"] else { throw node.error("missing \"configuration\"") }
        var content = ContentConfiguration(try kind.choice("content configuration"))
        try readShared(m, into: &content)
        if let image = m["image"] { (content.image, content.imageBitmap) = try self.image(image) }
        if let image = m["imageProperties"] {
            let p = try image.members(known: ["reservedLayoutSize", "maximumSize"])
            if let size = p["reservedLayoutSize"] { content.reservedLayoutSize = try size.sizeValue() }
            if let size = p["maximumSize"] { content.maximumSize = try size.sizeValue() }
        }
        if let padding = m["textToSecondaryTextHorizontalPadding"] {
            content.textToSecondaryTextHorizontalPadding = try padding.number(in: 0...10_000)
        }
        if let flag = m["prefersSideBySideTextAndSecondaryText"] {
            content.prefersSideBySideTextAndSecondaryText = try flag.bool()
        }
        return content
    }

    /// The keys a content configuration and a header configuration share, over `content`'s
    /// defaults: `text`, `secondaryText`, their TEXT PROPERTIES, `directionalLayoutMargins`,
    /// `imageToTextPadding` and `textToSecondaryTextVerticalPadding`.
    private func readShared(_ m: [String: JSONNode], into content: inout ContentConfiguration) throws(InputError) {
        if let text = m["text"] { content.text = try text.string() }
        if let text = m["secondaryText"] { content.secondaryText = try text.string() }
        content.textProperties = try textProperties(m["textProperties"], content.textProperties)
        content.secondaryTextProperties = try textProperties(m["secondaryTextProperties"], content.secondaryTextProperties)
        if let margins = m["directionalLayoutMargins"] {
            content.directionalLayoutMargins = try self.margins(margins, replacing: content.directionalLayoutMargins)
        }
        if let padding = m["imageToTextPadding"] { content.imageToTextPadding = try padding.number(in: 0...10_000) }
        if let padding = m["textToSecondaryTextVerticalPadding"] {
            content.textToSecondaryTextVerticalPadding = try padding.number(in: 0...10_000)
        }
    }

    /// TEXT PROPERTIES (a content or header configuration's), over `base`; nil leaves `base`.
    private func textProperties(_ node: JSONNode?, _ base: ContentConfiguration.TextProperties) throws(InputError)
        -> ContentConfiguration.TextProperties {
        guard let node else { return base }
        let p = try node.members(known: ["font", "numberOfLines", "lineBreakMode"])
        var properties = base
        if let font = p["font"] { properties.font = try self.font(font, replacing: base.font) }
        if let lines = p["numberOfLines"] { properties.numberOfLines = try lines.integer(in: 0...100_000) }
        if let mode = p["lineBreakMode"] { properties.lineBreakMode = try mode.choice("line break mode") }
        return properties
    }

    /// A SECTION's `"headerContent"` or `"footerContent"`: a header or footer
    /// `UIListContentConfiguration` (iOS 14, platform `ios13` on; the prominent headers iOS 15).
    private func headerContent(_ node: JSONNode, _ metrics: TableMetrics, isHeader: Bool) throws(InputError)
        -> HeaderConfiguration {
        let platform = metrics.platform
        guard platform.hasContentConfigurations else {
            throw node.error("list content configurations are iOS 14's: platform \(platform.rawValue) (\(platform.releases)) has none")
        }
        let m = try node.members(known: [
            "configuration", "text", "secondaryText", "image", "textProperties", "secondaryTextProperties",
            "directionalLayoutMargins", "imageToTextPadding", "textToSecondaryTextVerticalPadding",
        ])
        guard let kindNode = m["configuration"] else { throw node.error("missing \"configuration\"") }
        let kind: HeaderConfiguration.Kind = try kindNode.choice("header configuration")
        if kind.isHeader != isHeader {
            throw kindNode.error("\(kind.rawValue) is a \(kind.isHeader ? "header" : "footer")'s configuration, not a \(isHeader ? "header" : "footer")'s")
        }
        if kind == .prominentInsetGroupedHeader || kind == .extraProminentInsetGroupedHeader, platform < .ios15 {
            throw kindNode.error("\(kind.rawValue) is iOS 15's: platform \(platform.rawValue) (\(platform.releases)) has none")
        }
        var header = HeaderConfiguration(kind)
        try readShared(m, into: &header.content)
        if let image = m["image"] { header.content.image = try image.sizeValue() }
        return header
    }

    /// `"directionalLayoutMargins"`: the keys given replace `base`'s, each 0…10,000 pt.
    private func margins(_ node: JSONNode, replacing base: ContentConfiguration.Margins)
        throws(InputError) -> ContentConfiguration.Margins {
        let p = try node.members(known: ["top", "leading", "bottom", "trailing"])
        var value = base
        if let top = p["top"] { value.top = try top.number(in: 0...10_000) }
        if let leading = p["leading"] { value.leading = try leading.number(in: 0...10_000) }
        if let bottom = p["bottom"] { value.bottom = try bottom.number(in: 0...10_000) }
        if let trailing = p["trailing"] { value.trailing = try trailing.number(in: 0...10_000) }
        return value
    }

    /// A FONT: family or file, size, weight; resolved once to make sure it exists. Without
    /// a `"size"` it takes the size of `replaced`, the font it replaces (the style's default),
    /// and so its text style when it has one (it then follows the content size category, as
    /// `UIFont.boldSystemFont(ofSize: label.font.pointSize)` does); family and weight
    /// default to the system font's, regular.
    func font(_ node: JSONNode, replacing replaced: FontSpec) throws(InputError) -> FontSpec {
        var base = FontSpec(size: replaced.size)
        base.textStyle = replaced.textStyle
        base.relativeTo = replaced.relativeTo
        let spec = try TextDecoder.fontKeys(node).applied(to: base)
        do {
            _ = try spec.resolve(in: fonts)
        } catch let error as FontError {
            throw node.error(error.description)
        } catch {
            throw node.error("\(error)")
        }
        return spec
    }

    /// A row height: `"auto"` (self-sizing) or a number of points, 0 hiding the row.
    private func rowHeight(_ node: JSONNode) throws(InputError) -> RowHeight {
        switch node.value {
        case .string("auto"): return .auto
        case .number: return .fixed(try node.number(in: 0...100_000))
        case .string(let other): throw node.error("expected a number or \"auto\", got \"\(other)\"")
        default: throw node.error("expected a number or \"auto\", got \(node.value.typeName)")
        }
    }

    private func metrics(_ node: JSONNode, base: TableMetrics) throws(InputError) -> TableMetrics {
        var metrics = base
        let setters = Self.metricSetters(self)
        for (key, value) in try node.members(known: setters.keys.sorted()) {
            try setters[key]!(&metrics, value)
        }
        return metrics
    }

    private typealias Setter = (inout TableMetrics, JSONNode) throws(InputError) -> Void

    /// Every overridable metric by name.
    private static func metricSetters(_ decoder: TableDecoder) -> [String: Setter] {
        func number(_ path: WritableKeyPath<TableMetrics, Double>) -> Setter {
            { metrics, node throws(InputError) in metrics[keyPath: path] = try node.number(in: 0...100_000) }
        }
        func font(_ path: WritableKeyPath<TableMetrics, FontSpec>) -> Setter {
            { metrics, node throws(InputError) in
                metrics[keyPath: path] = try decoder.font(node, replacing: metrics[keyPath: path])
            }
        }
        func size(_ path: WritableKeyPath<TableMetrics, TableMetrics.Size>) -> Setter {
            { metrics, node throws(InputError) in metrics[keyPath: path] = try node.sizeValue() }
        }
        func flag(_ path: WritableKeyPath<TableMetrics, Bool>) -> Setter {
            { metrics, node throws(InputError) in metrics[keyPath: path] = try node.bool() }
        }
        func insets(_ path: WritableKeyPath<TableMetrics, TableMetrics.Insets>) -> Setter {
            { metrics, node throws(InputError) in
                let m = try node.members(known: ["top", "bottom"])
                guard let top = m["top"], let bottom = m["bottom"] else { throw node.error("needs \"top\" and \"bottom\"") }
                metrics[keyPath: path] = .init(top: try top.number(in: 0...100_000), bottom: try bottom.number(in: 0...100_000))
            }
        }
        return [
            "contentSizeCategory": { metrics, node throws(InputError) in
                metrics.contentSizeCategory = try TextDecoder.contentSizeCategory(node)
            },
            "scale": { metrics, node throws(InputError) in
                let scale = try node.integer(in: 1...3)
                metrics.scale = Double(scale)
            },
            "leadingMargin": number(\.leadingMargin), "trailingMargin": number(\.trailingMargin),
            "verticalMargin": number(\.verticalMargin), "imageVerticalMargin": number(\.imageVerticalMargin), "rowHeight": number(\.rowHeight),
            "separators": flag(\.separators), "imageSpacing": number(\.imageSpacing),
            "value1Spacing": number(\.value1Spacing), "value2LabelWidth": number(\.value2LabelWidth),
            "value2Spacing": number(\.value2Spacing), "textFont": font(\.textFont),
            "subtitleDetailFont": font(\.subtitleDetailFont), "value1DetailFont": font(\.value1DetailFont),
            "value2Font": font(\.value2Font), "value2DetailFont": font(\.value2DetailFont),
            "value1TextFont": font(\.value1TextFont), "labelFont": font(\.labelFont),
            "separatorThickness": { metrics, node throws(InputError) in
                metrics.separatorThickness = try node.number(in: 0...100)
            },
            "sfVerticalMetrics": flag(\.sfVerticalMetrics),
            "disclosureIndicatorWidth": number(\.disclosureIndicatorWidth), "checkmarkWidth": number(\.checkmarkWidth),
            "detailButtonWidth": number(\.detailButtonWidth),
            "detailDisclosureButtonWidth": number(\.detailDisclosureButtonWidth),
            "accessoryViewPadding": number(\.accessoryViewPadding),
            "disclosureIndicatorSize": size(\.disclosureIndicatorSize), "checkmarkSize": size(\.checkmarkSize),
            "detailButtonSize": size(\.detailButtonSize), "detailDisclosureButtonSize": size(\.detailDisclosureButtonSize),
            "switchSize": size(\.switchSize), "sliderHeight": number(\.sliderHeight), "sliderWidth": number(\.sliderWidth),
            "buttonFont": font(\.buttonFont), "buttonPadding": size(\.buttonPadding), "buttonMinHeight": number(\.buttonMinHeight),
            "editingControlWidth": number(\.editingControlWidth), "reorderControlWidth": number(\.reorderControlWidth),
            "indentationWidth": number(\.indentationWidth), "swipeActionFont": font(\.swipeActionFont),
            "swipeActionPadding": number(\.swipeActionPadding), "plainHeaderFont": font(\.plainHeaderFont),
            "plainHeaderHeight": number(\.plainHeaderHeight), "plainHeaderPadding": insets(\.plainHeaderPadding),
            "sectionHeaderTopPadding": number(\.sectionHeaderTopPadding),
            "groupedHeaderFont": font(\.groupedHeaderFont), "groupedFooterFont": font(\.groupedFooterFont),
            "groupedHeaderUppercase": flag(\.groupedHeaderUppercase),
            "groupedFirstHeaderTopPadding": number(\.groupedFirstHeaderTopPadding),
            "groupedHeaderPadding": insets(\.groupedHeaderPadding), "groupedFooterPadding": insets(\.groupedFooterPadding),
            "groupedEmptyHeaderHeight": number(\.groupedEmptyHeaderHeight),
            "groupedFirstEmptyHeaderHeight": number(\.groupedFirstEmptyHeaderHeight),
            "groupedEmptyFooterHeight": number(\.groupedEmptyFooterHeight),
            "insetGroupedMargin": number(\.insetGroupedMargin), "groupedSectionInset": number(\.groupedSectionInset),
            "sectionCornerRadius": number(\.sectionCornerRadius),
        ]
    }
}
