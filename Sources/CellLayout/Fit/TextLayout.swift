import CPrefetch
import Foundation

extension PreparedText {
    /// Fits the text to `width` points: lines, used width, height.
    ///
    /// Pure arithmetic over the prepared segments: no shaping, no string work.
    /// - Parameters:
    ///   - width: the line width in points. Infinity means no wrapping; zero, negative or
    ///     NaN widths put every cluster on a line of its own.
    ///   - options: line limit, break mode and line spacing.
    /// - Complexity: O(n) in the number of segments fitted (and clusters of words that
    ///   break between clusters); with a line limit, only the lines up to it.
    public func fit(width: Double, options: FitOptions = FitOptions()) -> TextLayout {
        let maxWidth = Self.layoutUnits(width)
        let limit = options.maxLines > 0 ? options.maxLines : Int.max
        var fitter = LineFitter(
            prepared: self, maxWidth: maxWidth, lineCap: limit == .max ? .max : limit + 1,
            mode: options.lineBreakMode)
        fitter.fill()
        var spans = fitter.spans
        if spans.count > limit {
            let last = Truncation.lastLine(
                spans[limit - 1], of: self, maxWidth: maxWidth, ellipsisWidth: ellipsis.shaped.width,
                mode: options.lineBreakMode)
            spans.removeSubrange((limit - 1)...)
            spans.append(last)
        }
        return TextLayout(prepared: self, width: width, options: options, spans: spans)
    }

    /// The size of the text fitted to `width` points — line count, used width, height — the
    /// same figures `fit(width:options:)` gives, without keeping the lines: what a re-layout
    /// at a new width needs, with no allocation when there is no line limit.
    public func size(width: Double, options: FitOptions = FitOptions()) -> TextSize {
        size(width: width, maxWidth: Self.layoutUnits(width), options: options)
    }

    /// `size(width:options:)` with the width already in layout units.
    @inline(__always)
    private func size(width: Double, maxWidth: Int64, options: FitOptions) -> TextSize {
        guard options.maxLines == 0 else {
            return fit(width: width, options: options).size
        }
        if options.lineBreakMode != .byCharWrapping, let quick = LineFitter.quickSize(of: self, maxWidth: maxWidth) {
            return TextSize(lines: quick.lines, usedWidth: Double(quick.widest) / Font.unitsPerPoint,
                            height: uniformHeight(lines: quick.lines, options: options))
        }
        var fitter = LineFitter(
            prepared: self, maxWidth: maxWidth, lineCap: .max, mode: options.lineBreakMode, recordsLines: false)
        fitter.fill()
        return TextSize(lines: fitter.lineCount, usedWidth: Double(fitter.widest) / Font.unitsPerPoint,
                        height: uniformHeight(lines: fitter.lineCount, options: options))
    }

    /// The height of `lines` lines of `lineMetrics` with the options' spacing between them.
    func uniformHeight(lines: Int, options: FitOptions) -> Double {
        lines > 0 ? Double(lines) * lineMetrics.height + Double(lines - 1) * options.lineSpacing : 0
    }

    /// The sizes of `texts` fitted to `width` points, in order: what `size(width:options:)`
    /// gives for each, for re-fitting many texts at once — a table's rows after a
    /// rotation. Re-fitting is bound by memory rather than arithmetic (each text's
    /// segments are a fetch from memory), so the texts a few places ahead are fetched
    /// while one is fitted.
    public static func sizes(of texts: [PreparedText], width: Double, options: FitOptions = FitOptions()) -> [TextSize] {
        let objectsAhead = 16, segmentsAhead = 8
        let maxWidth = layoutUnits(width)
        return texts.withUnsafeBufferPointer { texts in
            (0..<texts.count).map { i in
                if i + objectsAhead < texts.count {
                    cl_prefetch(Unmanaged.passUnretained(texts[i + objectsAhead]).toOpaque())
                }
                if i + segmentsAhead < texts.count, let packed = texts[i + segmentsAhead].packedSegments {
                    let bytes = UnsafeRawPointer(packed.baseAddress!)
                    let length = packed.count * MemoryLayout<PackedSegment>.stride
                    for line in stride(from: 0, to: min(length, 512), by: 64) { cl_prefetch(bytes + line) }
                }
                // The list keeps the texts alive: no retain (a write to each text's header).
                return Unmanaged.passUnretained(texts[i])._withUnsafeGuaranteedRef {
                    $0.size(width: width, maxWidth: maxWidth, options: options)
                }
            }
        }
    }

    /// `points` in layout units, rounded down; NaN and negatives are 0, and anything past
    /// a billion points is treated as unlimited.
    static func layoutUnits(_ points: Double) -> Int64 {
        guard points > 0 else { return 0 }
        guard points < 1e9 else { return Int64.max / 4 }
        return Int64((points * Font.unitsPerPoint + 1e-6).rounded(.down))
    }
}

/// The figures of a prepared text fitted to a width, without its lines.
public struct TextSize: Hashable, Sendable {
    /// The number of lines.
    public let lines: Int
    /// The widest line without hanging white space, in points.
    public let usedWidth: Double
    /// The lines' height before rounding, in points.
    public let unroundedHeight: Double

    init(lines: Int, usedWidth: Double, height: Double) {
        self.lines = lines
        self.usedWidth = usedWidth
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
    let spans: [LineSpan]

    init(prepared: PreparedText, width: Double, options: FitOptions, spans: [LineSpan]) {
        self.prepared = prepared
        self.width = width
        self.options = options
        self.spans = spans
    }

    /// The number of lines (0 for an empty text).
    public var lineCount: Int { spans.count }

    /// The width of the widest line, hanging white space excluded, in points.
    public var usedWidth: Double {
        Double(spans.lazy.map(\.width).max() ?? 0) / Font.unitsPerPoint
    }

    /// The height of the lines: `lineCount × lineHeight`, plus line spacing between
    /// lines, rounded up to the next 1/`scale` point as UIKit callers do with `ceil`.
    /// - Parameter scale: the screen scale (1, 2 or 3).
    public func height(scale: Double = 1) -> Double {
        size.height(scale: scale)
    }

    /// The layout's figures without its lines.
    public var size: TextSize {
        TextSize(lines: lineCount, usedWidth: usedWidth, height: prepared.uniformHeight(lines: lineCount, options: options))
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
        let end = Int(paragraph.clusterStarts[Int(span.end)])
        let metrics = prepared.lineMetrics
        let y = Double(index) * (metrics.height + options.lineSpacing)
        return TextLine(
            utf16Range: utf16Start(of: span)..<end,
            width: Double(span.width) / Font.unitsPerPoint,
            isTruncated: span.hasEllipsis,
            y: y, height: metrics.height, baseline: y + metrics.ascent)
    }

    private func utf16Start(of span: LineSpan) -> Int {
        let paragraph = prepared.paragraphs[Int(span.paragraph)]
        return Int(paragraph.clusterStarts[Int(span.start)])
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
    /// The top of the line box, in points from the top of the text.
    public let y: Double
    /// The height of the line box (without the spacing after it), in points.
    public let height: Double
    /// The baseline, in points from the top of the text (the line gap sits below the
    /// descender, as in UIKit).
    public let baseline: Double
}
