import Glibc

/// The packed segments of one text as the builder writes them, paragraph by paragraph
/// (`PreparedText.packedSegments`, before any metrics marks): grown by `realloc`, which moves
/// a long buffer's pages rather than copying them, and whose untouched tail costs no memory.
/// Freed with the buffer unless an `ArenaChunk` takes it over.
package final class PackedSegmentBuffer {
    // `@exclusivity(unchecked)`: a buffer is one builder's alone (never shared between
    // threads or reached through two paths at once), and the dynamic exclusivity check
    // Swift keeps on a class's stored `var` cost ~75 instructions per access, 43,098
    // reserves and every append of 10,000 rows (~7 M instructions, 0.6 % of a cold pass).
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<PackedSegment>?
    /// How many entries the memory holds.
    @exclusivity(unchecked) package private(set) var capacity = 0
    /// How many entries are written.
    @exclusivity(unchecked) package private(set) var count = 0
    /// Whether a segment took `PackedSegment.wide` (wider than 32 bits, or of a negative
    /// advance).
    @exclusivity(unchecked) package private(set) var hasWide = false

    /// An empty buffer.
    package init() {}

    deinit { free(base) }

    /// The entries written.
    package var entries: UnsafeBufferPointer<PackedSegment> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more entries.
    package func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        capacity = max(count + extra, capacity + capacity / 2, 16)
        base = realloc(base, capacity * MemoryLayout<PackedSegment>.stride)!.assumingMemoryBound(to: PackedSegment.self)
    }

    /// Appends a segment of widths `width` and `trailing` (layout units); room for one
    /// entry must be reserved (a wide segment makes room for its other two, on top of what
    /// the caller reserved for the segments after it).
    @inline(__always)
    package func append(width: Int64, trailing: Int64) {
        if let packed = PackedSegment(width: width, trailing: trailing) {
            base![count] = packed
            count += 1
            return
        }
        // Not `reserve(3)`: that only makes room for these three, taking two entries the
        // caller reserved for the segments after this one (a heap overflow found by the
        // measure fuzzer at 10,000 pt, where long words are wide).
        capacity += max(2, capacity / 2)
        base = realloc(base, capacity * MemoryLayout<PackedSegment>.stride)!.assumingMemoryBound(to: PackedSegment.self)
        hasWide = true
        base![count] = .wide
        base![count + 1] = PackedSegment(bits: UInt64(bitPattern: width))
        base![count + 2] = PackedSegment(bits: UInt64(bitPattern: trailing))
        count += 3
    }

    /// Ends the paragraph whose segments were appended (room for one entry must be reserved).
    package func endParagraph() {
        base![count] = .paragraphEnd
        count += 1
    }

    /// Hands the memory over, fitted to `count`: the buffer no longer frees it.
    func takeFitted() -> UnsafeMutablePointer<PackedSegment> {
        let fitted = realloc(base, max(1, count) * MemoryLayout<PackedSegment>.stride)!
            .assumingMemoryBound(to: PackedSegment.self)
        base = nil
        return fitted
    }
}
