import Glibc

/// One hard paragraph: its grapheme clusters with their advances, the segments between
/// break opportunities, and the shaped pieces that draw it.
///
/// A class, so that fitting, which walks paragraphs for every width, passes one reference
/// around instead of retaining nine arrays at each step. The per-cluster tables are columns
/// of one block (`ClusterTables`) the builder wrote in place, handed over rather than
/// copied (a long text is never held twice while it is prepared) and freed with the
/// paragraph: immutable once made, hence Sendable.
///
/// `@usableFromInline`, so that its `@inlinable` accessors are inlined where lines are
/// filled (Fit): without it the compiler keeps each a call from another module — an advance
/// read per cluster of a broken word cost the re-fit +4.9 % of its instructions (issue 18).
@usableFromInline
package final class PreparedParagraph: @unchecked Sendable {
    /// The UTF-16 offset of the paragraph's first code unit in the whole text.
    @usableFromInline package let utf16Start: Int
    /// The UTF-16 offset of each cluster's start in the whole text, and one past the last
    /// cluster's end (so `clusterCount + 1` entries); nil when every cluster is one code
    /// unit (most text), where the offsets are `utf16Start + index`. Read with
    /// `clusterStart(_:)`.
    @usableFromInline let clusterStarts: UnsafeMutableBufferPointer<Int32>?
    /// Each cluster's advance in layout units (1/1024 pt), kerning with the next cluster
    /// included; ``wideAdvance`` for a cluster wider than Int32 holds, whose advance is in
    /// `wideAdvances`. Read with `advance(_:)`.
    @usableFromInline package let advances: UnsafeMutableBufferPointer<Int32>
    /// The advances of the clusters past Int32 (2,097,152 pt): one grapheme cluster can be
    /// that wide — a ZWJ chain of thousands of emoji at a large size — and its width is
    /// kept exact rather than wrapped or trapped on (issue 21). Empty in any real text.
    @usableFromInline package let wideAdvances: [Int: Int64]
    /// What `advances` holds for a cluster whose advance is in `wideAdvances`.
    @inlinable
    package static var wideAdvance: Int32 { .min }
    /// Each cluster's kerning with the next cluster, in layout units: taken off its advance
    /// when a line ends after it; 2 bytes a cluster of the ~20 a text kept. ``wideKern`` for
    /// a kerning past Int16 (±32 pt, a fifth of an em at 160 pt), whose value is in
    /// `wideKerns`. Read with `kern(_:)`.
    @usableFromInline package let kerns: UnsafeMutableBufferPointer<Int16>
    /// The kerning of the clusters past Int16, by cluster (`ParagraphBuilder.Measures.setKern`).
    @usableFromInline package let wideKerns: [Int: Int32]
    /// What `kerns` holds for a cluster whose kerning is in `wideKerns`.
    @inlinable
    package static var wideKern: Int16 { .min }
    /// Each cluster's `ClusterFlags`.
    @usableFromInline package let flags: UnsafeMutableBufferPointer<UInt8>
    /// Where each segment (the text between two break opportunities) ends: the index of
    /// the cluster after its last one, in order. Their widths are the text's
    /// `PreparedText.packedSegments`.
    /// A column of the paragraph's block (`ClusterTables`).
    @usableFromInline package let segmentEnds: UnsafeMutableBufferPointer<Int32>
    /// The block the per-cluster columns above and `plainGlyphs` are views of
    /// (`ClusterTables`), freed with the paragraph; nil when it has no cluster.
    private let tables: UnsafeMutableRawPointer?
    /// The shaped pieces in logical order.
    @usableFromInline package let pieces: [ShapedPiece]
    /// The fonts the pieces are in, held for them (a piece's font is unretained).
    let fonts: PieceFonts
    /// What holds the pieces' glyphs, held for them (a piece's glyphs are unretained).
    let glyphs: PieceGlyphs
    /// The glyph of each cluster of a run measured from the font's tables — plain text
    /// (`PlainShaping`), .notdef (0) or ideographs (`IdeographFace`) — and anything for other
    /// clusters; empty when the paragraph has no such run.
    @usableFromInline package let plainGlyphs: UnsafeMutableBufferPointer<UInt16>
    /// In an attributed text, the attribute run of each cluster (`PreparedText.runStyles`);
    /// empty in a plain text.
    @usableFromInline package let clusterRuns: [UInt16]

    @inlinable
    package var clusterCount: Int { advances.count }

    /// Cluster `c`'s advance in layout units, kerning with the next cluster included.
    ///
    /// Inlined, with its rare wide case out of line: the line-keeping fill asks it for every
    /// cluster of a word it breaks.
    @inlinable
    package func advance(_ c: Int) -> Int64 {
        let advance = advances[c]
        return advance != Self.wideAdvance ? Int64(advance) : wideAdvance(c)
    }

    /// The advance of cluster `c`, one wider than Int32 holds (`wideAdvances`).
    @usableFromInline @inline(never)
    func wideAdvance(_ c: Int) -> Int64 { wideAdvances[c]! }

    /// Cluster `c`'s kerning with the next cluster, in layout units (its rare wide case
    /// out of line, as `advance(_:)`'s).
    @inlinable
    package func kern(_ c: Int) -> Int64 {
        let kern = kerns[c]
        return kern != Self.wideKern ? Int64(kern) : wideKern(c)
    }

    /// The kerning of cluster `c`, one past Int16 (`wideKerns`).
    @usableFromInline @inline(never)
    func wideKern(_ c: Int) -> Int64 { Int64(wideKerns[c]!) }
    /// Whether the paragraph's base direction is right to left (its lowest bidi level is
    /// odd): kept, as every line placed asks it (walking the pieces each time made `lines`
    /// of a text of many pieces — tabs, emoji — quadratic).
    @usableFromInline package let isRightToLeft: Bool

    /// Takes ownership of `tables` (the per-cluster columns, one block — the kerning past
    /// Int16 in `wideKerns` — and the ends of its `segmentCount` segments): the paragraph
    /// frees it.
    package init(utf16Start: Int, tables: ClusterTables, wideKerns: [Int: Int32] = [:],
         segmentCount: Int, pieces: [ShapedPiece], fonts: PieceFonts, glyphs: PieceGlyphs,
         clusterRuns: [UInt16] = [], wideAdvances: [Int: Int64] = [:]) {
        self.utf16Start = utf16Start
        self.tables = tables.base
        self.clusterStarts = tables.starts
        self.advances = tables.advances
        self.wideAdvances = wideAdvances
        self.kerns = tables.kerns
        self.wideKerns = wideKerns
        self.flags = tables.flags
        self.segmentEnds = UnsafeMutableBufferPointer(rebasing: tables.segmentEnds[..<segmentCount])
        self.pieces = pieces
        self.fonts = fonts
        self.glyphs = glyphs
        self.isRightToLeft = (pieces.lazy.map(\.level).min() ?? 0) & 1 == 1
        self.plainGlyphs = tables.plainGlyphs
        self.clusterRuns = clusterRuns
    }

    deinit { free(tables) }

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
    @inlinable
    package func clusterStart(_ index: Int) -> Int {
        if let clusterStarts { return Int(clusterStarts[index]) }
        return utf16Start + index
    }
}
