import CellLayoutCore
import CellLayoutFontLibrary

/// A text shaped for one font, ready to be fitted at any width.
///
/// Preparing is the expensive, width-independent half of measuring: paragraphs, break
/// opportunities, grapheme clusters, font fallback, shaping. Fitting at a width
/// (`fit(width:options:)`) is arithmetic over what is kept here, so measuring the same
/// text at a new width — a rotation — never shapes again. The contents are opaque on
/// purpose; read the results from a `TextLayout`.
///
/// Sendable: everything is immutable after `init`, the packed segments included.
public final class PreparedText: @unchecked Sendable {
    // The fields a re-fit reads (`sizes(of:width:)`) come first, in the object's first,
    // the 68 bytes after its header, so that one or two cache lines of a text hold them all:
    // a re-fit of a table's rows is bound by fetching them from memory.
    /// The segments' widths, 8 bytes each, paragraph after paragraph, each paragraph ended
    /// by `PackedSegment.paragraphEnd`: all that filling reads of a segment but where it
    /// ends (`PreparedParagraph.segmentEnds`), and all that a re-layout at a new width reads.
    /// The builder writes them as it measures (`PackedSegmentBuffer`), so a long text's
    /// segments are never held in a wider form. A width or advance that does not fit in 32
    /// bits, or a negative advance, takes `PackedSegment.wide` and two entries after it. Without uniform line metrics, a
    /// `PackedSegment.metrics(_:)` mark goes before each segment (or empty paragraph's end)
    /// whose line metrics differ from the previous one's: an index in
    /// `segmentMetrics`, whose table lies just before the segments in the same block.
    /// Held in the engine's segment arena (`TextArena`), next to the texts prepared before and after,
    /// and read straight from the text (no array buffer to retain and release).
    @usableFromInline package let packedSegments: UnsafeBufferPointer<PackedSegment>
    /// How many entries before `packedSegments` hold the segments' distinct line metrics
    /// (`SegmentMetrics.table`, three entries each) and their unions' pitches when
    /// `hasLinePitches`; 0 when every line has `lineMetrics`.
    @usableFromInline package let packedMetricsCount: Int32
    /// The number of paragraphs (`paragraphs.count`), read by a re-fit from the text.
    package let paragraphCount: Int32
    /// `paragraphStyle.linePitch(lineMetrics)`: the pitch of every line when
    /// `hasUniformLineMetrics`, kept so that a re-fit's height is two products.
    package let uniformLinePitch: Double
    /// `paragraphStyle.paragraphGap`: what a paragraph break adds, kept beside the pitch.
    package let paragraphGap: Double
    /// The least width of a first line at which every paragraph fills one line, in layout
    /// units (the greatest reach a segment asks the greedy rule of, its paragraph unbroken:
    /// `oneLineFigures`); `Int64.max` for a text with no paragraph or of mixed line
    /// metrics without `hasLinePitches`. A re-fit at a width no narrower gives
    /// `paragraphCount` lines, the widest `oneLineWidth`, without reading a segment.
    package let oneLineReach: Int64
    /// The widest paragraph unbroken, in layout units, without the white space after its
    /// last segment (an empty paragraph's is 0).
    package let oneLineWidth: Int64
    /// With `hasLinePitches` and `oneLineReach` below `Int64.max`: the height of the lines,
    /// one per paragraph, added as `LineStack.add` adds them (each line the pitch of its
    /// paragraph's metrics, each paragraph break the gap).
    package let oneLineHeight: Double
    /// Whether a segment is not packed (`PackedSegment.wide`: wider than 32 bits, or of a
    /// negative advance): the quick
    /// size leaves such a text to the general filling.
    package let hasWideSegments: Bool
    /// Whether every line has `lineMetrics` (a plain text, or runs whose fonts and
    /// baseline offsets give the same line metrics).
    package let hasUniformLineMetrics: Bool
    /// Whether the paragraph style gives every line the full width from the edge.
    package let hasNoIndents: Bool
    /// Whether the metrics marks hold bits of the runs' metrics (`SegmentMetrics.usesRunBits`:
    /// a text of mixed line metrics, at most `SegmentMetrics.pitchTableLimit` of them) and
    /// the entries just before `packedSegments` the pitch of a line of each union of them
    /// (`linePitch(ofUnion:before:)`).
    package let hasLinePitches: Bool
    /// `utf16Count`, in 32 bits (at most `maxUTF16Count`), beside the flags.
    private let utf16Count32: Int32
    /// The font the text was prepared with (fallback fonts serve what it cannot draw).
    public var font: Font { fontHold.font }
    /// The font, with its "…", held for the thread lane the text was prepared on: what the
    /// text holds rather than the font and "…" every thread shares (`TextFontHold`).
    private let fontHold: TextFontHold
    /// The height and baseline of a line in `font` (fallback fonts do not change it) —
    /// of every line when `hasUniformLineMetrics`; in an attributed text whose runs differ,
    /// each line takes the largest of the runs on it instead.
    public let lineMetrics: LineMetrics
    /// How the paragraphs are set.
    public var paragraphStyle: ParagraphStyle { styleBox?.style ?? ParagraphStyle() }
    /// The paragraph style when it is not the default, shared with the texts prepared in it
    /// before (`ParagraphStyleBoxes`); nil for the default: 8 bytes of every text rather
    /// than the style's 80 (the object is 152 bytes, malloc's 160 class, against 232 in 240).
    let styleBox: ParagraphStyleBox?
    /// The attribute runs of an attributed text (indexed by `PreparedParagraph.clusterRuns`
    /// and `ShapedPiece.run`); empty for a plain text.
    package let runStyles: [RunStyle]
    /// The text's length in UTF-16 code units.
    public var utf16Count: Int { Int(utf16Count32) }
    /// The longest text that can be prepared, in UTF-16 code units (64 Mi, about 1.2 GB
    /// while it is measured, at about 19 bytes a code unit). `JSONParser` refuses longer
    /// strings with their line and column; `TextEngine.prepare` stops the program on one.
    public static let maxUTF16Count = 1 << 26
    /// The text's hard paragraphs, in order; an empty text has none.
    package let paragraphs: [PreparedParagraph]
    /// The arena chunk `packedSegments` lives in, kept alive by the text.
    private let segmentChunk: ArenaChunk
    /// "…" shaped in the text's font, for truncated lines.
    package var ellipsis: Ellipsis { fontHold.ellipsis }

    /// A text in `fontHold.font` of `paragraphs`, whose segments' widths the builder wrote
    /// into `segments` (taken over: stored in `arena`, with the metrics marks the runs need;
    /// the arena borrowed, as the engine's, which every thread shares, was retained per text).
    package init(fontHold: TextFontHold, lineMetrics: LineMetrics, utf16Count: Int, paragraphs: [PreparedParagraph],
         segments: PackedSegmentBuffer, arena: borrowing TextArena,
         paragraphStyle: ParagraphStyle = ParagraphStyle(), runStyles: [RunStyle] = []) {
        self.fontHold = fontHold
        let runMetrics = Set(runStyles.map(\.metrics))
        let isUniform = runMetrics.count <= 1
        self.lineMetrics = runMetrics.count == 1 ? runMetrics.first! : lineMetrics
        self.hasUniformLineMetrics = isUniform
        styleBox = paragraphStyle.isDefault ? nil : fontHold.styles.box(for: paragraphStyle)
        self.uniformLinePitch = paragraphStyle.linePitch(self.lineMetrics)
        self.paragraphGap = paragraphStyle.paragraphGap
        self.hasNoIndents = paragraphStyle.firstLineHeadIndent == 0 && paragraphStyle.headIndent == 0
            && paragraphStyle.tailIndent == 0
        self.runStyles = runStyles
        precondition(utf16Count <= Self.maxUTF16Count, "a text longer than PreparedText.maxUTF16Count")
        utf16Count32 = Int32(utf16Count)
        self.paragraphs = paragraphs
        hasWideSegments = segments.hasWide
        paragraphCount = Int32(paragraphs.count)
        guard !isUniform else {
            (segmentChunk, packedSegments) = arena.store(segments)
            packedMetricsCount = 0
            hasLinePitches = false
            let oneLine = Self.oneLineFigures(packedSegments)
            (oneLineReach, oneLineWidth) = paragraphs.isEmpty ? (.max, 0) : (oneLine.reach, oneLine.width)
            oneLineHeight = 0
            return
        }
        let classes = SegmentMetrics(paragraphs, runStyles: runStyles)
        // The metrics, then the unions' pitches last first (the pitch of union `mask` is
        // `mask` entries before the segments).
        let pitches = classes.linePitches(style: paragraphStyle) ?? []
        hasLinePitches = classes.usesRunBits
        if hasLinePitches, !paragraphs.isEmpty {
            let oneLine = Self.oneLineFigures(segments.entries)
            (oneLineReach, oneLineWidth) = (oneLine.reach, oneLine.width)
            // Each paragraph's line: the union of its segments' bits (an empty one has one value).
            var y = 0.0, value = 0
            for (p, paragraph) in paragraphs.enumerated() {
                var bits: Int32 = 0
                for _ in 0..<max(1, paragraph.segmentEnds.count) {
                    bits |= classes.values[value]
                    value += 1
                }
                if p > 0 { y += paragraphStyle.paragraphGap }
                y += pitches[Int(bits) - 1]
            }
            oneLineHeight = y
        } else {
            (oneLineReach, oneLineWidth, oneLineHeight) = (.max, 0, 0)
        }
        let metricsCount = 3 * classes.table.count + pitches.count
        let block: UnsafeBufferPointer<PackedSegment>
        (segmentChunk, block) = arena.store(count: metricsCount + segments.count + classes.marks) { block in
            for (i, metrics) in classes.table.enumerated() {
                for (k, value) in [metrics.ascent, metrics.descent, metrics.gap].enumerated() {
                    block.initializeElement(at: 3 * i + k, to: PackedSegment(bits: value.bitPattern))
                }
            }
            for (i, pitch) in pitches.enumerated() {
                block.initializeElement(at: metricsCount - 1 - i, to: PackedSegment(bits: pitch.bitPattern))
            }
            PackedSegment.mark(segments.entries, metrics: classes.values,
                               into: UnsafeMutableBufferPointer(rebasing: block[metricsCount...]))
        }
        packedSegments = UnsafeBufferPointer(rebasing: block[metricsCount...])
        packedMetricsCount = Int32(metricsCount)
    }

    /// Over `entries` (segments and paragraph ends, no metrics marks), each paragraph on
    /// one line as the greedy rule fills it: the greatest reach it tests (a paragraph's
    /// first segment: its width; each other: the line's reach, the advances so far, plus
    /// its width; `Int64.min` with no segment) and the widest line without its last
    /// segment's white space (`Int64.min / 4` with no paragraph) — in the quick fill's
    /// wrapping arithmetic.
    /// Every line has one paragraph exactly when the first lines' width is at least that
    /// reach: the fill then never breaks a line.
    static func oneLineFigures(_ entries: UnsafeBufferPointer<PackedSegment>) -> (reach: Int64, width: Int64) {
        // `end`: where the line's last segment ends (0 on an empty paragraph's line).
        var greatest = Int64.min, widest = Int64.min / 4
        var reach: Int64 = 0, end: Int64 = 0
        // The last entry ends the last paragraph: the loop stops there, with no count of its
        // own per entry. (No entry, or no end: no reach at which lines are sure to hold.)
        guard var next = entries.baseAddress, let last = entries.last, last.endsParagraph else {
            return (.max, widest)
        }
        let stop = next + entries.count
        while true {
            let entry = next.pointee
            next += 1
            var width = entry.width, advance = entry.advance
            if entry.isMark {
                if entry.endsParagraph {
                    widest = max(widest, end)
                    (reach, end) = (0, 0)
                    if next == stop { break }
                    continue
                }
                let segment = Segment(wide: next[0], trailing: next[1])
                next += 2
                (width, advance) = (segment.width, segment.width &+ segment.trailing)
            }
            end = reach &+ width
            greatest = max(greatest, end)
            reach = reach &+ advance
        }
        return (greatest, widest)
    }
}

extension PreparedText {
    /// The segments' line metrics (`PackedSegment.metrics(_:)` marks index them), read
    /// from the block before `packedSegments`. Read through it rather than through the
    /// text, so that a re-fit does not retain the text.
    @inlinable
    package var segmentMetrics: PackedMetrics {
        PackedMetrics(entries: packedSegments.baseAddress! - Int(packedMetricsCount))
    }

    /// The pitch of a line whose segments have the metrics of the bits of `mask`
    /// (`PackedSegment.metricsIndex`, bit `1 << index`), a union of at most
    /// `SegmentMetrics.pitchTableLimit`, as `LineStack.add` adds it; when `hasLinePitches`.
    @inlinable
    package static func linePitch(ofUnion mask: Int, before segments: UnsafePointer<PackedSegment>) -> Double {
        Double(bitPattern: (segments - mask).pointee.bits)
    }

    /// With `hasLinePitches`: the bit of run `run`'s metrics in the marks' values.
    package func linePitchBit(ofRun run: Int) -> Int {
        let metrics = runStyles[run].metrics, table = segmentMetrics
        var k = 0
        while table[k] != metrics { k += 1 }
        return 1 << k
    }

    /// The text's packed block (its metrics, then its segments), for prefetching: one
    /// read of the text, so a list's element is not retained to ask it twice.
    @inlinable
    package var packedBlock: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: packedSegments.baseAddress! - Int(packedMetricsCount),
                               count: (Int(packedMetricsCount) + packedSegments.count) * MemoryLayout<PackedSegment>.stride)
    }
}
