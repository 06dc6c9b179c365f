import Glibc

/// A paragraph's per-cluster tables in one allocation: each cluster's advance (`Int32`
/// while the builder measures, kept as `Int16` when every advance of the paragraph fits),
/// its UTF-16 start when clusters are not all one code unit (`Int32`, one more entry than
/// clusters), where its segments end (`Int32`, room for as many as it has break
/// opportunities while it is built), its `ClusterFlags` (a byte), the glyphs of its runs
/// measured from tables (`UInt16`) and its kerning with the next cluster, one column after
/// the other; once kept, the paragraph's shaped pieces and, in an attributed text, each
/// cluster's attribute run (`UInt16`) follow.
///
/// A prepared text keeps these for as long as it lives: six allocations per paragraph were
/// six malloc calls, six headers and six roundings up to 16 bytes of fresh memory for
/// each text (page faults). The builder writes the columns in place
/// (`ParagraphBuilder.Measures`), in a block carved from the engine's table arena
/// (`TextArena`) with room for the most each column may need, which the paragraph keeps
/// fitted to what it holds (`kept`).
///
/// The kerning is written last, when the paragraph is kept, from the dense column the
/// builder measured into (`Int16` a cluster, in its scratch region: a kerning past it is
/// kept apart, `ParagraphBuilder.Measures.setKern`). Most clusters do not kern with the
/// next one, so the block keeps only the kerned ones: their indices (`Int32`, increasing),
/// then their kernings (`Int16`), 6 bytes a kerned cluster where the dense column took 2
/// bytes a cluster (4.6 MB of the 37 MB a cold pass over public-10k kept). A paragraph
/// where a third of its clusters or more kern keeps the dense column, which is then the
/// smaller.
///
/// The advances are the largest column: 4 bytes a cluster, a quarter of what a cold pass
/// over public-10k kept, where the advances of text at body sizes all fit in 16 bits
/// (32 pt); `kept` narrows them in place when they do (`hasNarrowAdvances`): 2 bytes a
/// cluster less fresh memory (public-10k 37.1 → 32.6 MB, intl 54.4 → 50.4 MB), and every
/// fresh page is a page fault, which costs more at two threads (both vCPUs faulting at once).
///
/// Column offsets are multiples of 4 bytes but for the flags' and the glyphs' (which
/// follow the flags rounded up to 2), so every column is aligned for its type (the narrow
/// advances' column is rounded up to 4); the kerning
/// comes last, after the glyphs when they are kept (a paragraph with no run measured from
/// tables drops them, its kerning written over where they were).
@usableFromInline
package struct ClusterTables {
    /// The block (nil for a paragraph of no cluster: nothing is allocated).
    package let base: UnsafeMutableRawPointer?
    /// The arena chunk the block was carved from while the builder writes it, retained (by
    /// hand: the tables are copied about as the builder works, and a strong reference was
    /// retained and released at each copy, ~10 a paragraph); nil for a block from `malloc`,
    /// and once kept (the paragraph holds the chunk `kept` returns).
    package let chunk: Unmanaged<ArenaChunk>?
    /// How many clusters.
    package let count: Int
    /// Whether the block has the clusters' starts.
    package let hasStarts: Bool
    /// Room for how many segment ends.
    package let segmentCapacity: Int
    /// Whether the block has the glyphs column (until it is `kept` without it).
    package let hasPlainGlyphs: Bool
    /// How many kerning entries the block keeps (`kept`): `count` for the dense
    /// column, else how many clusters kern (0 before it is kept).
    package let kernCount: Int
    /// How many shaped pieces the block keeps after the kerning (0 before it is kept).
    package let pieceCount: Int
    /// Whether the block keeps each cluster's attribute run after the pieces (an
    /// attributed text's paragraph, once kept).
    package let hasClusterRuns: Bool
    /// The advances' bytes: 4 a cluster, or once `kept` narrowed them 2 a cluster rounded
    /// up to 4 (`advancesBytes(_:narrow:)`) — kept, not worked out, as every column after
    /// them is found from it.
    let advancesBytes: Int
    /// Whether the advances are kept in 16 bits (`narrowAdvances`; `kept` narrows them
    /// when every one fits), not 32 (`advances`).
    package var hasNarrowAdvances: Bool { advancesBytes != 4 * count }

    /// The block of a paragraph of `count` clusters, with their starts when `hasStarts`
    /// and room for `segmentCapacity` segment ends: advances and flags zeroed, the rest not
    /// written. Carved from `arena` when it holds at most `TextArena.sharedBlockBytes` (so
    /// that the paragraph keeps it where the builder wrote it: `kept`), else from `malloc`.
    package init(count: Int, hasStarts: Bool, segmentCapacity: Int, in arena: borrowing TextArena? = nil) {
        self.count = count
        self.hasStarts = hasStarts
        self.segmentCapacity = count > 0 ? segmentCapacity : 0
        hasPlainGlyphs = true
        kernCount = 0
        pieceCount = 0
        hasClusterRuns = false
        advancesBytes = 4 * count
        guard count > 0 else {
            (base, chunk) = (nil, nil)
            return
        }
        let flagsOffset = Self.flagsOffset(count, hasStarts, segmentCapacity, advancesBytes: 4 * count)
        let bytes = Self.kernsOffset(count, Self.glyphsOffset(count, flagsOffset), hasPlainGlyphs: true) + 2 * count
        if bytes <= TextArena.sharedBlockBytes, let carved = arena?.carve(bytes: bytes) {
            (chunk, base) = (Unmanaged.passRetained(carved.chunk), carved.block)
        } else {
            guard let block = malloc(bytes) else { fatalError("out of memory (\(bytes) bytes)") }
            (chunk, base) = (nil, block)
        }
        memset(base!, 0, 4 * count)
        memset(base! + flagsOffset, 0, count)
    }

    private init(_ tables: ClusterTables, base: UnsafeMutableRawPointer?, segmentCapacity: Int,
                 hasPlainGlyphs: Bool, kernCount: Int, pieceCount: Int, hasClusterRuns: Bool, advancesBytes: Int) {
        self.base = base
        chunk = nil
        count = tables.count
        hasStarts = tables.hasStarts
        self.segmentCapacity = segmentCapacity
        self.hasPlainGlyphs = hasPlainGlyphs
        self.kernCount = kernCount
        self.pieceCount = pieceCount
        self.hasClusterRuns = hasClusterRuns
        self.advancesBytes = advancesBytes
    }

    /// The tables of a paragraph of no cluster (nothing allocated).
    package static var none: ClusterTables { ClusterTables(count: 0, hasStarts: false, segmentCapacity: 0) }

    /// The advances' bytes: 4 a cluster, or 2 when narrow, rounded up to 4 (the starts
    /// and the segment ends after them are `Int32`).
    /// `@usableFromInline`: the paragraph finds its starts by it (`PreparedParagraph.clusterStarts`).
    @usableFromInline
    static func advancesBytes(_ count: Int, narrow: Bool) -> Int { narrow ? (2 * count + 3) & ~3 : 4 * count }
    static func segmentsOffset(_ count: Int, _ hasStarts: Bool, advancesBytes: Int) -> Int {
        advancesBytes + (hasStarts ? 4 * (count + 1) : 0)
    }
    static func flagsOffset(_ count: Int, _ hasStarts: Bool, _ segmentCapacity: Int, advancesBytes: Int) -> Int {
        segmentsOffset(count, hasStarts, advancesBytes: advancesBytes) + 4 * segmentCapacity
    }
    static func glyphsOffset(_ count: Int, _ flagsOffset: Int) -> Int { flagsOffset + ((count + 1) & ~1) }
    /// Where the kerning starts: after the glyphs when the block has them, rounded up to 4.
    static func kernsOffset(_ count: Int, _ glyphsOffset: Int, hasPlainGlyphs: Bool) -> Int {
        (glyphsOffset + (hasPlainGlyphs ? 2 * count : 0) + 3) & ~3
    }

    /// Where the pieces start: after the kerning, rounded up to 8 (`ShapedPiece`'s alignment).
    /// `@usableFromInline`: the paragraph finds its pieces by it (`PreparedParagraph.pieces`).
    @usableFromInline
    static func piecesOffset(_ count: Int, _ kernsOffset: Int, kernCount: Int) -> Int {
        (kernsOffset + (kernCount < count ? 6 * kernCount : 2 * count) + 7) & ~7
    }

    var segmentsOffset: Int { Self.segmentsOffset(count, hasStarts, advancesBytes: advancesBytes) }
    var flagsOffset: Int { Self.flagsOffset(count, hasStarts, segmentCapacity, advancesBytes: advancesBytes) }
    var glyphsOffset: Int { Self.glyphsOffset(count, flagsOffset) }
    var kernsOffset: Int { Self.kernsOffset(count, glyphsOffset, hasPlainGlyphs: hasPlainGlyphs) }
    var piecesOffset: Int { Self.piecesOffset(count, kernsOffset, kernCount: kernCount) }

    /// Each cluster's advance (empty once kept narrow: `narrowAdvances`).
    package var advances: UnsafeMutableBufferPointer<Int32> { column(at: 0, count: hasNarrowAdvances ? 0 : count) }
    /// Each cluster's advance in 16 bits, when `kept` found they all fit (else empty).
    package var narrowAdvances: UnsafeMutableBufferPointer<Int16> { column(at: 0, count: hasNarrowAdvances ? count : 0) }
    /// Each cluster's UTF-16 start in the text, and the paragraph's end (nil without them).
    package var starts: UnsafeMutableBufferPointer<Int32>? {
        hasStarts ? column(at: advancesBytes, count: count + 1) : nil
    }
    /// Room for the segments' ends (`segmentCapacity` of them; the paragraph keeps as many
    /// as the builder wrote).
    package var segmentEnds: UnsafeMutableBufferPointer<Int32> { column(at: segmentsOffset, count: segmentCapacity) }
    /// Each cluster's `ClusterFlags`.
    package var flags: UnsafeMutableBufferPointer<UInt8> { column(at: flagsOffset, count: count) }
    /// The glyph of each cluster of a run measured from tables (not zeroed); empty once
    /// dropped.
    package var plainGlyphs: UnsafeMutableBufferPointer<UInt16> {
        column(at: glyphsOffset, count: hasPlainGlyphs ? count : 0)
    }
    /// The kerned clusters, increasing (empty for the dense column, and before `kept`).
    package var kernedClusters: UnsafeMutableBufferPointer<Int32> {
        column(at: kernsOffset, count: kernCount < count ? kernCount : 0)
    }
    /// The kernings `kept` keeps: the kerned clusters' (`kernedClusters`), or every
    /// cluster's when `kernCount` is `count` (`Int16.min` where it is kept apart).
    package var kernValues: UnsafeMutableBufferPointer<Int16> {
        column(at: kernsOffset + (kernCount < count ? 4 * kernCount : 0), count: kernCount)
    }

    /// The shaped pieces, in logical order (empty before the block is kept).
    package var pieces: UnsafeMutableBufferPointer<ShapedPiece> { column(at: piecesOffset, count: pieceCount) }
    /// Each cluster's attribute run (empty but in an attributed text's kept block).
    package var clusterRuns: UnsafeMutableBufferPointer<UInt16> {
        column(at: piecesOffset + MemoryLayout<ShapedPiece>.stride * pieceCount, count: hasClusterRuns ? count : 0)
    }

    private func column<Element>(at offset: Int, count: Int) -> UnsafeMutableBufferPointer<Element> {
        guard let base else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        return UnsafeMutableBufferPointer(start: (base + offset).bindMemory(to: Element.self, capacity: count), count: count)
    }

    /// The tables as a paragraph keeps them, and the arena chunk that owns their block:
    /// the advances in 16 bits when every one fits (`hasNarrowAdvances`),
    /// room for `segmentCount` segment ends (of the `segmentCapacity` the builder had),
    /// without the glyphs column unless `keepsPlainGlyphs`, with the kerning of `kerns`
    /// (one per cluster, as the builder measured it) after it — the kerned clusters alone
    /// unless a third of them or more kern — then `pieces`, then `clusterRuns` (one per
    /// cluster, or none in a plain text).
    ///
    /// The columns are moved up within the block, then the block is fitted to them where it
    /// is: a block carved from `arena` by giving its chunk back the room it does not use
    /// (`TextArena.resize`: the text is written once, in the memory it is kept in, next to
    /// the texts prepared before it), a block from `malloc` (a long paragraph) by `realloc`,
    /// in a chunk of its own (a long text is never held twice). Only when the chunk was
    /// carved from since (another thread of the lane) or has no room for the pieces is the
    /// block copied into a new one. The pieces and the runs were arrays of their own, a
    /// malloc each per paragraph (and the pieces' one copied to its exact size): in the
    /// block, they cost neither.
    package func kept(segmentCount: Int, keepsPlainGlyphs: Bool, kerns: UnsafeMutableBufferPointer<Int16>,
                      pieces: [ShapedPiece], clusterRuns: [UInt16],
                      in arena: borrowing TextArena) -> (tables: ClusterTables, chunk: ArenaChunk?) {
        guard let base else { return (self, nil) }
        precondition(kerns.count == count && segmentCount <= segmentCapacity
                     && (clusterRuns.isEmpty || clusterRuns.count == count))
        let offset = Self.kernsOffset(count, glyphsOffset, hasPlainGlyphs: keepsPlainGlyphs)
        // The kerned clusters are kept alone when at most `most` of them kern; their values
        // are parked after room for `most` indices (6 × `most` bytes: within the room for
        // the dense column), then moved up behind the indices.
        let most = (count - 1) / 3
        let kernBytes: Int, kernCount: Int
        if let kerned = Self.compact(kerns, most: most, into: (base + offset).assumingMemoryBound(to: Int32.self),
                                     (base + offset + 4 * most).assumingMemoryBound(to: Int16.self)) {
            if kerned > 0 { memmove(base + offset + 4 * kerned, base + offset + 4 * most, 2 * kerned) }
            (kernBytes, kernCount) = (6 * kerned, kerned)
        } else {
            (base + offset).copyMemory(from: kerns.baseAddress!, byteCount: 2 * count)
            (kernBytes, kernCount) = (2 * count, count)
        }
        // Exact: the advances narrowed when they fit, the starts and the segment ends the
        // paragraph has moved up behind them, the columns after those moved up (each by a
        // multiple of 4 bytes, so each keeps its alignment), the pieces and runs after them.
        // (One cluster's advance takes 4 bytes either way: left as it is.)
        let narrow = count > 1 && Self.narrowed(advances)
        let advancesShift = 4 * count - Self.advancesBytes(count, narrow: narrow)
        if advancesShift > 0 {
            memmove(base + 4 * count - advancesShift, base + 4 * count, segmentsOffset + 4 * segmentCount - 4 * count)
        }
        let shift = advancesShift + 4 * (segmentCapacity - segmentCount)
        if shift > 0 { memmove(base + flagsOffset - shift, base + flagsOffset, offset + kernBytes - flagsOffset) }
        let piecesOffset = Self.piecesOffset(count, offset - shift, kernCount: kernCount)
        let runsOffset = piecesOffset + MemoryLayout<ShapedPiece>.stride * pieces.count
        let bytes = runsOffset + 2 * clusterRuns.count
        let allocated = Self.kernsOffset(count, glyphsOffset, hasPlainGlyphs: true) + 2 * count
        let block: UnsafeMutableRawPointer, owner: ArenaChunk
        if let chunk, chunk._withUnsafeGuaranteedRef({ arena.resize(base, of: allocated, to: bytes, in: $0) }) {
            (block, owner) = (base, chunk.takeRetainedValue())
        } else if chunk == nil, bytes > TextArena.sharedBlockBytes {
            guard let sized = realloc(base, bytes) else { fatalError("out of memory (\(bytes) bytes)") }
            (block, owner) = (sized, ArenaChunk(adopting: sized, bytes: bytes))
        } else {
            (owner, block) = arena.carve(bytes: bytes)
            block.copyMemory(from: base, byteCount: piecesOffset)
            free()
        }
        pieces.withUnsafeBytes { pieces in
            if let start = pieces.baseAddress { (block + piecesOffset).copyMemory(from: start, byteCount: pieces.count) }
        }
        clusterRuns.withUnsafeBytes { runs in
            if let start = runs.baseAddress { (block + runsOffset).copyMemory(from: start, byteCount: runs.count) }
        }
        let tables = ClusterTables(self, base: block, segmentCapacity: segmentCount,
                                   hasPlainGlyphs: keepsPlainGlyphs, kernCount: kernCount, pieceCount: pieces.count,
                                   hasClusterRuns: !clusterRuns.isEmpty,
                                   advancesBytes: Self.advancesBytes(count, narrow: narrow))
        return (tables, owner)
    }

    /// Whether every one of `advances` fits in 16 bits — then narrowed in place, each
    /// into the first half of the column — or not (left as they are: a wide advance's
    /// mark, `PreparedParagraph.wideAdvance`, does not fit either). Both loops take sixteen
    /// advances at a time: the test first (an advance fits when adding 2^15 leaves its top
    /// half clear), as narrowing writes over the column; each sixteen are read before
    /// their narrow form is written, over advances already read. (Eight, four and one at a
    /// time for the tail cost more instructions, not fewer.)
    private static func narrowed(_ advances: UnsafeMutableBufferPointer<Int32>) -> Bool {
        // Raw loads and stores: the same bytes are read as Int32 and written as Int16.
        let column = UnsafeMutableRawPointer(advances.baseAddress!), count = advances.count
        var spills = SIMD16<Int32>.zero, c = 0
        while c &+ 16 <= count {
            spills |= column.loadUnaligned(fromByteOffset: 4 &* c, as: SIMD16<Int32>.self) &+ 0x8000
            c &+= 16
        }
        var spill: UInt32 = 0
        for i in 0..<16 { spill |= UInt32(bitPattern: spills[i]) }
        while c < count {
            spill |= UInt32(bitPattern: column.load(fromByteOffset: 4 &* c, as: Int32.self) &+ 0x8000)
            c &+= 1
        }
        guard spill >> 16 == 0 else { return false }
        c = 0
        while c &+ 16 <= count {
            let sixteen = column.loadUnaligned(fromByteOffset: 4 &* c, as: SIMD16<Int32>.self)
            column.storeBytes(of: SIMD16<Int16>(truncatingIfNeeded: sixteen), toByteOffset: 2 &* c, as: SIMD16<Int16>.self)
            c &+= 16
        }
        while c < count {
            let advance = column.load(fromByteOffset: 4 &* c, as: Int32.self)
            column.storeBytes(of: Int16(truncatingIfNeeded: advance), toByteOffset: 2 &* c, as: Int16.self)
            c &+= 1
        }
        return true
    }

    /// The index and the value of each of `kerns` that is not zero, in order, into
    /// `clusters` and `values`, and how many; nil as soon as more than `most` are. Eight
    /// kernings two loads, so eight zeros cost one test (a loop over each took ~6
    /// instructions a cluster, 1 % of a cold pass).
    private static func compact(_ kerns: UnsafeMutableBufferPointer<Int16>, most: Int,
                                into clusters: UnsafeMutablePointer<Int32>, _ values: UnsafeMutablePointer<Int16>) -> Int? {
        let dense = UnsafeRawPointer(kerns.baseAddress!), count = kerns.count
        var c = 0, k = 0
        /// The kernings of the four clusters from `at` in `word`, appended; false past `most`.
        @inline(__always)
        func append(_ word: UInt64, at c: Int) -> Bool {
            var word = word
            while word != 0 {
                let shift = word.trailingZeroBitCount & ~15
                guard k < most else { return false }
                clusters[k] = Int32(truncatingIfNeeded: c &+ shift &>> 4)
                values[k] = Int16(truncatingIfNeeded: word &>> UInt64(shift))
                word &= ~(0xFFFF &<< UInt64(shift))
                k &+= 1
            }
            return true
        }
        while c &+ 8 <= count {
            let low = dense.loadUnaligned(fromByteOffset: 2 &* c, as: UInt64.self)
            let high = dense.loadUnaligned(fromByteOffset: 2 &* c &+ 8, as: UInt64.self)
            if low | high != 0 {
                guard append(low, at: c), append(high, at: c &+ 4) else { return nil }
            }
            c &+= 8
        }
        while c < count {
            if kerns[c] != 0 {
                guard k < most else { return nil }
                clusters[k] = Int32(truncatingIfNeeded: c)
                values[k] = kerns[c]
                k &+= 1
            }
            c &+= 1
        }
        return k
    }

    /// Frees the block of tables that are not kept (`kept` frees or takes it over): gives
    /// its chunk back, or frees it.
    package func free() {
        if let chunk { chunk.release() } else { Glibc.free(base) }
    }
}
