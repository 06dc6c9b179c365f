import CHarfBuzz

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
    let hasUniformLineMetrics: Bool
    /// Whether the paragraph style gives every line the full width from the edge.
    let hasNoIndents: Bool
    /// The attribute runs of an attributed text (indexed by `PreparedParagraph.clusterRuns`
    /// and `ShapedPiece.run`); empty for a plain text.
    let runStyles: [RunStyle]
    /// The text's length in UTF-16 code units.
    public let utf16Count: Int
    /// The longest text that can be prepared, in UTF-16 code units (64 Mi, about 1.3 GB
    /// while it is measured, at about 20 bytes a code unit). `JSONParser` refuses longer
    /// strings with their line and column; `TextEngine.prepare` stops the program on one.
    public static let maxUTF16Count = 1 << 26
    /// The text's hard paragraphs, in order; an empty text has none.
    let paragraphs: [PreparedParagraph]
    /// For a text whose segment widths fit in 32 bits (nearly every text), the segments'
    /// widths packed in 8 bytes each, paragraph after paragraph, each paragraph ended by
    /// `PackedSegment.paragraphEnd`: all that a re-layout at a new width reads, in a
    /// third of the memory of the segments themselves. Held in the engine's
    /// `SegmentArena`, next to the texts prepared before and after, and read straight
    /// from the text (no array buffer to retain and release). Nil for other texts.
    let packedSegments: UnsafeBufferPointer<PackedSegment>?
    /// The arena chunk `packedSegments` lives in, kept alive by the text.
    private let segmentChunk: SegmentChunk?
    /// "…" shaped in the text's font, for truncated lines.
    let ellipsis: Ellipsis

    init(font: Font, lineMetrics: LineMetrics, utf16Count: Int, paragraphs: [PreparedParagraph], ellipsis: Ellipsis,
         arena: SegmentArena, paragraphStyle: ParagraphStyle = ParagraphStyle(), runStyles: [RunStyle] = []) {
        self.font = font
        let runMetrics = Set(runStyles.map(\.metrics))
        self.lineMetrics = runMetrics.count == 1 ? runMetrics.first! : lineMetrics
        self.hasUniformLineMetrics = runMetrics.count <= 1
        self.paragraphStyle = paragraphStyle
        self.hasNoIndents = paragraphStyle.firstLineHeadIndent == 0 && paragraphStyle.headIndent == 0
            && paragraphStyle.tailIndent == 0
        self.runStyles = runStyles
        precondition(utf16Count <= Self.maxUTF16Count, "a text longer than PreparedText.maxUTF16Count")
        self.utf16Count = utf16Count
        self.paragraphs = paragraphs
        self.ellipsis = ellipsis
        if let count = PackedSegment.packedCount(paragraphs) {
            (segmentChunk, packedSegments) = arena.store(count: count) { PackedSegment.pack(paragraphs, into: $0) }
        } else {
            (segmentChunk, packedSegments) = (nil, nil)
        }
    }
}

extension PreparedText {
    /// "…" in attribute run `run` (the text's font for a plain text), in layout units: its
    /// advance and the run's kerning.
    func ellipsis(run: Int) -> Ellipsis { runStyles.isEmpty ? ellipsis : runStyles[run].ellipsis }

    /// The width of "…" in attribute run `run`, in layout units.
    func ellipsisWidth(run: Int) -> Int64 {
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
final class PreparedParagraph: @unchecked Sendable {
    /// The UTF-16 offset of the paragraph's first code unit in the whole text.
    let utf16Start: Int
    /// The UTF-16 offset of each cluster's start in the whole text, and one past the last
    /// cluster's end (so `clusterCount + 1` entries); nil when every cluster is one code
    /// unit (most text), where the offsets are `utf16Start + index`. Read with
    /// `clusterStart(_:)`.
    private let clusterStarts: UnsafeMutableBufferPointer<Int32>?
    /// Each cluster's advance in layout units (1/1024 pt), kerning with the next cluster
    /// included.
    let advances: UnsafeMutableBufferPointer<Int32>
    /// Each cluster's kerning with the next cluster, in layout units: taken off its advance
    /// when a line ends after it.
    let kerns: UnsafeMutableBufferPointer<Int32>
    /// Each cluster's `ClusterFlags`.
    let flags: UnsafeMutableBufferPointer<UInt8>
    /// The segments (the text between two break opportunities), in order.
    let segments: [Segment]
    /// The shaped pieces in logical order.
    let pieces: [ShapedPiece]
    /// The glyph of each cluster of a plain run (`PlainShaping`), 0 for other clusters;
    /// empty when the paragraph has no plain run.
    let plainGlyphs: UnsafeMutableBufferPointer<UInt16>
    /// In an attributed text, the attribute run of each cluster (`PreparedText.runStyles`);
    /// empty in a plain text.
    let clusterRuns: [UInt16]

    var clusterCount: Int { advances.count }

    /// Takes ownership of the buffers (allocated with `allocate(capacity:)`): the
    /// paragraph frees them.
    init(utf16Start: Int, clusterStarts: UnsafeMutableBufferPointer<Int32>?, advances: UnsafeMutableBufferPointer<Int32>,
         kerns: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>,
         segments: [Segment], pieces: [ShapedPiece], plainGlyphs: UnsafeMutableBufferPointer<UInt16>,
         clusterRuns: [UInt16] = []) {
        self.utf16Start = utf16Start
        self.clusterStarts = clusterStarts
        self.advances = advances
        self.kerns = kerns
        self.flags = flags
        self.segments = segments
        self.pieces = pieces
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

    /// The UTF-16 offset in the whole text where cluster `index` starts (`clusterCount`:
    /// where the paragraph ends).
    @inline(__always)
    func clusterStart(_ index: Int) -> Int {
        if let clusterStarts { return Int(clusterStarts[index]) }
        return utf16Start + index
    }
}

/// The widths of a segment that filling lines reads.
protocol SegmentWidths {
    /// The width without the trailing white space, in layout units.
    var width: Int64 { get }
    /// The width of the trailing white space (and of the kerning with the next segment),
    /// in layout units: it counts only when more text follows on the line.
    var trailing: Int64 { get }
}

/// One segment of a paragraph: the clusters between two break opportunities.
struct Segment: SegmentWidths, Sendable {
    let width: Int64
    let trailing: Int64
    /// The index of the cluster after the segment's last one.
    let end: Int32
}

/// A segment's widths in 32 bits each (`PreparedText.packedSegments`).
struct PackedSegment: SegmentWidths, Sendable {
    private let packedWidth: Int32
    private let packedTrailing: Int32

    var width: Int64 { Int64(packedWidth) }
    var trailing: Int64 { Int64(packedTrailing) }
    /// Whether this is the mark that ends a paragraph rather than a segment.
    var endsParagraph: Bool { packedWidth == Int32.min }

    /// The mark after each paragraph's segments.
    static let paragraphEnd = PackedSegment(packedWidth: Int32.min, packedTrailing: 0)

    /// How many packed segments the paragraphs make (with the paragraph ends), or nil
    /// when a width does not fit in 32 bits.
    static func packedCount(_ paragraphs: [PreparedParagraph]) -> Int? {
        var count = 0
        for paragraph in paragraphs {
            for segment in paragraph.segments {
                guard let width = Int32(exactly: segment.width), width != Int32.min,
                      Int32(exactly: segment.trailing) != nil else { return nil }
            }
            count += paragraph.segments.count + 1
        }
        return count
    }

    /// Writes the paragraphs' segments, each paragraph's ended by `paragraphEnd`, into
    /// `block` (`packedCount` long: every width fits).
    static func pack(_ paragraphs: [PreparedParagraph], into block: UnsafeMutableBufferPointer<PackedSegment>) {
        var i = 0
        for paragraph in paragraphs {
            for segment in paragraph.segments {
                block.initializeElement(
                    at: i, to: PackedSegment(packedWidth: Int32(segment.width), packedTrailing: Int32(segment.trailing)))
                i += 1
            }
            block.initializeElement(at: i, to: paragraphEnd)
            i += 1
        }
    }
}

/// Bits of `PreparedParagraph.flags`.
enum ClusterFlags {
    /// The cluster is white space that hangs at a line end (does not count toward width).
    static let whitespace: UInt8 = 1
}

/// A shaped piece placed in a text: which glyphs, in which font, where, at which bidi level.
struct ShapedPiece: Sendable {
    /// The glyphs HarfBuzz made of the piece; nil for a plain run, whose glyphs are the
    /// paragraph's `plainGlyphs` and whose advances are its clusters' advances.
    let shaped: ShapedText?
    let font: Font
    let script: hb_script_t
    /// The UTF-16 offset in the whole text that the glyphs' clusters count from.
    let utf16Start: Int
    /// The UTF-16 offset in the whole text where the piece ends.
    let utf16End: Int
    /// The bidi embedding level (odd is right-to-left).
    let level: UInt8
    /// Kerning between this piece's last cluster and the next piece's first, in layout
    /// units, applied when both are on one line.
    var kernAfter: Int32 = 0
    /// The attribute run the piece belongs to (`PreparedText.runStyles`; 0 in a plain text).
    var run: Int = 0

    /// The piece, in attribute run `run`.
    func inRun(_ run: Int) -> ShapedPiece {
        var piece = self
        piece.run = run
        return piece
    }
}

/// "…" in a font (or its fallback), shaped by HarfBuzz: what truncation puts in.
struct Ellipsis: Sendable {
    let piece: ShapedPiece
    let shaped: ShapedText
}
