import CHarfBuzz

/// A text shaped for one font, ready to be fitted at any width.
///
/// Preparing is the expensive, width-independent half of measuring: paragraphs, break
/// opportunities, grapheme clusters, font fallback, shaping. Fitting at a width
/// (`fit(width:options:)`) is arithmetic over what is kept here, so measuring the same
/// text at a new width — a rotation — never shapes again. The contents are opaque on
/// purpose; read the results from a `TextLayout`.
public final class PreparedText: Sendable {
    /// The font the text was prepared with (fallback fonts serve what it cannot draw).
    public let font: Font
    /// The text's length in UTF-16 code units.
    public let utf16Count: Int
    /// The text's hard paragraphs, in order; an empty text has none.
    let paragraphs: [PreparedParagraph]
    /// "…" shaped in the text's font, for truncated lines.
    let ellipsis: ShapedPiece

    init(font: Font, utf16Count: Int, paragraphs: [PreparedParagraph], ellipsis: ShapedPiece) {
        self.font = font
        self.utf16Count = utf16Count
        self.paragraphs = paragraphs
        self.ellipsis = ellipsis
    }
}

/// One hard paragraph: its grapheme clusters with their advances, the segments between
/// break opportunities, and the shaped pieces that draw it.
///
/// A class, so that fitting, which walks paragraphs for every width, passes one reference
/// around instead of retaining nine arrays at each step.
final class PreparedParagraph: Sendable {
    /// The UTF-16 offset of the paragraph's first code unit in the whole text.
    let utf16Start: Int
    /// The UTF-16 offset of each cluster's start in the whole text, and one past the last
    /// cluster's end (so `clusterCount + 1` entries).
    let clusterStarts: [Int32]
    /// Each cluster's advance in layout units (1/1024 pt), kerning with the next cluster
    /// included.
    let advances: [Int32]
    /// Each cluster's kerning with the next cluster, in layout units: taken off its advance
    /// when a line ends after it.
    let kerns: [Int32]
    /// Each cluster's `ClusterFlags`.
    let flags: [UInt8]
    /// For each segment (the text between two break opportunities), the index of the
    /// cluster after its last one.
    let segmentEnds: [Int32]
    /// Each segment's width without its trailing white space, in layout units.
    let segmentWidths: [Int64]
    /// The width of each segment's trailing white space, in layout units.
    let segmentTrailing: [Int64]
    /// The shaped pieces in logical order.
    let pieces: [ShapedPiece]

    var clusterCount: Int { advances.count }

    init(utf16Start: Int, clusterStarts: [Int32], advances: [Int32], kerns: [Int32], flags: [UInt8],
         segmentEnds: [Int32], segmentWidths: [Int64], segmentTrailing: [Int64], pieces: [ShapedPiece]) {
        self.utf16Start = utf16Start
        self.clusterStarts = clusterStarts
        self.advances = advances
        self.kerns = kerns
        self.flags = flags
        self.segmentEnds = segmentEnds
        self.segmentWidths = segmentWidths
        self.segmentTrailing = segmentTrailing
        self.pieces = pieces
    }
}

/// Bits of `PreparedParagraph.flags`.
enum ClusterFlags {
    /// The cluster is white space that hangs at a line end (does not count toward width).
    static let whitespace: UInt8 = 1
}

/// A shaped piece placed in a text: which glyphs, in which font, where, at which bidi level.
struct ShapedPiece: Sendable {
    let shaped: ShapedText
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
}
