import CHarfBuzz
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
    /// The font the text was prepared with (fallback fonts serve what it cannot draw).
    public let font: Font
    /// The height and baseline of a line in `font` (fallback fonts do not change it) —
    /// of every line when `hasUniformLineMetrics`; in an attributed text whose runs differ,
    /// each line takes the largest of the runs on it instead.
    public let lineMetrics: LineMetrics
    /// How the paragraphs are set.
    public let paragraphStyle: ParagraphStyle
    /// Whether every line has `lineMetrics` (a plain text, or runs whose fonts and
    /// baseline offsets give the same line metrics).
    package let hasUniformLineMetrics: Bool
    /// Whether the paragraph style gives every line the full width from the edge.
    package let hasNoIndents: Bool
    /// The attribute runs of an attributed text (indexed by `PreparedParagraph.clusterRuns`
    /// and `ShapedPiece.run`); empty for a plain text.
    package let runStyles: [RunStyle]
    /// The text's length in UTF-16 code units.
    public let utf16Count: Int
    /// The longest text that can be prepared, in UTF-16 code units (64 Mi, about 1.2 GB
    /// while it is measured, at about 19 bytes a code unit). `JSONParser` refuses longer
    /// strings with their line and column; `TextEngine.prepare` stops the program on one.
    public static let maxUTF16Count = 1 << 26
    /// The text's hard paragraphs, in order; an empty text has none.
    package let paragraphs: [PreparedParagraph]
    /// The segments' widths, 8 bytes each, paragraph after paragraph, each paragraph ended
    /// by `PackedSegment.paragraphEnd`: all that filling reads of a segment but where it
    /// ends (`PreparedParagraph.segmentEnds`), and all that a re-layout at a new width reads.
    /// The builder writes them as it measures (`PackedSegmentBuffer`), so a long text's
    /// segments are never held in a wider form. A width that does not fit in 32 bits takes
    /// `PackedSegment.wide` and two entries after it. Without uniform line metrics, a
    /// `PackedSegment.metrics(_:)` mark goes before each segment (or empty paragraph's end)
    /// whose line metrics differ from the previous one's: an index in
    /// `segmentMetrics`, whose table lies just before the segments in the same block.
    /// Held in the engine's `SegmentArena`, next to the texts prepared before and after,
    /// and read straight from the text (no array buffer to retain and release).
    package let packedSegments: UnsafeBufferPointer<PackedSegment>
    /// How many entries before `packedSegments` hold the segments' distinct line metrics
    /// (`SegmentMetrics.table`, three entries each); 0 when every line has `lineMetrics`.
    package let packedMetricsCount: Int
    /// Whether a segment's widths did not fit in 32 bits (`PackedSegment.wide`): the quick
    /// size leaves such a text to the general filling.
    package let hasWideSegments: Bool
    /// The arena chunk `packedSegments` lives in, kept alive by the text.
    private let segmentChunk: SegmentChunk
    /// "…" shaped in the text's font, for truncated lines.
    package let ellipsis: Ellipsis

    /// A text of `paragraphs`, whose segments' widths the builder wrote into `segments`
    /// (taken over: stored in `arena`, with the metrics marks the runs need).
    package init(font: Font, lineMetrics: LineMetrics, utf16Count: Int, paragraphs: [PreparedParagraph],
         segments: PackedSegmentBuffer, ellipsis: Ellipsis, arena: SegmentArena,
         paragraphStyle: ParagraphStyle = ParagraphStyle(), runStyles: [RunStyle] = []) {
        self.font = font
        let runMetrics = Set(runStyles.map(\.metrics))
        let isUniform = runMetrics.count <= 1
        self.lineMetrics = runMetrics.count == 1 ? runMetrics.first! : lineMetrics
        self.hasUniformLineMetrics = isUniform
        self.paragraphStyle = paragraphStyle
        self.hasNoIndents = paragraphStyle.firstLineHeadIndent == 0 && paragraphStyle.headIndent == 0
            && paragraphStyle.tailIndent == 0
        self.runStyles = runStyles
        precondition(utf16Count <= Self.maxUTF16Count, "a text longer than PreparedText.maxUTF16Count")
        self.utf16Count = utf16Count
        self.paragraphs = paragraphs
        self.ellipsis = ellipsis
        hasWideSegments = segments.hasWide
        guard !isUniform else {
            (segmentChunk, packedSegments) = arena.store(segments)
            packedMetricsCount = 0
            return
        }
        let classes = SegmentMetrics(paragraphs, runStyles: runStyles)
        let metricsCount = 3 * classes.table.count
        let block: UnsafeBufferPointer<PackedSegment>
        (segmentChunk, block) = arena.store(count: metricsCount + segments.count + classes.marks) { block in
            for (i, metrics) in classes.table.enumerated() {
                for (k, value) in [metrics.ascent, metrics.descent, metrics.gap].enumerated() {
                    block.initializeElement(at: 3 * i + k, to: PackedSegment(bits: value.bitPattern))
                }
            }
            PackedSegment.mark(segments.entries, metrics: classes.indices,
                               into: UnsafeMutableBufferPointer(rebasing: block[metricsCount...]))
        }
        packedSegments = UnsafeBufferPointer(rebasing: block[metricsCount...])
        packedMetricsCount = metricsCount
    }
}

extension PreparedText {
    /// The segments' line metrics (`PackedSegment.metrics(_:)` marks index them), read
    /// from the block before `packedSegments`. Read through it rather than through the
    /// text, so that a re-fit does not retain the text.
    package var segmentMetrics: PackedMetrics { PackedMetrics(entries: packedSegments.baseAddress! - packedMetricsCount) }

    /// The text's packed block (its metrics, then its segments), for prefetching: one
    /// read of the text, so a list's element is not retained to ask it twice.
    package var packedBlock: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: packedSegments.baseAddress! - packedMetricsCount,
                               count: (packedMetricsCount + packedSegments.count) * MemoryLayout<PackedSegment>.stride)
    }
}

/// The distinct line metrics kept before a text's packed segments, three 64-bit entries
/// each (the bits of ascent, descent and gap), valid while the text lives.
package struct PackedMetrics {
    package let entries: UnsafePointer<PackedSegment>

    /// Metrics `index` (a `PackedSegment.metricsIndex`).
    @inline(__always)
    package subscript(index: Int) -> LineMetrics {
        let entry = entries + 3 * index
        return LineMetrics(ascent: Double(bitPattern: entry[0].bits), descent: Double(bitPattern: entry[1].bits),
                           gap: Double(bitPattern: entry[2].bits))
    }
}

/// The line metrics of each segment of a text whose runs differ in them: the union of
/// the runs of its clusters (trailing white space included, as a line holds it), and for
/// an empty paragraph, the run its place falls in — what `PreparedText.naturalMetrics(of:)`
/// takes of a line made of whole segments.
package struct SegmentMetrics {
    /// The distinct metrics, in order of first use.
    package private(set) var table: [LineMetrics] = []
    /// Each segment's index in `table`, paragraph after paragraph; an empty paragraph has
    /// one entry.
    package private(set) var indices: [Int32] = []
    /// How many times the index changes from one entry to the next (the first included).
    package private(set) var marks = 0

    package init(_ paragraphs: [PreparedParagraph], runStyles: [RunStyle]) {
        for (p, paragraph) in paragraphs.enumerated() {
            guard !paragraph.segmentEnds.isEmpty else {
                add(runStyles[PreparedText.run(at: paragraph.utf16Start, in: paragraphs[p...], runCount: runStyles.count)]
                    .metrics)
                continue
            }
            var start: Int32 = 0
            for end in paragraph.segmentEnds {
                var metrics: LineMetrics?
                PreparedText.addRunMetrics(of: paragraph, start..<end, runStyles: runStyles, to: &metrics)
                add(metrics!)
                start = end
            }
        }
    }

    private mutating func add(_ metrics: LineMetrics) {
        let index = table.firstIndex(of: metrics) ?? table.count
        if index == table.count { table.append(metrics) }
        if indices.last != Int32(index) { marks += 1 }
        indices.append(Int32(index))
    }
}

extension PreparedText {
    /// "…" in attribute run `run` (the text's font for a plain text), in layout units: its
    /// advance and the run's kerning.
    package func ellipsis(run: Int) -> Ellipsis { runStyles.isEmpty ? ellipsis : runStyles[run].ellipsis }

    /// The width of "…" in attribute run `run`, in layout units.
    package func ellipsisWidth(run: Int) -> Int64 {
        runStyles.isEmpty ? ellipsis.shaped.width : runStyles[run].ellipsis.shaped.width + Int64(runStyles[run].kern)
    }
}

/// One hard paragraph: its grapheme clusters with their advances, the segments between
/// break opportunities, and the shaped pieces that draw it.
///
/// A class, so that fitting, which walks paragraphs for every width, passes one reference
/// around instead of retaining nine arrays at each step. The per-cluster tables are the
/// builder's own buffers, handed over rather than copied (a long text is never held twice
/// while it is prepared) and freed with the paragraph: immutable once made, hence Sendable.
package final class PreparedParagraph: @unchecked Sendable {
    /// The UTF-16 offset of the paragraph's first code unit in the whole text.
    package let utf16Start: Int
    /// The UTF-16 offset of each cluster's start in the whole text, and one past the last
    /// cluster's end (so `clusterCount + 1` entries); nil when every cluster is one code
    /// unit (most text), where the offsets are `utf16Start + index`. Read with
    /// `clusterStart(_:)`.
    private let clusterStarts: UnsafeMutableBufferPointer<Int32>?
    /// Each cluster's advance in layout units (1/1024 pt), kerning with the next cluster
    /// included; ``wideAdvance`` for a cluster wider than Int32 holds, whose advance is in
    /// `wideAdvances`. Read with `advance(_:)`.
    package let advances: UnsafeMutableBufferPointer<Int32>
    /// The advances of the clusters past Int32 (2,097,152 pt): one grapheme cluster can be
    /// that wide — a ZWJ chain of thousands of emoji at a large size — and its width is
    /// kept exact rather than wrapped or trapped on (issue 21). Empty in any real text.
    package let wideAdvances: [Int: Int64]
    /// What `advances` holds for a cluster whose advance is in `wideAdvances`.
    package static let wideAdvance = Int32.min
    /// Each cluster's kerning with the next cluster, in layout units: taken off its advance
    /// when a line ends after it.
    package let kerns: UnsafeMutableBufferPointer<Int32>
    /// Each cluster's `ClusterFlags`.
    package let flags: UnsafeMutableBufferPointer<UInt8>
    /// Where each segment (the text between two break opportunities) ends: the index of
    /// the cluster after its last one, in order. Their widths are the text's
    /// `PreparedText.packedSegments`.
    package let segmentEnds: [Int32]
    /// The shaped pieces in logical order.
    package let pieces: [ShapedPiece]
    /// The glyph of each cluster of a run measured from the font's tables — plain text
    /// (`PlainShaping`), .notdef (0) or ideographs (`IdeographFace`) — and anything for other
    /// clusters; empty when the paragraph has no such run.
    package let plainGlyphs: UnsafeMutableBufferPointer<UInt16>
    /// In an attributed text, the attribute run of each cluster (`PreparedText.runStyles`);
    /// empty in a plain text.
    package let clusterRuns: [UInt16]

    package var clusterCount: Int { advances.count }

    /// Cluster `c`'s advance in layout units, kerning with the next cluster included.
    @inline(__always)
    package func advance(_ c: Int) -> Int64 {
        let advance = advances[c]
        return advance != Self.wideAdvance ? Int64(advance) : wideAdvances[c]!
    }
    /// Whether the paragraph's base direction is right to left (its lowest bidi level is
    /// odd): kept, as every line placed asks it (walking the pieces each time made `lines`
    /// of a text of many pieces — tabs, emoji — quadratic).
    package let isRightToLeft: Bool

    /// Takes ownership of the buffers (allocated with `allocate(capacity:)`): the
    /// paragraph frees them.
    package init(utf16Start: Int, clusterStarts: UnsafeMutableBufferPointer<Int32>?, advances: UnsafeMutableBufferPointer<Int32>,
         kerns: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>,
         segmentEnds: [Int32], pieces: [ShapedPiece], plainGlyphs: UnsafeMutableBufferPointer<UInt16>,
         clusterRuns: [UInt16] = [], wideAdvances: [Int: Int64] = [:]) {
        self.utf16Start = utf16Start
        self.clusterStarts = clusterStarts
        self.advances = advances
        self.wideAdvances = wideAdvances
        self.kerns = kerns
        self.flags = flags
        self.segmentEnds = segmentEnds
        self.pieces = pieces
        self.isRightToLeft = (pieces.lazy.map(\.level).min() ?? 0) & 1 == 1
        self.plainGlyphs = plainGlyphs
        self.clusterRuns = clusterRuns
    }

    deinit {
        clusterStarts?.deallocate()
        advances.deallocate()
        kerns.deallocate()
        flags.deallocate()
        plainGlyphs.deallocate()
    }

    /// Whether cluster `index` is white space that hangs at a line end.
    @inlinable
    package func isWhiteSpace(_ index: Int) -> Bool { ClusterFlags.isWhiteSpace(flags, index) }

    /// Where the content of clusters `range` ends: before the white space at its end
    /// (`ClusterFlags.contentEnd`).
    @inlinable
    package func contentEnd(of range: Range<Int32>) -> Int32 {
        Int32(truncatingIfNeeded: ClusterFlags.contentEnd(flags, from: Int(range.lowerBound), to: Int(range.upperBound)))
    }

    /// The UTF-16 offset in the whole text where cluster `index` starts (`clusterCount`:
    /// where the paragraph ends).
    @inline(__always)
    package func clusterStart(_ index: Int) -> Int {
        if let clusterStarts { return Int(clusterStarts[index]) }
        return utf16Start + index
    }
}

/// The widths of a segment that filling lines reads.
package protocol SegmentWidths {
    /// The width without the trailing white space, in layout units.
    var width: Int64 { get }
    /// The width of the trailing white space (and of the kerning with the next segment),
    /// in layout units: it counts only when more text follows on the line.
    var trailing: Int64 { get }
}

/// A segment's widths at full size: a segment wider than 32 bits (`PackedSegment.wide`).
package struct Segment: SegmentWidths, Sendable {
    package let width: Int64
    package let trailing: Int64
}

/// A segment's widths in 32 bits each (`PreparedText.packedSegments`), or a mark: the end
/// of a paragraph, the line metrics of the segments that follow, or a segment whose widths
/// follow at full size.
package struct PackedSegment: SegmentWidths, Sendable {
    private let packedWidth: Int32
    private let packedTrailing: Int32

    package var width: Int64 { Int64(packedWidth) }
    package var trailing: Int64 { Int64(packedTrailing) }
    /// Whether this is a mark rather than a segment (widths of `Int32.min` and the two
    /// above it are not packed: they take `wide`).
    @inline(__always)
    package var isMark: Bool { packedWidth <= Int32.min + 2 }
    /// Whether this is the mark that ends a paragraph.
    package var endsParagraph: Bool { packedWidth == Int32.min }
    /// Whether this is the mark of a segment whose widths do not fit in 32 bits: they are
    /// the two entries after it (`Segment(wide:trailing:)`).
    package var isWide: Bool { packedWidth == Int32.min + 2 }
    /// For a metrics mark: the index in `PreparedText.segmentMetrics`.
    package var metricsIndex: Int { Int(packedTrailing) }

    /// An entry of 64 bits `bits` (half a Double of the line metrics before the segments,
    /// or a wide segment's width or trailing width).
    package init(bits: UInt64) {
        packedWidth = Int32(truncatingIfNeeded: bits)
        packedTrailing = Int32(truncatingIfNeeded: bits >> 32)
    }

    /// The entry's 64 bits.
    package var bits: UInt64 { UInt64(UInt32(bitPattern: packedWidth)) | UInt64(UInt32(bitPattern: packedTrailing)) << 32 }

    private init(packedWidth: Int32, packedTrailing: Int32) {
        self.packedWidth = packedWidth
        self.packedTrailing = packedTrailing
    }

    /// The segment of widths `width` and `trailing` (layout units), if both fit in 32
    /// bits and it is not taken for a mark; nil for a wide segment.
    @inline(__always)
    package init?(width: Int64, trailing: Int64) {
        guard let packedWidth = Int32(exactly: width), packedWidth > Int32.min + 2,
              let packedTrailing = Int32(exactly: trailing) else { return nil }
        self.init(packedWidth: packedWidth, packedTrailing: packedTrailing)
    }

    /// The mark after each paragraph's segments.
    package static let paragraphEnd = PackedSegment(packedWidth: Int32.min, packedTrailing: 0)

    /// The mark before a wide segment's two entries.
    package static let wide = PackedSegment(packedWidth: Int32.min + 2, packedTrailing: 0)

    /// The mark before segments whose line metrics are `PreparedText.segmentMetrics[index]`.
    package static func metrics(_ index: Int32) -> PackedSegment {
        PackedSegment(packedWidth: Int32.min + 1, packedTrailing: index)
    }

    /// Copies `entries` (segments and paragraph ends, as the builder wrote them) into
    /// `block`, with a metrics mark wherever `metrics` (`SegmentMetrics.indices`: one per
    /// segment, and one per empty paragraph) changes.
    package static func mark(_ entries: UnsafeBufferPointer<PackedSegment>, metrics: [Int32],
                     into block: UnsafeMutableBufferPointer<PackedSegment>) {
        var i = 0, entry = 0, current: Int32 = -1, r = 0
        var paragraphIsEmpty = true
        func mark() {
            if metrics[entry] != current {
                current = metrics[entry]
                block.initializeElement(at: i, to: .metrics(current))
                i += 1
            }
            entry += 1
        }
        func copy(_ count: Int) {
            for k in 0..<count { block.initializeElement(at: i + k, to: entries[r + k]) }
            i += count
            r += count
        }
        while r < entries.count {
            let item = entries[r]
            if item.endsParagraph {
                if paragraphIsEmpty { mark() }
                copy(1)
                paragraphIsEmpty = true
            } else {
                mark()
                copy(item.isWide ? 3 : 1)
                paragraphIsEmpty = false
            }
        }
    }
}

extension Segment {
    /// The wide segment whose widths are the two entries after a `PackedSegment.wide` mark.
    package init(wide width: PackedSegment, trailing: PackedSegment) {
        self.width = Int64(bitPattern: width.bits)
        self.trailing = Int64(bitPattern: trailing.bits)
    }
}

/// Reads a text's packed segments paragraph after paragraph, for filling lines: the
/// next segment's widths (metrics marks skipped, wide segments unpacked), then past the
/// paragraph's end.
package struct PackedSegmentReader {
    package let entries: UnsafeBufferPointer<PackedSegment>
    private var index = 0

    package init(_ entries: UnsafeBufferPointer<PackedSegment>) { self.entries = entries }

    /// The widths of the paragraph's next segment.
    @inline(__always)
    package mutating func next() -> Segment {
        let entry = entries[index]
        index += 1
        return entry.isMark ? next(after: entry) : Segment(width: entry.width, trailing: entry.trailing)
    }

    /// The next segment after mark `mark` (not a paragraph's end): a wide segment, or the
    /// segment after metrics marks.
    @inline(never)
    private mutating func next(after mark: PackedSegment) -> Segment {
        guard mark.isWide else { return next() }
        defer { index += 2 }
        return Segment(wide: entries[index], trailing: entries[index + 1])
    }

    /// Goes past the end of the paragraph whose segments were all read.
    package mutating func endParagraph() {
        while !entries[index].endsParagraph { index += 1 }
        index += 1
    }
}

/// Bits of `PreparedParagraph.flags`, and the rules read from them.
package enum ClusterFlags {
    /// The cluster is white space that hangs at a line end (does not count toward width).
    package static let whitespace: UInt8 = 1

    /// Whether cluster `index` of `flags` is white space that hangs at a line end.
    @inlinable
    package static func isWhiteSpace(_ flags: UnsafeMutableBufferPointer<UInt8>, _ index: Int) -> Bool {
        flags[index] & whitespace != 0
    }

    /// Where the content of clusters `start..<end` ends: `end`, less the white space at
    /// its end, which hangs at a line end. The one place this rule is written: segments,
    /// lines, truncation, glyph runs and justification all ask it.
    @inlinable
    package static func contentEnd(_ flags: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var contentEnd = end
        while contentEnd > start, flags[contentEnd - 1] & whitespace != 0 { contentEnd -= 1 }
        return contentEnd
    }
}

/// A shaped piece placed in a text: which glyphs, in which font, where, at which bidi level.
package struct ShapedPiece: Sendable {
    /// The glyphs HarfBuzz made of the piece; nil for a plain run, whose glyphs are the
    /// paragraph's `plainGlyphs` and whose advances are its clusters' advances.
    package let shaped: ShapedText?
    package let font: Font
    package let script: hb_script_t
    /// The UTF-16 offset in the whole text that the glyphs' clusters count from.
    package let utf16Start: Int
    /// The UTF-16 offset in the whole text where the piece ends.
    package let utf16End: Int
    /// The bidi embedding level (odd is right-to-left).
    package let level: UInt8
    /// Kerning between this piece's last cluster and the next piece's first, in layout
    /// units, applied when both are on one line.
    package var kernAfter: Int32 = 0
    /// The attribute run the piece belongs to (`PreparedText.runStyles`; 0 in a plain text).
    package var run: Int = 0

    /// The piece, in attribute run `run`.
    package func inRun(_ run: Int) -> ShapedPiece {
        var piece = self
        piece.run = run
        return piece
    }
}

/// "…" in a font (or its fallback), shaped by HarfBuzz: what truncation puts in.
package struct Ellipsis: Sendable {
    package let piece: ShapedPiece
    package let shaped: ShapedText
}
