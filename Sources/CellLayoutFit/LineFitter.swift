import CellLayoutCore
import CellLayoutPrepare

/// Greedy line filling over a prepared text's segments: pure arithmetic, no shaping.
///
/// A segment that fits on the current line joins it (white space at its end hangs and
/// counts only if more text follows on the line). One that does not starts a new line;
/// if it does not fit on an empty line either, it breaks between grapheme clusters and
/// its last piece stays on the line for what follows — UIKit's byWordWrapping, and
/// Pango's WORD_CHAR. Character wrapping is the same filling with every cluster a segment.
/// A cluster's kerning with the next one is part of the white space after it: it counts
/// only when the next cluster follows on the same line. The first line of a paragraph may
/// have another width than the others (`ParagraphStyle`'s indents).
package struct LineFitter {
    package let prepared: PreparedText
    /// The width lines may take, in layout units.
    package let widths: LineWidths
    /// The width of the line being filled.
    private var maxWidth: Int64
    /// Stop after this many lines (one more than a line limit, to see that text is hidden).
    let lineCap: Int
    package let mode: LineBreakMode

    /// Whether to keep each line (a layout) or only count them (a size).
    let recordsLines: Bool

    /// Where the lines go while `recordsLines`: the buffer the caller lends (`lines(of:…)`:
    /// on the stack), then `overflow` once it is full.
    private let buffer: UnsafeMutableBufferPointer<LineSpan>
    /// Every line kept so far once `buffer` is full (empty until then).
    private var overflow: [LineSpan] = []
    /// The number of lines filled.
    package private(set) var lineCount = 0
    /// The widest line filled, in layout units.
    package private(set) var widest: Int64 = 0
    private var paragraphIndex: Int32 = 0
    private var lineStart: Int32 = 0
    private var lineWidth: Int64 = 0
    private var pending: Int64 = 0
    private var isEmpty = true

    /// A fitter that counts lines and keeps none (`recordsLines` false).
    package init(prepared: PreparedText, widths: LineWidths, lineCap: Int, mode: LineBreakMode) {
        self.init(prepared: prepared, widths: widths, lineCap: lineCap, mode: mode, buffer: nil)
    }

    /// A fitter that keeps its lines in `buffer`, then past it in `overflow`; with no
    /// buffer, only counts them.
    private init(prepared: PreparedText, widths: LineWidths, lineCap: Int, mode: LineBreakMode,
                 buffer: UnsafeMutableBufferPointer<LineSpan>?) {
        self.prepared = prepared
        self.recordsLines = buffer != nil
        self.buffer = buffer ?? UnsafeMutableBufferPointer(start: nil, count: 0)
        self.widths = widths
        self.maxWidth = widths.first
        self.lineCap = lineCap
        self.mode = mode
    }

    /// The line count, widest line and height of `prepared` filled at `widths` by word:
    /// the same figures `fill()` and `stack(_:)` give, in one tight pass over the packed
    /// segments — what a re-layout at a new width runs for every row. Lines of different
    /// metrics take them from the segments' metrics marks (`PreparedText.segmentMetrics`).
    /// A segment wider than the line breaks between clusters as in `fill()`, reading only
    /// that segment's clusters (and, in a text of mixed metrics, their runs' metrics); nil
    /// when a text of more than `SegmentMetrics.pitchTableLimit` metrics has such a
    /// segment (the full fit then gives each piece its runs' metrics), and when a segment
    /// is over 32 bits (`PreparedText.hasWideSegments`). A text whose every paragraph fits
    /// on a first line (`PreparedText.oneLineReach`) reads no segment.
    package static func quickSize(of prepared: PreparedText, widths: LineWidths)
        -> (lines: Int, widest: Int64, height: Double)? {
        if widths.first >= prepared.oneLineReach {
            // Every paragraph fills one line: no segment is read.
            let lines = Int(prepared.paragraphCount)
            return (lines, max(0, prepared.oneLineWidth + widths.firstHead),
                    prepared.hasUniformLineMetrics ? prepared.uniformHeight(lines: lines, paragraphs: lines)
                        : prepared.oneLineHeight)
        }
        // A segment not packed: the general filling reads it in full. Lines of 2 million
        // points or more: a mark could join them (`PackedSegment.joinableWidths`).
        guard !prepared.hasWideSegments, widths.first < PackedSegment.joinableWidths,
              widths.rest < PackedSegment.joinableWidths else { return nil }
        if prepared.hasUniformLineMetrics {
            let filled = prepared.hasNoIndents
                ? quickFill(prepared, widths, UniformHeights(), SameIndents.self)
                : quickFill(prepared, widths, UniformHeights(), FirstLineIndents.self)
            guard let quick = filled else { return nil }
            return (quick.lines, quick.widest, prepared.uniformHeight(lines: quick.lines, paragraphs: quick.paragraphs))
        }
        if prepared.hasLinePitches {
            let pitches = UnionPitches(before: prepared.packedSegments.baseAddress!, gap: prepared.paragraphGap)
            let filled = prepared.hasNoIndents
                ? quickFill(prepared, widths, pitches, SameIndents.self)
                : quickFill(prepared, widths, pitches, FirstLineIndents.self)
            guard let quick = filled else { return nil }
            return (quick.lines, quick.widest, quick.heights.y)
        }
        guard let quick = quickFill(prepared, widths, MixedHeights(prepared, metrics: prepared.segmentMetrics),
                                    FirstLineIndents.self) else {
            return nil
        }
        return (quick.lines, quick.widest, quick.heights.y)
    }

    /// The filling of `quickSize`, with `heights` keeping what the text's lines need: per
    /// segment that joins a line, one test, the greedy rule on the room left on it (a mark
    /// fails it by itself: lines narrower than `PackedSegment.joinableWidths`, and a reach
    /// never negative — packed advances are not, and a segment broken between clusters
    /// that leaves one negative hands the text to the general filling), in wrapping
    /// arithmetic (32-bit widths, at most `PreparedText.maxUTF16Count` of them: no sum
    /// comes near 64 bits).
    @inline(__always)
    private static func quickFill<Heights: QuickHeights, Indents: QuickIndents>(
        _ prepared: PreparedText, _ widths: LineWidths, _ heights: Heights, _ indents: Indents.Type
    ) -> (lines: Int, widest: Int64, heights: Heights, paragraphs: Int)? {
        var quick = QuickFill<Heights, Indents>(widths: widths, heights: heights)
        let entries = prepared.packedSegments
        // The last entry ends the last paragraph: the loop stops there, with no test of its
        // own per entry.
        guard let last = entries.last else { return (0, 0, heights, 0) }
        guard last.endsParagraph, var next = entries.baseAddress else { return nil }
        let end = next + entries.count
        // The first entry of the paragraph being filled, one further for each metrics mark
        // in it: a segment's index in its paragraph is how far it lies from it.
        var paragraphStart = next
        while true {
            let entry = next.pointee
            next += 1
            if entry.isMark {
                // (wide segments take the general filling: only paragraph ends and metrics marks)
                if entry.endsParagraph {
                    quick.endParagraph()
                    if next == end { break }
                    quick.heights.breakParagraph()
                    paragraphStart = next
                } else if Heights.readsMarks {
                    quick.heights.use(entry.metricsIndex)
                    paragraphStart += 1
                }
                continue
            }
            if GreedyRule.joins(entry.width, reach: quick.reach, within: quick.maxWidth) {
                // The segments after it that join too, in a loop of their own on local values
                // (kept in registers). It stops at a mark, which fails the greedy rule — the
                // entry after a segment is never past the end, a paragraph end is last — so
                // the metrics of the run's segments do not change: the line takes them in once.
                // It counts the room left on the line, in 32 bits: each segment's width is
                // compared with it and its advance taken from it, straight from the entry (one
                // subtraction a segment on the chain from entry to entry). The room fits: the
                // line is under 2^31 units wide, the reach not negative, and a segment that
                // joined was no wider than the room before its advance (at most 2^31 - 1) was
                // taken. The line's width is the reach without the last segment's trailing space.
                let maxWidth = quick.maxWidth
                var room = Int32(truncatingIfNeeded: maxWidth &- (quick.reach &+ entry.advance))
                /// Whether `segment` joins the line (taking it in if so); a mark does not.
                @inline(__always) func joins(_ segment: PackedSegment) -> Bool {
                    guard GreedyRule.joins(segment.packedWidth, room: room) else { return false }
                    room &-= segment.packedAdvance
                    return true
                }
                // Four a round: each entry read follows a segment, so it is never past the end.
                while joins(next[0]) {
                    guard joins(next[1]) else { next += 1; break }
                    guard joins(next[2]) else { next += 2; break }
                    guard joins(next[3]) else { next += 3; break }
                    next += 4
                }
                // (the entry before the one that did not join is the line's last)
                let reach = maxWidth &- Int64(room)
                quick.lineWidth = reach &- next[-1].trailing
                quick.reach = reach
                quick.heights.joinLine()
            } else if !quick.startLine(entry) {
                // Wider than a line: between its clusters.
                // (on a copy: the filling's state is passed to no call, so it stays in registers)
                guard Heights.takesPieces else { return nil }
                var state = quick
                state.placeWide(entry, next - 1 - paragraphStart, of: prepared.paragraphs[quick.paragraphs], in: prepared)
                // A reach below 0 (clusters of negative advances) could let a mark join.
                guard state.reach >= 0 else { return nil }
                quick = state
            }
        }
        return (quick.lines, quick.widest, quick.heights, quick.paragraphs)
    }

    /// The state of `quickSize`'s filling.
    private struct QuickFill<Heights: QuickHeights, Indents: QuickIndents> {
        let widths: LineWidths
        var heights: Heights
        var maxWidth: Int64
        var lines = 0
        var paragraphs = 0
        /// The widest line so far, first lines of paragraphs and other lines apart (their
        /// indents differ); `QuickFill.noLine` before the first.
        var widestFirst = QuickFill.noLine
        var widestRest = QuickFill.noLine
        /// The width of the line so far, without the white space after its last segment.
        var lineWidth: Int64 = 0
        /// Where the next segment on the line would start: `lineWidth` and the white space
        /// pending after it; `QuickFill.empty` on a line with no segment yet, so that no
        /// segment joins it (`GreedyRule.joins` with `isEmpty`).
        var reach: Int64 = QuickFill.empty
        var isFirstLine = true

        /// The reach of an empty line: beyond any line's width plus any segment's
        /// (`LayoutUnits.roundedDown` keeps widths within `Int64.max / 4`, segments are 32 bits).
        static var empty: Int64 { Int64.max / 2 }

        /// The widest of no line: below any line's width, by more than any indent.
        static var noLine: Int64 { Int64.min / 4 }

        init(widths: LineWidths, heights: Heights) {
            self.widths = widths
            self.heights = heights
            maxWidth = widths.first
        }

        /// The widest line, indents included, as `LineFitter.emit` takes it (from 0): an
        /// indent counts only with a line that has it.
        var widest: Int64 { max(0, widestFirst + widths.firstHead, widestRest + widths.restHead) }

        /// Whether a line's being its paragraph's first counts, for its width and indent.
        /// When it does not, every line is one of the "rest", and the paragraph's end resets
        /// nothing of the line's width (the heights take paragraph spacing at paragraph
        /// breaks).
        static var tracksFirstLines: Bool { Indents.differ }

        /// Starts a line with `segment`, which did not join the line being filled (ended
        /// first, unless empty); false when it is wider than the line (the line is then
        /// empty, for `placeWide`).
        @inline(__always)
        mutating func startLine(_ segment: PackedSegment) -> Bool {
            if reach != Self.empty { endLine() }
            let width = segment.width
            guard width <= maxWidth else {
                reach = Self.empty
                return false
            }
            lineWidth = width
            reach = segment.advance
            heights.startLine()
            return true
        }

        /// Places `segment`, segment `index` of `paragraph` in `prepared`, wider than the
        /// empty line it starts, as `LineFitter.place` does: whole when its content is one
        /// cluster, else cluster by cluster (`PreparedParagraph.forEachPiece`), its last
        /// piece staying on the line for what follows, with the white space after it.
        @inline(never)
        mutating func placeWide(_ segment: PackedSegment, _ index: Int, of paragraph: PreparedParagraph,
                                in prepared: PreparedText) {
            let end = paragraph.segmentEnds[index]
            let start = index == 0 ? 0 : paragraph.segmentEnds[index - 1]
            let contentEnd = paragraph.contentEnd(of: start..<end)
            if contentEnd - start <= 1 {
                lineWidth = segment.width
                heights.startLine()
            } else {
                paragraph.forEachPiece(of: start, contentEnd, end) { c, width, kern in
                    if GreedyRule.joins(width, reach: reach, within: maxWidth) {
                        lineWidth = reach &+ width
                        heights.join(c..<c + 1, of: paragraph, in: prepared)
                    } else {
                        if reach != Self.empty { endLine() }
                        lineWidth = width
                        heights.startLine(c..<c + 1, of: paragraph, in: prepared)
                    }
                    reach = lineWidth &+ kern
                    return true
                }
                heights.join(contentEnd..<end, of: paragraph, in: prepared)
            }
            reach = lineWidth &+ segment.trailing
        }

        @inline(__always)
        private mutating func endLine() {
            lines &+= 1
            heights.endLine()
            guard Self.tracksFirstLines else {
                widestRest = max(widestRest, lineWidth)
                return
            }
            if isFirstLine {
                widestFirst = max(widestFirst, lineWidth)
                isFirstLine = false
                maxWidth = widths.rest
            } else {
                widestRest = max(widestRest, lineWidth)
            }
        }

        /// Ends the paragraph's last line (an empty paragraph's only one).
        @inline(__always)
        mutating func endParagraph() {
            if reach == Self.empty { heights.startLine() }
            endLine()
            paragraphs &+= 1
            lineWidth = 0
            reach = Self.empty
            if Self.tracksFirstLines {
                isFirstLine = true
                maxWidth = widths.first
            }
        }
    }

    /// Whether the line cap is reached.
    var isFull: Bool { lineCount >= lineCap }

    /// `body` of the lines of `prepared` filled at `widths`, at most `limit` of them
    /// (`Int.max`: no limit), the last one truncated (`Truncation.lastLine`) when the limit
    /// hides text.
    ///
    /// Filled in a buffer on the stack, which `body` reads in place (it makes the one array
    /// a layout keeps, `FittedLine`s: an array grown line by line was re-allocated at every
    /// doubling). A text with more lines than the buffer holds goes on in an array
    /// (`overflow`), which `body` reads instead.
    package static func withLines<R>(of prepared: PreparedText, widths: LineWidths, limit: Int, mode: LineBreakMode,
                                     _ body: (UnsafeBufferPointer<LineSpan>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: LineSpan.self, capacity: stackLines) { buffer in
            var fitter = LineFitter(prepared: prepared, widths: widths, lineCap: limit == .max ? .max : limit + 1,
                                    mode: mode, buffer: buffer)
            fitter.fill()
            let count = fitter.finish(limit: limit)
            guard fitter.overflow.isEmpty else {
                return fitter.overflow.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The lines `withLines(of:…)` fills on the stack: as many as 1 KB holds, which the
    /// compiler allocates there with no check of the stack's room (most texts have fewer).
    static var stackLines: Int { 1024 / MemoryLayout<LineSpan>.stride }

    /// The count of the lines filled, after the one at `limit - 1` is truncated when there
    /// are more than `limit` (those after it are then left out).
    private mutating func finish(limit: Int) -> Int {
        guard lineCount > limit else { return lineCount }
        let filled = line(limit - 1)
        let last = Truncation.lastLine(filled, of: prepared, maxWidth: widths.of(lineStartingAt: filled.start),
                                       mode: mode)
        if overflow.isEmpty { buffer[limit - 1] = last } else { overflow[limit - 1] = last }
        return limit
    }

    /// Line `index` of those filled.
    private func line(_ index: Int) -> LineSpan {
        overflow.isEmpty ? buffer[index] : overflow[index]
    }

    private mutating func emit(_ line: LineSpan) {
        if recordsLines {
            if lineCount < buffer.count { (buffer.baseAddress! + lineCount).initialize(to: line) } else { spill(line) }
        }
        lineCount += 1
        widest = max(widest, line.width + (line.start == 0 ? widths.firstHead : widths.restHead))
        maxWidth = widths.rest
    }

    /// Keeps `line` past the end of `buffer`: in `overflow`, which takes the buffer's lines
    /// first (out of line: few texts have that many lines).
    @inline(never)
    private mutating func spill(_ line: LineSpan) {
        if overflow.isEmpty {
            overflow.reserveCapacity(2 * buffer.count)
            overflow.append(contentsOf: buffer)
        }
        overflow.append(line)
    }

    /// Fills every paragraph (until the cap).
    ///
    /// The paragraphs are read in place, borrowed from the text (which `prepared` holds):
    /// taken out of their array one by one (`for … in`), each was retained and released.
    package mutating func fill() {
        var packed = PackedSegmentReader(prepared.packedSegments)
        let paragraphs = prepared.paragraphs
        paragraphs.withUnsafeBufferPointer { paragraphs in
            for index in paragraphs.indices where !isFull {
                Unmanaged.passUnretained(paragraphs[index])._withUnsafeGuaranteedRef { paragraph in
                    fill(paragraph, index: index, packed: &packed)
                }
            }
        }
    }

    /// Fills `paragraph`, the text's paragraph `index`, whose segments `packed` reads next.
    @inline(__always)
    private mutating func fill(_ paragraph: PreparedParagraph, index: Int, packed: inout PackedSegmentReader) {
        paragraphIndex = Int32(index)
        maxWidth = widths.first
        lineStart = 0
        lineWidth = 0
        pending = 0
        isEmpty = true
        if mode == .byCharWrapping {
            fillByCluster(paragraph)
        } else {
            // Once full, no later paragraph is read: the reader may stop mid-paragraph.
            var start: Int32 = 0
            for end in paragraph.segmentEnds where !isFull {
                let segment = packed.next()
                place(start, end, width: segment.width, trailing: segment.trailing, in: paragraph)
                start = end
            }
            if !isFull { packed.endParagraph() }
        }
        if !isFull {
            emit(LineSpan(
                paragraph: paragraphIndex, start: lineStart, end: Int32(paragraph.clusterCount), width: lineWidth))
        }
    }

    /// Character wrapping: every cluster is a segment, with the white space after it as
    /// its trailing space.
    private mutating func fillByCluster(_ paragraph: PreparedParagraph) {
        var c = 0
        let count = paragraph.clusterCount
        var kerns = KernCursor(paragraph, from: 0)
        while c < count, !isFull {
            let isSpace = paragraph.isWhiteSpace(c)
            var next = c + 1
            var trailing: Int64 = 0
            while next < count, paragraph.isWhiteSpace(next) {
                trailing += paragraph.advance(next)
                next += 1
            }
            let kern = kerns.kern(c, in: paragraph)
            let width = paragraph.advance(c) - kern
            place(Int32(c), Int32(next), width: isSpace ? 0 : width,
                  trailing: isSpace ? trailing + width + kern : trailing + kern, in: paragraph)
            c = next
        }
    }

    private mutating func place(_ start: Int32, _ end: Int32, width: Int64, trailing: Int64, in paragraph: PreparedParagraph) {
        if GreedyRule.joins(width, lineWidth: lineWidth, pending: pending, isEmpty: isEmpty, within: maxWidth) {
            lineWidth += pending + width
            pending = trailing
            return
        }
        if !isEmpty {
            breakLine(before: start)
            if isFull { return }
        }
        let contentEnd = paragraph.contentEnd(of: start..<end)
        if width <= maxWidth || contentEnd - start <= 1 {
            lineWidth = width
            pending = trailing
            isEmpty = false
            return
        }
        // Too wide for a line: placed cluster by cluster, each a segment of its own (a
        // loop, not a call of this function per cluster: the re-fit runs it for every
        // cluster of a long word or URL).
        paragraph.forEachPiece(of: start, contentEnd, end) { c, clusterWidth, kern in
            if GreedyRule.joins(clusterWidth, lineWidth: lineWidth, pending: pending, isEmpty: isEmpty, within: maxWidth) {
                lineWidth += pending + clusterWidth
            } else {
                if !isEmpty {
                    breakLine(before: c)
                    if isFull { return false }
                }
                lineWidth = clusterWidth
                isEmpty = false
            }
            pending = kern
            return true
        }
        pending = trailing
    }

    /// Ends the line being filled before cluster `start`, where the next line starts.
    @inline(__always)
    private mutating func breakLine(before start: Int32) {
        emit(LineSpan(paragraph: paragraphIndex, start: lineStart, end: start, width: lineWidth))
        lineStart = start
        lineWidth = 0
        pending = 0
        isEmpty = true
    }
}

extension PreparedParagraph {
    /// The pieces a segment too wide for a line breaks into, one per cluster of its content
    /// `start..<contentEnd` (the segment ends at `end`, after its white space), in order:
    /// `body(cluster, width, kern)` with the cluster's width without its kerning with the
    /// next cluster, which hangs after it like white space (counts only if the next piece
    /// follows on the line). The last cluster's kerning is already in the segment's
    /// trailing width when nothing hangs after it; with white space after it, it stays in
    /// the width, as in the segment's own width. `body` returns false to stop.
    @inline(__always)
    func forEachPiece(of start: Int32, _ contentEnd: Int32, _ end: Int32,
                      _ body: (_ cluster: Int32, _ width: Int64, _ kern: Int64) -> Bool) {
        // The clusters up to the next kerned one in a loop that reads no kerning (the re-fit
        // runs it for every cluster of a long word or URL), then the kerned one.
        var kerns = KernCursor(self, from: Int(start))
        var c = start
        while c < contentEnd {
            let kerned = Int32(truncatingIfNeeded: min(max(kerns.next, Int(c)), Int(contentEnd)))
            while c < kerned {
                guard body(c, advance(Int(c)), 0) else { return }
                c &+= 1
            }
            guard c < contentEnd else { return }
            let kern = c + 1 < contentEnd || contentEnd == end ? kerns.kern(Int(c), in: self) : 0
            guard body(c, advance(Int(c)) - kern, kern) else { return }
            c &+= 1
        }
    }
}

/// The greedy rule, written once for the quick re-fit and the line-keeping fit (each
/// keeps its line's width, pending white space and emptiness in its own variables, where
/// the compiler keeps them in registers: a shared struct for that state cost the quick
/// re-fit 3.5 % of its instructions).
package enum GreedyRule {
    /// Whether a segment `width` wide joins a line `lineWidth` wide (`isEmpty`: no segment
    /// yet) within `maxWidth`: a line with text takes it when it fits with the white space
    /// pending after the line's last segment, which counts only once more text follows.
    @inline(__always)
    package static func joins(_ width: Int64, lineWidth: Int64, pending: Int64, isEmpty: Bool,
                              within maxWidth: Int64) -> Bool {
        !isEmpty && joins(width, reach: lineWidth + pending, within: maxWidth)
    }

    /// The same rule with the line's width and its pending white space as one sum, `reach`
    /// (the quick re-fit keeps that sum, and an empty line's out of reach). Wrapping
    /// addition: a reach is a sum of a text's widths and a width one of them, each within
    /// 2^53 layout units (2^26 clusters of at most 100,000 pt), far from 64 bits.
    @inline(__always)
    package static func joins(_ width: Int64, reach: Int64, within maxWidth: Int64) -> Bool {
        reach &+ width <= maxWidth
    }

    /// The same rule with the room left on the line, `maxWidth - reach`, in 32 bits (the
    /// quick re-fit's loop over packed segments).
    @inline(__always)
    package static func joins(_ width: Int32, room: Int32) -> Bool {
        width <= room
    }
}

/// The widths lines may take in layout units — a paragraph's first line and the others —
/// and where they start (their head indents).
package struct LineWidths {
    package let first: Int64
    package let rest: Int64
    let firstHead: Int64
    let restHead: Int64

    /// The same width for every line, from the edge.
    package init(uniform width: Int64) {
        (first, rest, firstHead, restHead) = (width, width, 0, 0)
    }

    /// The widths `style`'s indents leave of `width`.
    package init(_ width: Int64, style: ParagraphStyle) {
        first = style.lineWidth(width, first: true)
        rest = style.lineWidth(width, first: false)
        firstHead = LayoutUnits.roundedDown(style.firstLineHeadIndent)
        restHead = LayoutUnits.roundedDown(style.headIndent)
    }

    /// The width of the line that starts at cluster `start` of its paragraph.
    package func of(lineStartingAt start: Int32) -> Int64 { start == 0 ? first : rest }
}

/// Whether the lines `LineFitter.quickSize` fills differ in width and indent, first lines
/// of paragraphs and the others (`ParagraphStyle`'s indents), or are all alike.
private protocol QuickIndents {
    static var differ: Bool { get }
}

/// Every line as wide as the others, from the edge (`PreparedText.hasNoIndents`).
private enum SameIndents: QuickIndents {
    static var differ: Bool { false }
}

/// A paragraph's first line may differ in width and indent from the others.
private enum FirstLineIndents: QuickIndents {
    static var differ: Bool { true }
}

/// What `LineFitter.quickSize` keeps of line heights as it fills: nothing when every line
/// has the same metrics (the height is then a product), the height so far otherwise, added
/// line after line and paragraph break after paragraph break in `LineStack.add`'s order (so
/// that the sum is the full fit's to the last bit).
private protocol QuickHeights {
    /// Whether the segments may hold metrics marks. False for a text whose lines share
    /// its metrics (it has none): its filling then tests each segment only for a
    /// paragraph's end, as a plain text's always did.
    static var readsMarks: Bool { get }
    /// The segments from here on have metrics `index` (`PreparedText.segmentMetrics`).
    mutating func use(_ index: Int)
    /// The next segment starts a line.
    mutating func startLine()
    /// The segments since the last call join the line.
    mutating func joinLine()
    /// The line ends.
    mutating func endLine()
    /// A paragraph ended and another follows (before its first line).
    mutating func breakParagraph()
    /// Whether a segment wider than the line may be broken into pieces by the quick fill:
    /// the lines its pieces fall on take the metrics of those pieces' clusters alone.
    static var takesPieces: Bool { get }
    /// Clusters `range` of `paragraph` (pieces of a segment, or its white space) start a
    /// line / join the line.
    mutating func startLine(_ range: Range<Int32>, of paragraph: PreparedParagraph, in prepared: PreparedText)
    mutating func join(_ range: Range<Int32>, of paragraph: PreparedParagraph, in prepared: PreparedText)
}

extension QuickHeights {
    static var takesPieces: Bool { true }
    @inline(__always)
    func startLine(_ range: Range<Int32>, of paragraph: PreparedParagraph, in prepared: PreparedText) {}
    @inline(__always)
    func join(_ range: Range<Int32>, of paragraph: PreparedParagraph, in prepared: PreparedText) {}
}

/// Every line has the text's `lineMetrics`: nothing to keep.
private struct UniformHeights: QuickHeights {
    static var readsMarks: Bool { false }
    @inline(__always) func use(_ index: Int) {}
    @inline(__always) func startLine() {}
    @inline(__always) func joinLine() {}
    @inline(__always) func endLine() {}
    @inline(__always) func breakParagraph() {}
}

/// Lines of different metrics, at most `SegmentMetrics.pitchTableLimit` distinct among the
/// runs (`PreparedText.hasLinePitches`): a line's metrics are a set of bits, one per
/// metrics (`SegmentMetrics.usesRunBits`), and its pitch one load from the table before the
/// segments. No test per segment or per line: joining segments adds their bits, ending a
/// line adds its union's pitch. A piece of a segment wider than the line takes the bits
/// of its clusters' runs.
private struct UnionPitches: QuickHeights {
    /// The text's segments, after the pitches (`PreparedText.linePitch(ofUnion:before:)`).
    let segments: UnsafePointer<PackedSegment>
    /// `PreparedText.paragraphGap`.
    let gap: Double
    /// The height so far (`LineStack.y`).
    var y = 0.0
    /// The bits of the segments being placed, and the line's union so far. (A mixed text's
    /// first entry is a metrics mark.)
    var current = 0
    var line = 0
    /// The last run whose bits a piece asked for, and those bits.
    var run = -1
    var runBits = 0

    static var readsMarks: Bool { true }

    init(before segments: UnsafePointer<PackedSegment>, gap: Double) {
        self.segments = segments
        self.gap = gap
    }

    @inline(__always) mutating func use(_ bits: Int) { current = bits }
    @inline(__always) mutating func startLine() { line = current }
    @inline(__always) mutating func joinLine() { line |= current }
    @inline(__always) mutating func endLine() { y += PreparedText.linePitch(ofUnion: line, before: segments) }
    @inline(__always) mutating func breakParagraph() { y += gap }

    @inline(__always)
    mutating func startLine(_ range: Range<Int32>, of paragraph: PreparedParagraph, in prepared: PreparedText) {
        line = bits(of: range, of: paragraph, in: prepared)
    }

    @inline(__always)
    mutating func join(_ range: Range<Int32>, of paragraph: PreparedParagraph, in prepared: PreparedText) {
        line |= bits(of: range, of: paragraph, in: prepared)
    }

    /// The bits of the metrics of clusters `range`'s runs (a run's looked up when it
    /// changes: the pieces of a word lie in one run or a few).
    @inline(__always)
    private mutating func bits(of range: Range<Int32>, of paragraph: PreparedParagraph, in prepared: PreparedText) -> Int {
        var bits = 0
        for c in range {
            let run = paragraph.run(ofCluster: Int(c))
            if run != self.run {
                self.run = run
                runBits = prepared.linePitchBit(ofRun: run)
            }
            bits |= runBits
        }
        return bits
    }
}

/// Lines of different metrics, more than `UnionPitches` takes: each line the union of its
/// segments' metrics, its pitch computed as `LineStack.add` computes it. Marks are few
/// (where runs change), so a segment that joins a line costs a test: the union is taken
/// only after a mark.
private struct MixedHeights: QuickHeights {
    /// The text's segment metrics.
    let metrics: PackedMetrics
    let style: ParagraphStyle
    /// The height so far (`LineStack.y`).
    var y = 0.0
    /// The metrics of the segments being placed, and of the line so far.
    var current: LineMetrics
    var line: LineMetrics
    /// Whether `current` changed since the line took it in.
    var changed = false

    static var readsMarks: Bool { true }

    init(_ prepared: PreparedText, metrics: PackedMetrics) {
        self.metrics = metrics
        style = prepared.paragraphStyle
        current = prepared.lineMetrics
        line = current
    }

    @inline(__always) mutating func use(_ index: Int) {
        current = metrics[index]
        changed = true
    }

    @inline(__always) mutating func startLine() {
        line = current
        changed = false
    }

    @inline(__always) mutating func joinLine() {
        guard changed else { return }
        line = line.union(current)
        changed = false
    }

    @inline(__always) mutating func endLine() { y += style.linePitch(line) }
    @inline(__always) mutating func breakParagraph() { y += style.paragraphGap }

    /// A piece's lines take its clusters' run metrics, which the segments' unions need not
    /// hold: such a text takes the full fit.
    static var takesPieces: Bool { false }
}
