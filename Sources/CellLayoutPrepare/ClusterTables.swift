import Glibc

/// A paragraph's per-cluster tables in one allocation: each cluster's advance (`Int32`),
/// its UTF-16 start when clusters are not all one code unit (`Int32`, one more entry than
/// clusters), where its segments end (`Int32`, room for as many as it has break
/// opportunities), its `ClusterFlags` (a byte), the glyphs of its runs measured from tables
/// (`UInt16`) and its kerning with the next cluster, one column after the other.
///
/// A prepared text keeps these for as long as it lives: six allocations per paragraph were
/// six malloc calls, six headers and six roundings up to 16 bytes of fresh memory for
/// each text (page faults), and at two threads the second thread's malloc arena grew by an
/// `mprotect` for each page they took. The builder writes the columns in place
/// (`ParagraphBuilder.Measures`), and the paragraph frees the block (`free()`).
///
/// The kerning is written last, when the paragraph is finished (`finished`), from the dense
/// column the builder measured into (`Int16` a cluster, in its scratch region: a kerning
/// past it is kept apart, `ParagraphBuilder.Measures.setKern`). Most clusters do not kern
/// with the next one, so the block keeps only the kerned ones: their indices (`Int32`,
/// increasing), then their kernings (`Int16`), 6 bytes a kerned cluster where the dense
/// column took 2 bytes a cluster (4.6 MB of the 37 MB a cold pass over public-10k kept). A
/// paragraph where a third of its clusters or more kern keeps the dense column, which is
/// then the smaller. The block is allocated with room for the dense column after the
/// glyphs (the most either form takes) and shrunk to what it keeps.
///
/// Column offsets are multiples of 4 bytes but for the flags' and the glyphs' (which
/// follow the flags rounded up to 2), so every column is aligned for its type; the kerning
/// comes last, after the glyphs when they are kept (a paragraph with no run measured from
/// tables drops them, its kerning written over where they were).
package struct ClusterTables {
    /// The block (nil for a paragraph of no cluster: nothing is allocated).
    package let base: UnsafeMutableRawPointer?
    /// How many clusters.
    package let count: Int
    /// Whether the block has the clusters' starts.
    package let hasStarts: Bool
    /// Room for how many segment ends.
    package let segmentCapacity: Int
    /// Whether the block has the glyphs column (until `finished(keepsPlainGlyphs: false, kerns:)`).
    package let hasPlainGlyphs: Bool
    /// How many kerning entries the block keeps (`finished`): `count` for the dense
    /// column, else how many clusters kern (0 before it is finished).
    package let kernCount: Int

    /// The block of a paragraph of `count` clusters, with their starts when `hasStarts`
    /// and room for `segmentCapacity` segment ends: advances and flags zeroed, the rest not
    /// written.
    package init(count: Int, hasStarts: Bool, segmentCapacity: Int) {
        self.count = count
        self.hasStarts = hasStarts
        self.segmentCapacity = count > 0 ? segmentCapacity : 0
        hasPlainGlyphs = true
        kernCount = 0
        guard count > 0 else {
            base = nil
            return
        }
        let flagsOffset = Self.flagsOffset(count, hasStarts, segmentCapacity)
        let bytes = Self.kernsOffset(count, Self.glyphsOffset(count, flagsOffset), hasPlainGlyphs: true) + 2 * count
        guard let base = malloc(bytes) else { fatalError("out of memory (\(bytes) bytes)") }
        self.base = base
        memset(base, 0, 4 * count)
        memset(base + flagsOffset, 0, count)
    }

    private init(_ tables: ClusterTables, base: UnsafeMutableRawPointer?, hasPlainGlyphs: Bool, kernCount: Int) {
        self.base = base
        count = tables.count
        hasStarts = tables.hasStarts
        segmentCapacity = tables.segmentCapacity
        self.hasPlainGlyphs = hasPlainGlyphs
        self.kernCount = kernCount
    }

    /// The tables of a paragraph of no cluster (nothing allocated).
    package static var none: ClusterTables { ClusterTables(count: 0, hasStarts: false, segmentCapacity: 0) }

    static func segmentsOffset(_ count: Int, _ hasStarts: Bool) -> Int { 4 * count + (hasStarts ? 4 * (count + 1) : 0) }
    static func flagsOffset(_ count: Int, _ hasStarts: Bool, _ segmentCapacity: Int) -> Int {
        segmentsOffset(count, hasStarts) + 4 * segmentCapacity
    }
    static func glyphsOffset(_ count: Int, _ flagsOffset: Int) -> Int { flagsOffset + ((count + 1) & ~1) }
    /// Where the kerning starts: after the glyphs when the block has them, rounded up to 4.
    static func kernsOffset(_ count: Int, _ glyphsOffset: Int, hasPlainGlyphs: Bool) -> Int {
        (glyphsOffset + (hasPlainGlyphs ? 2 * count : 0) + 3) & ~3
    }

    var segmentsOffset: Int { Self.segmentsOffset(count, hasStarts) }
    var flagsOffset: Int { Self.flagsOffset(count, hasStarts, segmentCapacity) }
    var glyphsOffset: Int { Self.glyphsOffset(count, flagsOffset) }
    var kernsOffset: Int { Self.kernsOffset(count, glyphsOffset, hasPlainGlyphs: hasPlainGlyphs) }

    /// Each cluster's advance.
    package var advances: UnsafeMutableBufferPointer<Int32> { column(at: 0, count: count) }
    /// Each cluster's UTF-16 start in the text, and the paragraph's end (nil without them).
    package var starts: UnsafeMutableBufferPointer<Int32>? { hasStarts ? column(at: 4 * count, count: count + 1) : nil }
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
    /// The kerned clusters, increasing (empty for the dense column, and before `finished`).
    package var kernedClusters: UnsafeMutableBufferPointer<Int32> {
        column(at: kernsOffset, count: kernCount < count ? kernCount : 0)
    }
    /// The kernings `finished` kept: the kerned clusters' (`kernedClusters`), or every
    /// cluster's when `kernCount` is `count` (`Int16.min` where it is kept apart).
    package var kernValues: UnsafeMutableBufferPointer<Int16> {
        column(at: kernsOffset + (kernCount < count ? 4 * kernCount : 0), count: kernCount)
    }

    private func column<Element>(at offset: Int, count: Int) -> UnsafeMutableBufferPointer<Element> {
        guard let base else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        return UnsafeMutableBufferPointer(start: (base + offset).bindMemory(to: Element.self, capacity: count), count: count)
    }

    /// The tables as a paragraph keeps them: without the glyphs column unless
    /// `keepsPlainGlyphs`, and with the kerning of `kerns` (one per cluster, as the builder
    /// measured it) after it, the kerned clusters alone unless a third of them or more kern.
    /// The block is shrunk to end there when that frees a malloc chunk's worth (`realloc`,
    /// which may move it, so the columns are read again from the result).
    package func finished(keepsPlainGlyphs: Bool, kerns: UnsafeMutableBufferPointer<Int16>) -> ClusterTables {
        guard let base else { return self }
        precondition(kerns.count == count)
        let offset = Self.kernsOffset(count, glyphsOffset, hasPlainGlyphs: keepsPlainGlyphs)
        // The kerned clusters are kept alone when at most `most` of them kern; their values
        // are parked after room for `most` indices (6 × `most` bytes: within the room for
        // the dense column), then moved up behind the indices.
        let most = (count - 1) / 3
        let bytes: Int, kernCount: Int
        if let kerned = Self.compact(kerns, most: most, into: (base + offset).assumingMemoryBound(to: Int32.self),
                                     (base + offset + 4 * most).assumingMemoryBound(to: Int16.self)) {
            if kerned > 0 { memmove(base + offset + 4 * kerned, base + offset + 4 * most, 2 * kerned) }
            (bytes, kernCount) = (offset + 6 * kerned, kerned)
        } else {
            (base + offset).copyMemory(from: kerns.baseAddress!, byteCount: 2 * count)
            (bytes, kernCount) = (offset + 2 * count, count)
        }
        let allocated = Self.kernsOffset(count, glyphsOffset, hasPlainGlyphs: true) + 2 * count
        // Shrinking never fails in glibc; were it to, the block as it is still holds the rest.
        // Fewer than 32 bytes off (glibc's smallest chunk) would free nothing.
        let shrunk = allocated - bytes >= 32 ? realloc(base, bytes) ?? base : base
        return ClusterTables(self, base: shrunk, hasPlainGlyphs: keepsPlainGlyphs, kernCount: kernCount)
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

    /// Frees the block.
    package func free() { Glibc.free(base) }
}
