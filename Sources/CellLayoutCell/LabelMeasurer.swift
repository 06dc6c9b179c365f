import Synchronization
import CellLayoutCore
import CellLayoutFontLibrary
import CellLayoutPrepare
import CellLayoutFit

/// Measures label text for cells: resolves fonts, keeps prepared texts in a bounded memo
/// (so a re-layout at a new width only fits again), and rounds the texts' heights to the
/// metrics' pixel grid.
///
/// Thread-safe: rows are laid out in parallel.
public final class LabelMeasurer: Sendable {
    /// The text engine.
    public let engine: TextEngine
    /// The metrics (line height option, scale).
    public let metrics: TableMetrics
    /// The fonts specs name, bounded like the library's own (a stream of ever new sizes
    /// keeps none forever).
    private let fonts: BoundedMemo<FontSpec, Font>
    private let prepared: BoundedMemo<PreparedKey, PreparedText>
    /// The texts of the one row this measurer serves (see `forOneRow()`), in place of the
    /// memo; nil for a measurer shared by many rows.
    private let rowTexts: RowTexts?
    /// The category text styles and scaled fonts are sized at: the metrics', or the one
    /// row's own (`forOneRow(category:)`).
    public let contentSizeCategory: ContentSizeCategory

    /// Hashed and compared by the text's UTF-8 bytes: String's own hashing first puts
    /// non-ASCII text in normal form (NFC), which cost more than the rest of a lookup. Two
    /// spellings of one text (composed, decomposed) are simply two entries.
    fileprivate struct PreparedKey: MemoKey {
        let text: String
        let fontID: Int
        var paragraph = ParagraphStyle()
        var language: TextLanguage?
        /// The runs of an attributed text (their fonts resolved); nil for a plain one.
        var attributed: AttributedText?

        static func == (a: PreparedKey, b: PreparedKey) -> Bool {
            a.fontID == b.fontID && a.paragraph == b.paragraph && a.language == b.language
                && a.attributed == b.attributed && sameUTF8(a.text, b.text)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fontID)
            hasher.combine(paragraph)
            hasher.combine(language)
            hasher.combine(attributed)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// What `prepare(_:attributes:font:alignment:)` makes a prepared text of — the text,
    /// the runs, paragraph style and language of its attributes (the paragraph style the
    /// label's alignment when they bring none), the font spec — at the measurer's category.
    /// A one-row measurer looks these up first: a row laid out at several widths asks for
    /// the same texts at each, and so resolves its fonts and makes its texts' keys once.
    fileprivate struct Request {
        let text: String
        let runs: [TextRunSpec]?
        let paragraph: ParagraphStyle
        let language: TextLanguage?
        let font: FontSpec
        let category: ContentSizeCategory

        /// Whether this is the request for these inputs, compared where the request is
        /// stored (copying it would cost more than the comparison): the text by its UTF-8
        /// bytes, as `PreparedKey` compares it (String's `==` would take two spellings of
        /// one text, composed and decomposed, for one).
        func matches(_ text: String, _ runs: [TextRunSpec]?, _ paragraph: ParagraphStyle, _ language: TextLanguage?,
                     _ font: FontSpec, _ category: ContentSizeCategory) -> Bool {
            self.category == category && self.paragraph == paragraph && sameUTF8(self.text, text)
                && self.font == font && self.runs == runs && self.language == language
        }
    }

    /// - Parameters:
    ///   - engine: the text engine.
    ///   - metrics: the table's metrics.
    ///   - preparedTexts: the most prepared texts kept (about one per distinct label text).
    ///   - preparedBytes: about the most bytes they may hold.
    public init(engine: TextEngine, metrics: TableMetrics, preparedTexts: Int = 200_000,
                preparedBytes: Int = 256 << 20) {
        self.engine = engine
        self.metrics = metrics
        self.fonts = BoundedMemo(maxEntries: FontLibrary.fontsKept, maxBytes: .max) { _, _ in 0 }
        self.prepared = BoundedMemo(maxEntries: preparedTexts, maxBytes: preparedBytes) { key, _ in
            96 + key.text.utf8.count * 12
        }
        self.rowTexts = nil
        self.contentSizeCategory = metrics.contentSizeCategory
    }

    private init(sharing other: LabelMeasurer, rowTexts: RowTexts?, category: ContentSizeCategory) {
        engine = other.engine
        metrics = other.metrics
        fonts = other.fonts
        prepared = other.prepared
        self.rowTexts = rowTexts
        contentSizeCategory = category
    }

    /// A measurer for one row, sharing this one's fonts, that keeps the row's prepared
    /// texts for as long as it lives, and no others: a row laid out at several widths is
    /// prepared once, without a trip through the memo that many rows share. `category`
    /// (the row's own) sizes its text styles instead of the metrics'. With
    /// `atSeveralWidths`, it also keeps what each label asked for (`Request`), which the
    /// next widths ask for again; a row laid out once would only pay for keeping it.
    func forOneRow(category: ContentSizeCategory? = nil, atSeveralWidths: Bool = false) -> LabelMeasurer {
        LabelMeasurer(sharing: self, rowTexts: RowTexts(keepsRequests: atSeveralWidths),
                      category: category ?? contentSizeCategory)
    }

    /// This measurer (its fonts, texts and row) sizing text styles at `category`.
    func at(_ category: ContentSizeCategory) -> LabelMeasurer {
        category == contentSizeCategory ? self : LabelMeasurer(sharing: self, rowTexts: rowTexts, category: category)
    }

    /// The prepared text for `key`: the row's own, or the memo's.
    private func prepared(_ key: PreparedKey, orMake make: () -> PreparedText) -> PreparedText {
        if let rowTexts { return rowTexts.value(for: key, orMake: make) }
        return prepared.value(for: key, orMake: make)
    }

    /// The font `spec` names, a text style or scaled size taken at this measurer's
    /// `contentSizeCategory` (a table's fonts follow its trait collection, as UIKit's
    /// `adjustsFontForContentSizeCategory` labels do).
    /// - Throws: `FontError`.
    public func font(_ spec: FontSpec) throws -> Font {
        let sized = spec.at(contentSizeCategory)
        return try fonts.value(for: sized) { try sized.resolve(in: engine.fonts) }
    }

    /// `text` prepared in `font` (and `language`, nil for the font library's) with the
    /// metrics' vertical metrics (San Francisco's with `sfVerticalMetrics`), from the memo
    /// when it was prepared before.
    public func prepare(_ text: String, font: Font, paragraph: ParagraphStyle = ParagraphStyle(),
                        language: TextLanguage? = nil) -> PreparedText {
        prepared(PreparedKey(text: text, fontID: font.id, paragraph: paragraph, language: language)) {
            engine.prepare(text, font: font, vertical: metrics.verticalMetrics, paragraphStyle: paragraph,
                           language: language)
        }
    }

    /// `text` with `attributes` (runs and paragraph style) prepared over the font `spec`
    /// names, from the memo when it was prepared before; a text without runs is prepared
    /// as a plain one. `alignment` is the label's own, used when the attributes bring no
    /// paragraph style.
    /// - Throws: `FontError` when a font cannot be resolved.
    public func prepare(_ text: String, attributes: LabelText?, font spec: FontSpec,
                        alignment: TextAlignment = .natural) throws -> PreparedText {
        let paragraph = attributes?.paragraph ?? ParagraphStyle(alignment: alignment)
        let language = attributes?.language, runs = attributes?.runs
        guard let rowTexts, rowTexts.keepsRequests else {
            return try prepare(text, runs: runs, paragraph: paragraph, language: language, font: spec)
        }
        if let found = rowTexts.requested(text, runs, paragraph, language, spec, contentSizeCategory) { return found }
        let made = try prepare(text, runs: runs, paragraph: paragraph, language: language, font: spec)
        rowTexts.remember(Request(text: text, runs: runs, paragraph: paragraph, language: language, font: spec,
                                  category: contentSizeCategory), made)
        return made
    }

    /// `text` in runs over the font `spec` names (a plain text without them), from the memo
    /// (or the row's texts) when it was prepared before.
    private func prepare(_ text: String, runs: [TextRunSpec]?, paragraph: ParagraphStyle, language: TextLanguage?,
                         font spec: FontSpec) throws -> PreparedText {
        let font = try self.font(spec)
        guard let runs else { return prepare(text, font: font, paragraph: paragraph, language: language) }
        let attributed = AttributedText(try runs.map { run in
            TextRun(run.text, font: try self.font(run.font.applied(to: spec)), kern: run.kern,
                    baselineOffset: run.baselineOffset, color: run.color)
        }, paragraphStyle: paragraph)
        let key = PreparedKey(text: text, fontID: font.id, paragraph: paragraph, language: language, attributed: attributed)
        return prepared(key) {
            engine.prepare(attributed, font: font, vertical: metrics.verticalMetrics, language: language)
        }
    }

    /// `text` in `font` fitted to `width` with a line limit and mode.
    public func measure(
        _ text: String, font: Font, width: Double, numberOfLines: Int, mode: LineBreakMode
    ) -> LabelMeasurement {
        measure(prepare(text, font: font), width: width, numberOfLines: numberOfLines, mode: mode)
    }

    /// `text` with `attributes` over the font `spec` names (see
    /// `prepare(_:attributes:font:alignment:)`) fitted to `width` with a line limit and mode.
    /// - Throws: `FontError` when a font cannot be resolved.
    public func measure(
        _ text: String, attributes: LabelText?, font spec: FontSpec, alignment: TextAlignment = .natural,
        width: Double, numberOfLines: Int, mode: LineBreakMode
    ) throws -> LabelMeasurement {
        measure(try prepare(text, attributes: attributes, font: spec, alignment: alignment), width: width,
                numberOfLines: numberOfLines, mode: mode)
    }

    /// A prepared text fitted to `width` with a line limit and mode, its height on the
    /// pixel grid.
    public func measure(_ prepared: PreparedText, width: Double, numberOfLines: Int, mode: LineBreakMode)
        -> LabelMeasurement {
        let options = FitOptions(maxLines: numberOfLines, lineBreakMode: mode)
        let size = prepared.size(width: width, options: options)
        return LabelMeasurement(
            prepared: prepared, width: width, options: options, lines: size.lines,
            usedWidth: size.usedWidth, height: metrics.pixelGrid.ceil(size.unroundedHeight))
    }
}

/// One row's prepared texts, by their keys and by the requests that asked for them
/// (`LabelMeasurer.Request`: a row laid out again at a new width asks for the same texts).
/// A row has a few labels, so a list searched from the start beats hashing each text; the
/// lock is uncontended (a row is laid out by one thread) and only keeps the type honestly
/// `Sendable`. Entries are compared where they are stored: a copy of each would cost more
/// than the comparison.
private final class RowTexts: Sendable {
    private struct Lists {
        var byKey: [(key: LabelMeasurer.PreparedKey, text: PreparedText)] = []
        var byRequest: [(request: LabelMeasurer.Request, text: PreparedText)] = []
    }

    private let lists = Mutex(Lists())
    /// Whether requests are kept (`LabelMeasurer.forOneRow(category:atSeveralWidths:)`).
    let keepsRequests: Bool

    init(keepsRequests: Bool) {
        self.keepsRequests = keepsRequests
    }

    func value(for key: LabelMeasurer.PreparedKey, orMake make: () -> PreparedText) -> PreparedText {
        let found = lists.withLock { lists -> PreparedText? in
            for i in lists.byKey.indices where lists.byKey[i].key == key { return lists.byKey[i].text }
            return nil
        }
        if let found { return found }
        let made = make()
        lists.withLock { $0.byKey.append((key, made)) }
        return made
    }

    /// The text prepared for these inputs (`LabelMeasurer.Request.matches`), if any.
    func requested(_ text: String, _ runs: [TextRunSpec]?, _ paragraph: ParagraphStyle, _ language: TextLanguage?,
                   _ font: FontSpec, _ category: ContentSizeCategory) -> PreparedText? {
        lists.withLock { lists in
            for i in lists.byRequest.indices
            where lists.byRequest[i].request.matches(text, runs, paragraph, language, font, category) {
                return lists.byRequest[i].text
            }
            return nil
        }
    }

    /// Keeps `text` as what `request` asks for.
    func remember(_ request: LabelMeasurer.Request, _ text: PreparedText) {
        lists.withLock { $0.byRequest.append((request, text)) }
    }
}

/// Whether two strings have the same UTF-8 bytes (the same storage, or equal bytes).
private func sameUTF8(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var x = a, y = b
    return x.withUTF8 { p in y.withUTF8 { q in p.baseAddress == q.baseAddress || p.elementsEqual(q) } }
}

/// A label's text fitted to its width.
///
/// It keeps the figures and the prepared text, not the lines: a table of a million rows
/// holds one of these per label, and `layout` fits again (arithmetic only) when a
/// renderer needs the lines and glyph runs.
public struct LabelMeasurement: Sendable {
    /// The prepared text.
    public let prepared: PreparedText
    /// The width it was fitted to.
    public let width: Double
    /// The line limit and mode it was fitted with.
    public let options: FitOptions
    /// The number of lines.
    public let lines: Int
    /// The widest line, in points.
    public let usedWidth: Double
    /// The label's height: its lines × line height, rounded up to 1/scale.
    public let height: Double

    /// The fitted text, lines and glyph runs to draw. Each access fits the text again:
    /// keep the result (a ``LabelDrawing`` holds it for a drawn row).
    public var layout: TextLayout { prepared.fit(width: width, options: options) }

    /// The widest line, rounded up to 1/scale (`sizeThatFits`' width).
    func fittingWidth(_ metrics: TableMetrics) -> Double { metrics.pixelGrid.ceil(usedWidth) }

    /// A one-line title's width with the spaces at its end, rounded up to 1/scale: a
    /// button's or swipe action's title, whose padding spaces widen the button.
    func titleWidth(_ metrics: TableMetrics) -> Double {
        metrics.pixelGrid.ceil(layout.usedWidthWithTrailingWhiteSpace)
    }
}
