import Glibc

/// A paragraph's per-cluster tables in one allocation: each cluster's advance (`Int32`),
/// its UTF-16 start when clusters are not all one code unit (`Int32`, one more entry than
/// clusters), where its segments end (`Int32`, room for as many as it has break
/// opportunities), its kerning with the next cluster (`Int16`: a kerning past it is kept
/// apart, `ParagraphBuilder.Measures.setKern`), its `ClusterFlags` (a byte) and the glyphs
/// of its runs measured from tables (`UInt16`), one column after the other.
///
/// A prepared text keeps these for as long as it lives: six allocations per paragraph were
/// six malloc calls, six headers and six roundings up to 16 bytes of fresh memory for
/// each text (page faults), and at two threads the second thread's malloc arena grew by an
/// `mprotect` for each page they took. The builder writes the columns in place
/// (`ParagraphBuilder.Measures`), and the paragraph frees the block (`free()`).
///
/// Column offsets are multiples of 4 bytes but for the flags' and the glyphs' (which
/// follow the flags rounded up to 2), so every column is aligned for its type; the glyphs
/// come last, so that a paragraph with no run measured from tables drops them by shrinking the block.
package struct ClusterTables {
    /// The block (nil for a paragraph of no cluster: nothing is allocated).
    package let base: UnsafeMutableRawPointer?
    /// How many clusters.
    package let count: Int
    /// Whether the block has the clusters' starts.
    package let hasStarts: Bool
    /// Room for how many segment ends.
    package let segmentCapacity: Int
    /// Whether the block has the glyphs column (until `finished(keepsPlainGlyphs: false)`).
    package let hasPlainGlyphs: Bool

    /// The block of a paragraph of `count` clusters, with their starts when `hasStarts`
    /// and room for `segmentCapacity` segment ends: advances, kerns and flags zeroed, the
    /// rest not written.
    package init(count: Int, hasStarts: Bool, segmentCapacity: Int) {
        self.count = count
        self.hasStarts = hasStarts
        self.segmentCapacity = count > 0 ? segmentCapacity : 0
        hasPlainGlyphs = true
        guard count > 0 else {
            base = nil
            return
        }
        let flagsOffset = Self.flagsOffset(count, hasStarts, segmentCapacity)
        let bytes = Self.glyphsOffset(count, flagsOffset) + 2 * count
        guard let base = malloc(bytes) else { fatalError("out of memory (\(bytes) bytes)") }
        self.base = base
        memset(base, 0, 4 * count)
        // The kerns and the flags after them.
        memset(base + flagsOffset - 2 * count, 0, 3 * count)
    }

    private init(_ tables: ClusterTables, base: UnsafeMutableRawPointer?, hasPlainGlyphs: Bool) {
        self.base = base
        count = tables.count
        hasStarts = tables.hasStarts
        segmentCapacity = tables.segmentCapacity
        self.hasPlainGlyphs = hasPlainGlyphs
    }

    /// The tables of a paragraph of no cluster (nothing allocated).
    package static var none: ClusterTables { ClusterTables(count: 0, hasStarts: false, segmentCapacity: 0) }

    static func segmentsOffset(_ count: Int, _ hasStarts: Bool) -> Int { 4 * count + (hasStarts ? 4 * (count + 1) : 0) }
    static func kernsOffset(_ count: Int, _ hasStarts: Bool, _ segmentCapacity: Int) -> Int {
        segmentsOffset(count, hasStarts) + 4 * segmentCapacity
    }
    static func flagsOffset(_ count: Int, _ hasStarts: Bool, _ segmentCapacity: Int) -> Int {
        kernsOffset(count, hasStarts, segmentCapacity) + 2 * count
    }
    static func glyphsOffset(_ count: Int, _ flagsOffset: Int) -> Int { flagsOffset + ((count + 1) & ~1) }

    var segmentsOffset: Int { Self.segmentsOffset(count, hasStarts) }
    var kernsOffset: Int { Self.kernsOffset(count, hasStarts, segmentCapacity) }
    var flagsOffset: Int { Self.flagsOffset(count, hasStarts, segmentCapacity) }
    var glyphsOffset: Int { Self.glyphsOffset(count, flagsOffset) }

    /// Each cluster's advance.
    package var advances: UnsafeMutableBufferPointer<Int32> { column(at: 0, count: count) }
    /// Each cluster's kerning with the next one (`Int16.min` where it is kept apart).
    package var kerns: UnsafeMutableBufferPointer<Int16> { column(at: kernsOffset, count: count) }
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

    private func column<Element>(at offset: Int, count: Int) -> UnsafeMutableBufferPointer<Element> {
        guard let base else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        return UnsafeMutableBufferPointer(start: (base + offset).bindMemory(to: Element.self, capacity: count), count: count)
    }

    /// The tables as a paragraph keeps them: without the glyphs column unless
    /// `keepsPlainGlyphs` (the block shrunk to end before it: `realloc`, which may move it,
    /// so the columns are read again from the result).
    package func finished(keepsPlainGlyphs: Bool) -> ClusterTables {
        guard let base, !keepsPlainGlyphs else { return self }
        // Shrinking never fails in glibc; were it to, the block as it is still holds the rest.
        let shrunk = realloc(base, glyphsOffset) ?? base
        return ClusterTables(self, base: shrunk, hasPlainGlyphs: false)
    }

    /// Frees the block.
    package func free() { Glibc.free(base) }
}
