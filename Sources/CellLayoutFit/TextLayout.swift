import CPrefetch
import Foundation
import CellLayoutCore
import CellLayoutFontLibrary
import CellLayoutPrepare

extension PreparedText {
    /// Fits the text to `width` points: lines, used width, height.
    ///
    /// Pure arithmetic over the prepared segments: no shaping, no string work. The
    /// paragraph style's indents narrow the lines; its line heights and spacing, and the
    /// fonts on each line, place them down the text (`TextLine`).
    /// - Parameters:
    ///   - width: the text's width in points. Infinity means no wrapping; zero, negative
    ///     or NaN widths put every cluster on a line of its own.
    ///   - options: line limit and break mode.
    /// - Complexity: O(n) in the number of segments fitted (and clusters of words that
    ///   break between clusters); with a line limit, only the lines up to it.
    public func fit(width: Double, options: FitOptions = FitOptions()) -> TextLayout {
        let widths = lineWidths(LayoutUnits.roundedDown(width))
        let limit = options.maxLines > 0 ? options.maxLines : Int.max
        return LineFitter.withLines(of: self, widths: widths, limit: limit, mode: options.lineBreakMode) { spans in
            TextLayout(prepared: self, width: width, options: options, spans: spans, widths: widths)
        }
    }

    /// The size of the text fitted to `width` points — line count, used width, height — the
    /// same figures `fit(width:options:)` gives, without keeping the lines: what a re-layout
    /// at a new width needs, with no allocation when there is no line limit.
    public func size(width: Double, options: FitOptions = FitOptions()) -> TextSize {
        size(width: width, maxWidth: LayoutUnits.roundedDown(width), options: options)
    }

    /// `size(width:options:)` with the width already in layout units.
    @inline(__always)
    private func size(width: Double, maxWidth: Int64, options: FitOptions) -> TextSize {
        guard options.maxLines == 0 else { return fit(width: width, options: options).size }
        let widths = lineWidths(maxWidth)
        if options.lineBreakMode != .byCharWrapping, let quick = LineFitter.quickSize(of: self, widths: widths) {
            return TextSize(lines: quick.lines, usedWidth: LayoutUnits.points(quick.widest),
                            height: quick.height)
        }
        guard hasUniformLineMetrics else { return fit(width: width, options: options).size }
        var fitter = LineFitter(prepared: self, widths: widths, lineCap: .max, mode: options.lineBreakMode)
        fitter.fill()
        return TextSize(lines: fitter.lineCount, usedWidth: LayoutUnits.points(fitter.widest),
                        height: uniformHeight(lines: fitter.lineCount))
    }

    /// The widths the paragraph style leaves lines of a text `width` layout units wide.
    @inline(__always)
    package func lineWidths(_ width: Int64) -> LineWidths {
        hasNoIndents ? LineWidths(uniform: width) : LineWidths(width, style: paragraphStyle)
    }

    /// The height of `lines` lines of `lineMetrics` filled from every paragraph (each has
    /// at least one): the lines with their spacing, and the spacing between paragraphs.
    @inline(__always)
    func uniformHeight(lines: Int) -> Double {
        uniformHeight(lines: lines, paragraphs: paragraphs.count)
    }

    /// `uniformHeight(lines:)` of a text of `paragraphs` paragraphs: the quick re-fit counts
    /// them as it reads their ends, and so never reads the paragraph list (another object,
    /// a fetch from memory per text when a table's rows are re-fitted).
    @inline(__always)
    func uniformHeight(lines: Int, paragraphs: Int) -> Double {
        guard lines > 0 else { return 0 }
        return LineStack.uniformTop(ofLine: lines, paragraphBreaks: paragraphs - 1, pitch: uniformLinePitch,
                                    gap: paragraphGap)
    }

    /// The sizes of `texts` fitted to `width` points, in order: what `size(width:options:)`
    /// gives for each, for re-fitting many texts at once — a table's rows after a
    /// rotation. Re-fitting is bound by memory rather than arithmetic, so each text's
    /// fields are fetched 16 texts ahead, and the first line of its segments 8 ahead (the
    /// rest of them follow in the engine's arena, where the processor's own prefetching
    /// streams them: fetching them all by hand made a 10,000-row re-fit 8–10 % slower).
    public static func sizes(of texts: [PreparedText], width: Double, options: FitOptions = FitOptions()) -> [TextSize] {
        let objectsAhead = 16, segmentsAhead = 8
        let maxWidth = LayoutUnits.roundedDown(width)
        return texts.withUnsafeBufferPointer { texts in
            (0..<texts.count).map { i in
                if i + objectsAhead < texts.count {
                    // The fields a re-fit reads lie in the 44 bytes after the object's header:
                    // one cache line or two.
                    let object = Unmanaged.passUnretained(texts[i + objectsAhead]).toOpaque()
                    cl_prefetch(object + 16)
                    cl_prefetch(object + 59)
                }
                if i + segmentsAhead < texts.count {
                    cl_prefetch(texts[i + segmentsAhead].packedBlock.baseAddress!)
                }
                // The list keeps the texts alive: no retain (a write to each text's header).
                return Unmanaged.passUnretained(texts[i])._withUnsafeGuaranteedRef {
                    $0.size(width: width, maxWidth: maxWidth, options: options)
                }
            }
        }
    }
}

/// The figures of a prepared text fitted to a width, without its lines.
public struct TextSize: Hashable, Sendable {
    /// The number of lines.
    public let lines: Int
    /// The widest line without hanging white space, in points; never negative (a font whose
    /// positioning pulls a whole line left of its start gives 0, as a bounding box would).
    public let usedWidth: Double
    /// The lines' height before rounding, in points.
    public let unroundedHeight: Double

    package init(lines: Int, usedWidth: Double, height: Double) {
        self.lines = lines
        self.usedWidth = max(0, usedWidth)
        self.unroundedHeight = height
    }

    /// The lines' height rounded up to the next 1/`scale` point (`PixelGrid.ceil`), as
    /// `TextLayout.height(scale:)`.
    public func height(scale: Double = 1) -> Double {
        PixelGrid(scale: scale).ceil(unroundedHeight)
    }
}

/// A prepared text fitted to a width: its lines, the width they use, their height.
public struct TextLayout: Sendable {
    /// The prepared text this layout fits.
    public let prepared: PreparedText
    /// The width the text was fitted to, in points.
    public let width: Double
    /// The options it was fitted with.
    public let options: FitOptions
    /// Each line: its clusters and its place down the text, in one array (one allocation a
    /// fit).
    package let fitted: [FittedLine]
    /// The widths the lines were filled to.
    package let widths: LineWidths
    /// The lines' height with their spacing, before rounding.
    package let unroundedHeight: Double
    /// Fitted to an unlimited width: the widest line with its head indent, in layout units,
    /// which every line aligns within (kept, so that placing each line does not look at
    /// every other: `lines` of a text of many paragraphs stays linear); else 0.
    let widestLine: Int64

    /// The layout of `prepared` fitted to `width` in lines `spans` (read, not kept: the
    /// layout keeps them with their boxes, `fitted`).
    package init(prepared: PreparedText, width: Double, options: FitOptions, spans: UnsafeBufferPointer<LineSpan>,
                 widths: LineWidths) {
        self.prepared = prepared
        self.width = width
        self.options = options
        self.widths = widths
        widestLine = width.isFinite ? 0
            : spans.lazy.map { $0.width + ($0.start == 0 ? widths.firstHead : widths.restHead) }.max() ?? 0
        (fitted, unroundedHeight) = prepared.stack(spans)
    }

    /// The lines, in the prepared text's clusters.
    package var spans: LazyMapCollection<[FittedLine], LineSpan> { fitted.lazy.map { $0.span } }

    /// The number of lines (0 for an empty text).
    public var lineCount: Int { spans.count }

    /// The width of the widest line, hanging white space excluded and its head indent
    /// included, in points.
    public var usedWidth: Double {
        LayoutUnits.points(max(0, spans.lazy.map { $0.width + self.head(of: $0) }.max() ?? 0))
    }

    /// The width of the widest line with the white space at its end counted, head indent
    /// included, in points: what one unwrapped title measures (`NSString.size(withAttributes:)`,
    /// a button's or swipe action's title), so that spaces padding a title widen it.
    public var usedWidthWithTrailingWhiteSpace: Double {
        LayoutUnits.points(max(0, spans.lazy.map { $0.width + self.head(of: $0) + self.trailingWhiteSpace(of: $0) }.max() ?? 0))
    }

    /// The advances of the white space at the end of a line that is not truncated, in
    /// layout units (the line's `width` leaves them out: they hang when a line wraps).
    private func trailingWhiteSpace(of span: LineSpan) -> Int64 {
        guard !span.hasEllipsis else { return 0 }
        let paragraph = prepared.paragraphs[Int(span.paragraph)]
        let hanging = Int(paragraph.contentEnd(of: span.start..<span.end))..<Int(span.end)
        return hanging.reduce(0) { $0 + paragraph.advance($1) }
    }

    /// The head indent of a line, in layout units.
    package func head(of span: LineSpan) -> Int64 { span.start == 0 ? widths.firstHead : widths.restHead }

    /// The height of the lines with their spacing (`ParagraphStyle`), rounded up to the
    /// next 1/`scale` point as UIKit callers do with `ceil`.
    /// - Parameter scale: the screen scale (1, 2 or 3).
    public func height(scale: Double = 1) -> Double {
        size.height(scale: scale)
    }

    /// The layout's figures without its lines.
    public var size: TextSize {
        TextSize(lines: lineCount, usedWidth: usedWidth, height: unroundedHeight)
    }

    /// The UTF-16 offset where each line after the first starts.
    public var breakOffsets: [Int] {
        spans.dropFirst().map { utf16Start(of: $0) }
    }

    /// The lines, in order.
    public var lines: [TextLine] {
        spans.indices.map { line($0) }
    }

    /// Line `index`.
    public func line(_ index: Int) -> TextLine {
        let span = spans[index]
        let paragraph = prepared.paragraphs[Int(span.paragraph)]
        let end = paragraph.clusterStart(Int(span.end))
        let box = fitted[index].box
        return TextLine(
            utf16Range: utf16Start(of: span)..<end,
            width: LayoutUnits.points(span.width),
            isTruncated: span.hasEllipsis,
            x: placement(ofLine: index).x,
            y: box.y, height: box.height, baseline: box.baseline)
    }

    private func utf16Start(of span: LineSpan) -> Int {
        let paragraph = prepared.paragraphs[Int(span.paragraph)]
        return paragraph.clusterStart(Int(span.start))
    }
}

/// One line of a `TextLayout`.
public struct TextLine: Hashable, Sendable {
    /// The UTF-16 range of the text the line stands for (a truncated line stands for the
    /// rest of its paragraph, of which it shows a part).
    public let utf16Range: Range<Int>
    /// The line's width without hanging white space, "…" included, in points.
    public let width: Double
    /// Whether the line ends, starts or is cut in the middle with "…".
    public let isTruncated: Bool
    /// Where the line starts across the text, in points from its left edge: the head
    /// indent and the alignment's offset (a justified line starts at its indent and is as
    /// wide as the line allows; its glyph runs are spread).
    public let x: Double
    /// The top of the line box, in points from the top of the text (paragraph spacing and
    /// the spacing after earlier lines included).
    public let y: Double
    /// The height of the line box (without the spacing after it), in points.
    public let height: Double
    /// The baseline, in points from the top of the text: the descent and line gap above
    /// the box's bottom, so that height a line gains from `lineHeightMultiple` or
    /// `minimumLineHeight` goes above the text, as in TextKit.
    public let baseline: Double
}
