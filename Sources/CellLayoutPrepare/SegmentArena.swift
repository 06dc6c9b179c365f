import CellLayoutCore
import Glibc
import Synchronization

/// Where prepared texts keep their packed segments: one block after another in shared
/// chunks, so that the segments of texts prepared one after another lie one after another
/// in memory, and re-fitting a table's rows streams through memory instead of jumping to
/// a separate allocation per text.
///
/// Thread-safe: carving is under a lock (once per prepared text). A chunk is freed when the
/// last text holding a block of it is, so a chunk outlives its texts only while one of
/// them lives; texts with more segments than a quarter chunk get a chunk of their own.
///
/// The arena has lanes, each with its own lock and chunk, and a thread carves from the lane
/// its identity picks: threads that prepare at once then rarely share a lock, a chunk's
/// reference count or a cache line of segments (on two cores, one shared chunk made every
/// text's carving and retain move a cache line between them).
package final class SegmentArena: Sendable {
    /// Segments per shared chunk (8 bytes each: 64 KB).
    static let chunkCapacity = 8192

    /// One lane: its own lock and current chunk (a separate object, so lanes do not share
    /// a cache line).
    private final class Lane: Sendable {
        let current = Mutex<SegmentChunk?>(nil)
    }

    private let lanes = ThreadLanes { Lane() }

    /// A block holding the segments the builder wrote into `segments`, and the chunk that
    /// owns it: a long text's own buffer becomes its chunk (not copied, so never held twice),
    /// a short one's is copied next to the texts before it and freed.
    package func store(_ segments: PackedSegmentBuffer) -> (chunk: SegmentChunk, segments: UnsafeBufferPointer<PackedSegment>) {
        let count = segments.count
        if count > Self.chunkCapacity / 4 {
            let chunk = SegmentChunk(adopting: segments)
            return (chunk, UnsafeBufferPointer(start: chunk.base, count: count))
        }
        return store(count: count) { block in
            _ = block.initialize(fromContentsOf: segments.entries)
        }
    }

    /// A block of `count` segments written by `fill` (which initializes every one), and
    /// the chunk that owns it.
    package func store(count: Int, fill: (UnsafeMutableBufferPointer<PackedSegment>) -> Void)
        -> (chunk: SegmentChunk, segments: UnsafeBufferPointer<PackedSegment>) {
        if count > Self.chunkCapacity / 4 {
            let chunk = SegmentChunk(capacity: count)
            return (chunk, chunk.fill(at: 0, count: count, fill))
        }
        let (chunk, start) = lanes.current.current.withLock { current -> (SegmentChunk, Int) in
            if let chunk = current, chunk.used + count <= chunk.capacity {
                defer { chunk.used += count }
                return (chunk, chunk.used)
            }
            let chunk = SegmentChunk(capacity: Self.chunkCapacity)
            chunk.used = count
            current = chunk
            return (chunk, 0)
        }
        // The range carved out is this caller's alone: written outside the lock.
        return (chunk, chunk.fill(at: start, count: count, fill))
    }
}

/// One chunk of a `SegmentArena`. Its `used` count changes only under the arena's lock,
/// and each block is written once, by the text it was carved for, before the text is
/// shared: hence Sendable.
package final class SegmentChunk: @unchecked Sendable {
    package let capacity: Int
    package var used = 0
    /// The chunk's memory, from `malloc` (as a `PackedSegmentBuffer`'s, which a chunk may
    /// take over).
    package let base: UnsafeMutablePointer<PackedSegment>

    package init(capacity: Int) {
        self.capacity = capacity
        base = malloc(max(1, capacity) * MemoryLayout<PackedSegment>.stride)!.assumingMemoryBound(to: PackedSegment.self)
    }

    /// A chunk that is `segments`' memory, fitted to what it holds and wholly used.
    package init(adopting segments: PackedSegmentBuffer) {
        base = segments.takeFitted()
        capacity = segments.count
        used = capacity
    }

    deinit { free(base) }

    /// The block of `count` segments at `start`, written by `fill`.
    package func fill(at start: Int, count: Int, _ fill: (UnsafeMutableBufferPointer<PackedSegment>) -> Void)
        -> UnsafeBufferPointer<PackedSegment> {
        let block = UnsafeMutableBufferPointer(start: base + start, count: count)
        fill(block)
        return UnsafeBufferPointer(block)
    }
}

/// The packed segments of one text as the builder writes them, paragraph by paragraph
/// (`PreparedText.packedSegments`, before any metrics marks): grown by `realloc`, which moves
/// a long buffer's pages rather than copying them, and whose untouched tail costs no memory.
/// Freed with the buffer unless a `SegmentChunk` takes it over.
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
    fileprivate func takeFitted() -> UnsafeMutablePointer<PackedSegment> {
        let fitted = realloc(base, max(1, count) * MemoryLayout<PackedSegment>.stride)!
            .assumingMemoryBound(to: PackedSegment.self)
        base = nil
        return fitted
    }
}
