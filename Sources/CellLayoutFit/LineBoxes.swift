import CellLayoutCore
import CellLayoutFontLibrary
import CellLayoutPrepare

/// A line's place down the text: the top of its box, its height and its baseline, in points.
package struct LineBox: Sendable {
    package let y: Double
    package let height: Double
    package let baseline: Double
}

/// Line boxes stacked down a text: each line as tall as `ParagraphStyle.lineHeight` makes
/// its natural metrics, `lineSpacing` below every line, `paragraphSpacing` +
/// `paragraphSpacingBefore` between paragraphs. One sum, in one order, for fitting and
/// for the quick re-fit (`LineFitter.quickSize`), so that both give the same height to
/// the last bit.
package struct LineStack {
    package let style: ParagraphStyle
    private let between: Double
    /// The height so far: the top of the next line.
    package private(set) var y = 0.0
    private var isFirst = true

    package init(style: ParagraphStyle) {
        self.style = style
        between = style.paragraphSpacing + style.paragraphSpacingBefore
    }

    /// Puts a line of natural metrics `metrics` below the others (`startsParagraph`: the
    /// first line of a paragraph) and returns its box.
    @inline(__always)
    package mutating func add(_ metrics: LineMetrics, startsParagraph: Bool) -> LineBox {
        if startsParagraph, !isFirst { y += between }
        isFirst = false
        let height = style.lineHeight(metrics)
        let box = LineBox(y: y, height: height, baseline: y + height - metrics.descent - metrics.gap)
        y += height + style.lineSpacing
        return box
    }

    /// Where line `index` starts when every line has pitch `pitch` (`ParagraphStyle.linePitch`), after
    /// `paragraphBreaks` paragraph breaks that add `gap` each (`ParagraphStyle.paragraphGap`; for
    /// `index` = the line count, the height of them all): a product rather than a sum, so that
    /// the quick size, the size and the layout of a text agree to the last bit however many
    /// lines they add.
    @inline(__always)
    static func uniformTop(ofLine index: Int, paragraphBreaks: Int, pitch: Double, gap: Double) -> Double {
        Double(index) * pitch + Double(paragraphBreaks) * gap
    }
}

extension PreparedText {
    /// The metrics a line's fonts ask for: the largest ascent, descent and gap among the
    /// attribute runs of its clusters ("…" counts in the run it takes), or `lineMetrics`
    /// when every line has the same (fallback fonts never change a line's height).
    package func naturalMetrics(of span: LineSpan) -> LineMetrics {
        guard !hasUniformLineMetrics else { return lineMetrics }
        let paragraph = paragraphs[Int(span.paragraph)]
        var metrics: LineMetrics?
        if span.hasEllipsis {
            Self.addRunMetrics(of: paragraph, span.start..<span.prefixEnd, runStyles: runStyles, to: &metrics)
            let m = runStyles[Int(span.ellipsisRun)].metrics
            metrics = metrics.map { $0.union(m) } ?? m
            Self.addRunMetrics(of: paragraph, span.suffixStart..<span.end, runStyles: runStyles, to: &metrics)
        } else {
            Self.addRunMetrics(of: paragraph, span.start..<span.end, runStyles: runStyles, to: &metrics)
        }
        if let metrics { return metrics }
        // An empty paragraph: the run its place falls in.
        let index = Self.run(at: paragraph.utf16Start, in: paragraphs[Int(span.paragraph)...],
                             runCount: runStyles.count)
        return runStyles.isEmpty ? lineMetrics : runStyles[index].metrics
    }

    /// The boxes of lines `spans`, top to bottom, and the height of them all (`LineStack`).
    ///
    /// With the same metrics on every line, each y is `LineStack.uniformTop` (as in
    /// `uniformHeight(lines:)`, so sizes and layouts agree to the last bit), else a sum.
    /// Each comes with its line (`FittedLine`), in an array reserved at their count.
    package func stack(_ spans: UnsafeBufferPointer<LineSpan>) -> (lines: [FittedLine], height: Double) {
        let style = paragraphStyle
        var boxes: [FittedLine] = []
        boxes.reserveCapacity(spans.count)
        guard hasUniformLineMetrics else {
            var stack = LineStack(style: style)
            for (i, span) in spans.enumerated() {
                let startsParagraph = i == 0 || span.paragraph != spans[i - 1].paragraph
                boxes.append(FittedLine(span: span,
                                        box: stack.add(naturalMetrics(of: span), startsParagraph: startsParagraph)))
            }
            return (boxes, stack.y)
        }
        let height = style.lineHeight(lineMetrics)
        var paragraphBreaks = 0
        for (i, span) in spans.enumerated() {
            if i > 0, span.paragraph != spans[i - 1].paragraph { paragraphBreaks += 1 }
            let y = LineStack.uniformTop(ofLine: i, paragraphBreaks: paragraphBreaks, pitch: uniformLinePitch, gap: paragraphGap)
            boxes.append(FittedLine(
                span: span, box: LineBox(y: y, height: height, baseline: y + height - lineMetrics.descent - lineMetrics.gap)))
        }
        let total = spans.isEmpty ? 0
            : LineStack.uniformTop(ofLine: spans.count, paragraphBreaks: paragraphBreaks, pitch: uniformLinePitch,
                                   gap: paragraphGap)
        return (boxes, total)
    }

    /// Whether paragraph `index` runs right to left: its lowest bidi level is odd.
    package func isRightToLeft(paragraph index: Int) -> Bool {
        paragraphs[index].isRightToLeft
    }
}

extension TextLayout {
    /// Where line `index` starts across the text (points from its left edge) and, for a
    /// justified line, the layout units added to each white space cluster inside it.
    ///
    /// The lines sit between the indents: from the head indent (`firstLineHeadIndent` on a
    /// paragraph's first line, `headIndent` after) at the leading edge — the left in a
    /// left-to-right paragraph, the right in a right-to-left one — to the tail indent.
    /// A text fitted to an unlimited width aligns within its widest line.
    package func placement(ofLine index: Int) -> (x: Double, spacePadding: Int64, spaces: Int) {
        let span = spans[index]
        let rtl = prepared.isRightToLeft(paragraph: Int(span.paragraph))
        let head = head(of: span)
        let total = width.isFinite ? LayoutUnits.roundedDown(width) : widestLine
        let available = width.isFinite ? widths.of(lineStartingAt: span.start) : total - head
        // The line's room, from its left end.
        let roomStart = rtl ? total - head - available : head
        let slack = available - span.width
        var alignment = prepared.paragraphStyle.alignment
        let isLastOfParagraph = index == spans.count - 1 || spans[index + 1].paragraph != span.paragraph
        if alignment == .justified, isLastOfParagraph || span.hasEllipsis || slack <= 0 { alignment = .natural }
        if alignment == .natural { alignment = rtl ? .right : .left }
        let offset: Int64
        var padding: Int64 = 0, spaces = 0
        switch alignment {
        case .left, .natural: offset = 0
        case .right: offset = slack
        case .center: offset = slack / 2
        case .justified:
            offset = 0
            spaces = interiorSpaces(of: span)
            padding = spaces > 0 ? slack / Int64(spaces) : 0
        }
        return (LayoutUnits.points(roomStart + offset), padding, spaces)
    }

    /// The white space clusters between a line's first and last visible clusters: where a
    /// justified line is widened.
    func interiorSpaces(of span: LineSpan) -> Int {
        let paragraph = prepared.paragraphs[Int(span.paragraph)]
        let end = paragraph.contentEnd(of: span.start..<span.end)
        var start = span.start
        while start < end, paragraph.isWhiteSpace(Int(start)) { start += 1 }
        return (start..<end).reduce(0) { $0 + (paragraph.isWhiteSpace(Int($1)) ? 1 : 0) }
    }
}
