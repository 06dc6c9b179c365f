import Glibc
import CellLayoutCore

/// One hard paragraph: its grapheme clusters with their advances, the segments between
/// break opportunities, and the shaped pieces that draw it.
///
/// A class, so that fitting, which walks paragraphs for every width, passes one reference
/// around instead of retaining nine arrays at each step. The per-cluster tables, the pieces
/// and the clusters' runs are one block (`ClusterTables`) the builder wrote in place in the
/// engine's table arena (`TextArena`), handed over rather than copied (a long text is never
/// held twice while it is prepared), in an arena chunk the paragraph holds: immutable once
/// made, hence Sendable.
///
/// The object keeps the block's address and where each column starts (32-bit offsets and
/// counts: a text is at most `PreparedText.maxUTF16Count` code units), not a buffer pointer
/// per column: 120 bytes, one malloc size class of 128, against 209 bytes (224) with six
/// buffer pointers and two dictionaries. A text keeps about two paragraphs (an empty one
/// between two hard breaks included), each fresh memory.
///
/// `@usableFromInline`, so that its `@inlinable` accessors are inlined where lines are
/// filled (Fit): without it the compiler keeps each a call from another module — an advance
/// read per cluster of a broken word cost the re-fit +4.9 % of its instructions (issue 18).
@usableFromInline
package final class PreparedParagraph: @unchecked Sendable {
    /// The block the per-cluster columns are views of (`ClusterTables`), in `chunk`; nil
    /// when it has no cluster. The advances are its first column.
    @usableFromInline let tables: UnsafeMutableRawPointer?
    /// The arena chunk that owns `tables`, held for it.
    let chunk: ArenaChunk?
    /// `utf16Start`, in 32 bits.
    @usableFromInline let start: Int32
    /// `clusterCount`, in 32 bits.
    @usableFromInline let count: Int32
    /// How many segments end in `segmentEnds`.
    @usableFromInline let segmentCount: Int32
    /// The byte offsets in `tables` of the segment ends, the kerning and the flags
    /// (`ClusterTables`; the starts, when kept, follow the advances, the glyphs the flags,
    /// and the pieces and the clusters' runs the kerning).
    @usableFromInline let segmentsOffset: Int32, kernsOffset: Int32, flagsOffset: Int32
    /// How many kerning entries the block keeps (`ClusterTables.kernCount`): `count` for
    /// a kerning per cluster, else how many clusters kern (in the object's padding: it stays
    /// 120 bytes).
    @usableFromInline let kernCount: Int32
    /// How many shaped pieces the block keeps (`pieces`).
    @usableFromInline let pieceCount: Int32
    /// Whether the block has the clusters' starts (`clusterStarts`).
    @usableFromInline let hasStarts: Bool
    /// Whether the block has the glyphs column (`plainGlyphs`).
    @usableFromInline let hasPlainGlyphs: Bool
    /// Whether the paragraph's base direction is right to left (its lowest bidi level is
    /// odd): kept, as every line placed asks it (walking the pieces each time made `lines`
    /// of a text of many pieces — tabs, emoji — quadratic).
    @usableFromInline package let isRightToLeft: Bool
    /// Whether the block keeps each cluster's attribute run (`clusterRuns`).
    @usableFromInline let hasClusterRuns: Bool
    /// Whether the advances are kept in 16 bits (`ClusterTables.hasNarrowAdvances`).
    @usableFromInline let hasNarrowAdvances: Bool
    /// The advances past Int32 (key `2 c`) and the kerning past Int16 (key `2 c + 1`) of
    /// cluster `c`: one cluster can be that wide — a ZWJ chain of thousands of emoji at a
    /// large size — and its width is kept exact rather than wrapped or trapped on (issue
    /// 21). Empty in any real text (the empty dictionary allocates nothing). One
    /// dictionary, not one per kind: eight bytes of every paragraph.
    @usableFromInline let wide: [Int: Int64]
    /// The fonts the pieces are in, held for them (a piece's font is unretained).
    let fonts: PieceFonts
    /// What holds the pieces' glyphs, held for them (a piece's glyphs are unretained).
    let glyphs: PieceGlyphs

    /// The byte offset in `tables` of the pieces: after the kerning (`ClusterTables.piecesOffset`).
    @inlinable
    var piecesOffset: Int32 {
        Int32(truncatingIfNeeded: ClusterTables.piecesOffset(Int(count), Int(kernsOffset), kernCount: Int(kernCount)))
    }

    /// The shaped pieces in logical order.
    @inlinable
    package var pieces: UnsafeBufferPointer<ShapedPiece> {
        UnsafeBufferPointer(column(piecesOffset, Int(pieceCount), as: ShapedPiece.self))
    }

    /// In an attributed text, the attribute run of each cluster (`PreparedText.runStyles`);
    /// empty in a plain text.
    @inlinable
    package var clusterRuns: UnsafeBufferPointer<UInt16> {
        UnsafeBufferPointer(column(piecesOffset + Int32(MemoryLayout<ShapedPiece>.stride) * pieceCount,
                                   hasClusterRuns ? clusterCount : 0, as: UInt16.self))
    }

    /// The UTF-16 offset of the paragraph's first code unit in the whole text.
    @inlinable
    package var utf16Start: Int { Int(start) }

    @inlinable
    package var clusterCount: Int { Int(count) }

    /// The column of `count` elements at byte `offset` of the block.
    @inlinable
    func column<Element>(_ offset: Int32, _ count: Int, as: Element.Type) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: tables.map { ($0 + Int(offset)).assumingMemoryBound(to: Element.self) },
                                   count: count)
    }

    /// The UTF-16 offset of each cluster's start in the whole text, and one past the last
    /// cluster's end (so `clusterCount + 1` entries); nil when every cluster is one code
    /// unit (most text), where the offsets are `utf16Start + index`. Read with
    /// `clusterStart(_:)`.
    @inlinable
    package var clusterStarts: UnsafeMutableBufferPointer<Int32>? {
        guard hasStarts else { return nil }
        let offset = ClusterTables.advancesBytes(clusterCount, narrow: hasNarrowAdvances)
        return column(Int32(truncatingIfNeeded: offset), clusterCount + 1, as: Int32.self)
    }
    /// Each cluster's advance in layout units (1/1024 pt), kerning with the next cluster
    /// included; ``wideAdvance`` for a cluster wider than Int32 holds, whose advance is kept
    /// apart (`wide`). Empty when they are kept in 16 bits (`narrowAdvances`). Read with
    /// `advance(_:)`.
    @inlinable
    package var advances: UnsafeMutableBufferPointer<Int32> {
        column(0, hasNarrowAdvances ? 0 : clusterCount, as: Int32.self)
    }
    /// Each cluster's advance, as `advances`, when every one of the paragraph fits in 16
    /// bits (each under 32 pt: most text); else empty.
    @inlinable
    package var narrowAdvances: UnsafeMutableBufferPointer<Int16> {
        column(0, hasNarrowAdvances ? clusterCount : 0, as: Int16.self)
    }
    /// What `advances` holds for a cluster whose advance is kept apart.
    @inlinable
    package static var wideAdvance: Int32 { .min }
    /// The clusters that kern with the next cluster, increasing; empty when the block keeps
    /// a kerning per cluster (a third of them or more kern: `kernCount == count`). Read with
    /// `kern(_:)`, or in order with a `KernCursor`.
    @inlinable @inline(__always)
    package var kernedClusters: UnsafeMutableBufferPointer<Int32> {
        column(kernsOffset, kernCount < count ? Int(kernCount) : 0, as: Int32.self)
    }
    /// The kerning with the next cluster, in layout units, of each of `kernedClusters` — or
    /// of every cluster when the block keeps them all: taken off a cluster's advance when a
    /// line ends after it. Kept so, not as a column of 2 bytes a cluster (of the ~16 bytes a
    /// UTF-16 unit a text kept), as most clusters do not kern. ``wideKern`` for a kerning
    /// past Int16 (±32 pt, a fifth of an em at 160 pt), whose value is kept apart (`wide`).
    @inlinable @inline(__always)
    package var kernValues: UnsafeMutableBufferPointer<Int16> {
        column(kernsOffset + (kernCount < count ? 4 * kernCount : 0), Int(kernCount), as: Int16.self)
    }
    /// What `kernValues` holds for a cluster whose kerning is kept apart.
    @inlinable
    package static var wideKern: Int16 { .min }
    /// Each cluster's `ClusterFlags`.
    @inlinable
    package var flags: UnsafeMutableBufferPointer<UInt8> { column(flagsOffset, clusterCount, as: UInt8.self) }
    /// Where each segment (the text between two break opportunities) ends: the index of
    /// the cluster after its last one, in order. Their widths are the text's
    /// `PreparedText.packedSegments`.
    @inlinable
    package var segmentEnds: UnsafeMutableBufferPointer<Int32> {
        column(segmentsOffset, Int(segmentCount), as: Int32.self)
    }
    /// The glyph of each cluster of a run measured from the font's tables — plain text
    /// (`PlainShaping`), .notdef (0) or ideographs (`IdeographFace`) — and anything for other
    /// clusters; empty when the paragraph has no such run.
    @inlinable
    package var plainGlyphs: UnsafeMutableBufferPointer<UInt16> {
        column(flagsOffset + ((count + 1) & ~1), hasPlainGlyphs ? clusterCount : 0, as: UInt16.self)
    }

    /// Cluster `c`'s advance in layout units, kerning with the next cluster included.
    ///
    /// Inlined, with its rare wide case out of line: the line-keeping fill asks it for every
    /// cluster of a word it breaks.
    @inlinable
    package func advance(_ c: Int) -> Int64 {
        if hasNarrowAdvances { return Int64(narrowAdvances[c]) }
        let advance = advances[c]
        return advance != Self.wideAdvance ? Int64(advance) : wideAdvance(c)
    }

    /// The advance of cluster `c`, one wider than Int32 holds (`wide`).
    @usableFromInline @inline(never)
    func wideAdvance(_ c: Int) -> Int64 { wide[2 * c]! }

    /// Cluster `c`'s kerning with the next cluster, in layout units: 0 when no cluster
    /// kerns, else found among the kerned clusters (a binary search; a walk over clusters
    /// in order reads it with a `KernCursor` instead).
    @inlinable
    package func kern(_ c: Int) -> Int64 {
        kernCount == 0 ? 0 : storedKern(c)
    }

    /// `kern(_:)` of a paragraph with kerning: the dense column's entry, or the kerned
    /// clusters' (out of line: a random read, rare).
    @usableFromInline @inline(never)
    func storedKern(_ c: Int) -> Int64 {
        if kernCount == count { return kernValue(kernValues[c], of: c) }
        let clusters = kernedClusters
        let i = Bisection.firstIndex(in: 0..<clusters.count) { clusters[$0] >= c }
        return i < clusters.count && clusters[i] == c ? kernValue(kernValues[i], of: c) : 0
    }

    /// The kerning `value` of `kernValues` stands for, cluster `c`'s (its rare wide case
    /// out of line, as `advance(_:)`'s).
    @inlinable
    func kernValue(_ value: Int16, of c: Int) -> Int64 {
        value != Self.wideKern ? Int64(value) : wideKern(c)
    }

    /// The kerning of cluster `c`, one past Int16 (`wide`).
    @usableFromInline @inline(never)
    func wideKern(_ c: Int) -> Int64 { wide[2 * c + 1]! }

    /// The paragraph of `tables` (the per-cluster columns, its pieces and its clusters'
    /// runs, one block, kept in `chunk` — the kerning past Int16 in `wideKerns` — and the
    /// ends of its `segmentCount` segments).
    package init(utf16Start: Int, tables: ClusterTables, chunk: ArenaChunk?, wideKerns: [Int: Int32] = [:],
         segmentCount: Int, fonts: PieceFonts, glyphs: PieceGlyphs, wideAdvances: [Int: Int64] = [:]) {
        precondition(utf16Start <= PreparedText.maxUTF16Count && segmentCount <= tables.segmentCapacity)
        self.tables = tables.base
        self.chunk = chunk
        start = Int32(utf16Start)
        count = Int32(tables.count)
        self.segmentCount = Int32(segmentCount)
        kernCount = Int32(tables.kernCount)
        segmentsOffset = Int32(tables.segmentsOffset)
        kernsOffset = Int32(tables.kernsOffset)
        flagsOffset = Int32(tables.flagsOffset)
        pieceCount = Int32(tables.pieceCount)
        hasClusterRuns = tables.hasClusterRuns
        hasNarrowAdvances = tables.hasNarrowAdvances
        hasStarts = tables.hasStarts
        hasPlainGlyphs = tables.hasPlainGlyphs && tables.count > 0
        isRightToLeft = (tables.pieces.lazy.map(\.level).min() ?? 0) & 1 == 1
        wide = wideKerns.isEmpty && wideAdvances.isEmpty ? [:] : Self.wide(advances: wideAdvances, kerns: wideKerns)
        self.fonts = fonts
        self.glyphs = glyphs
    }

    /// The advances past Int32 and the kerning past Int16 as `wide` keeps them (out of line:
    /// no real text has any).
    @inline(never)
    private static func wide(advances: [Int: Int64], kerns: [Int: Int32]) -> [Int: Int64] {
        var wide: [Int: Int64] = [:]
        for (c, advance) in advances { wide[2 * c] = advance }
        for (c, kern) in kerns { wide[2 * c + 1] = Int64(kern) }
        return wide
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
    @inlinable
    package func clusterStart(_ index: Int) -> Int {
        if let clusterStarts { return Int(clusterStarts[index]) }
        return utf16Start + index
    }
}
