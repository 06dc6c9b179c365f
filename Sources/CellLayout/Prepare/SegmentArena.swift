import Synchronization

/// Where prepared texts keep their packed segments: one block after another in shared
/// chunks, so that the segments of texts prepared one after another lie one after another
/// in memory, and re-fitting a table's rows streams through memory instead of jumping to
/// a separate allocation per text.
///
/// Thread-safe: carving is under a lock (once per prepared text). A chunk is freed when the
/// last text holding a block of it is, so a chunk outlives its texts only while one of
/// them lives; texts with more segments than a quarter chunk get a chunk of their own.
final class SegmentArena: Sendable {
    /// Segments per shared chunk (8 bytes each: 64 KB).
    static let chunkCapacity = 8192

    private let current = Mutex<SegmentChunk?>(nil)

    /// A block of `count` segments written by `fill` (which initializes every one), and
    /// the chunk that owns it.
    func store(count: Int, fill: (UnsafeMutableBufferPointer<PackedSegment>) -> Void)
        -> (chunk: SegmentChunk, segments: UnsafeBufferPointer<PackedSegment>) {
        if count > Self.chunkCapacity / 4 {
            let chunk = SegmentChunk(capacity: count)
            return (chunk, chunk.fill(at: 0, count: count, fill))
        }
        let (chunk, start) = current.withLock { current -> (SegmentChunk, Int) in
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
final class SegmentChunk: @unchecked Sendable {
    let capacity: Int
    var used = 0
    private let base: UnsafeMutablePointer<PackedSegment>

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The block of `count` segments at `start`, written by `fill`.
    func fill(at start: Int, count: Int, _ fill: (UnsafeMutableBufferPointer<PackedSegment>) -> Void)
        -> UnsafeBufferPointer<PackedSegment> {
        let block = UnsafeMutableBufferPointer(start: base + start, count: count)
        fill(block)
        return UnsafeBufferPointer(block)
    }
}
