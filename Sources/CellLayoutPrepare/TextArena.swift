import CellLayoutCore
import Glibc
import Synchronization

/// Where prepared texts keep what they hold for their lives in blocks of their own size,
/// one block after another in shared chunks of 64 KB: an engine has one for the texts'
/// packed segments, laid side by side for the re-fit to stream through, and one for their
/// paragraphs' cluster tables, pieces and runs (`ClusterTables`).
///
/// Why chunks and not a malloc per block: every page a cold pass keeps is fresh memory,
/// and glibc grows a second thread's malloc arena (not the main one, which `brk` grows
/// 128 KB ahead) by one `mprotect` for each page it takes — ~1,800 system calls per
/// two-thread pass over public-10k, ~3 % of its CPU time (perf), which the one-thread pass
/// on the main arena did not pay. A chunk grows the arena 16 pages at once. Blocks are
/// also exact: no malloc header or size-class rounding per block, and texts prepared one
/// after another lie one after another in memory, so re-fitting a table's rows streams
/// through it instead of jumping to a separate allocation per text.
///
/// Thread-safe: carving is under a lock. A chunk is freed when the last object holding a
/// block of it is, so a chunk outlives its texts only while one of them lives; a block of
/// more than a quarter chunk gets a chunk of its own.
///
/// The arena has lanes, each with its own lock and chunk, and a thread carves from its
/// lane (`ThreadLanes`): threads that prepare at once then do not share a lock, a chunk's
/// reference count or a cache line of what they keep (on two cores, one shared chunk made
/// every text's carving and retain move a cache line between them).
package final class TextArena: Sendable {
    /// Bytes per shared chunk.
    static let chunkBytes = 64 << 10
    /// The largest block carved from a shared chunk; a larger one gets a chunk of its own.
    package static let sharedBlockBytes = chunkBytes / 4
    /// Every block starts at a multiple of this (a packed segment's alignment).
    static let alignment = 8

    /// One lane: its own lock and current chunk (a separate object, padded, so lanes do not
    /// share a cache line).
    private final class Lane: Sendable {
        let current = Mutex<ArenaChunk?>(nil)
        /// Keeps the next lane's lock off this one's cache line.
        let padding = CacheLinePadding()
    }

    private let lanes = ThreadLanes { Lane() }

    package init() {}

    /// A block holding the segments the builder wrote into `segments`, and the chunk that
    /// owns it: a long text's own buffer becomes its chunk (not copied, so never held twice),
    /// a short one's is copied next to the texts before it and freed.
    package func store(_ segments: PackedSegmentBuffer) -> (chunk: ArenaChunk, segments: UnsafeBufferPointer<PackedSegment>) {
        let count = segments.count
        if count * MemoryLayout<PackedSegment>.stride > Self.sharedBlockBytes {
            let chunk = ArenaChunk(adopting: UnsafeMutableRawPointer(segments.takeFitted()),
                                   bytes: count * MemoryLayout<PackedSegment>.stride)
            return (chunk, UnsafeBufferPointer(start: chunk.base.assumingMemoryBound(to: PackedSegment.self), count: count))
        }
        return store(count: count) { block in
            _ = block.initialize(fromContentsOf: segments.entries)
        }
    }

    /// A block of `count` segments written by `fill` (which initializes every one), and
    /// the chunk that owns it.
    package func store(count: Int, fill: (UnsafeMutableBufferPointer<PackedSegment>) -> Void)
        -> (chunk: ArenaChunk, segments: UnsafeBufferPointer<PackedSegment>) {
        let (chunk, block) = carve(bytes: count * MemoryLayout<PackedSegment>.stride)
        let segments = UnsafeMutableBufferPointer(start: block.bindMemory(to: PackedSegment.self, capacity: count), count: count)
        fill(segments)
        return (chunk, UnsafeBufferPointer(segments))
    }

    /// Uninitialized memory for `bytes` bytes (aligned to 8), and the chunk that owns it:
    /// the calling thread's to write (the range is carved under the lane's lock, written
    /// outside it) before the block is shared.
    package func carve(bytes: Int) -> (chunk: ArenaChunk, block: UnsafeMutableRawPointer) {
        if bytes > Self.sharedBlockBytes {
            let chunk = ArenaChunk(bytes: bytes)
            chunk.used = bytes
            return (chunk, chunk.base)
        }
        let rounded = (bytes + Self.alignment - 1) & ~(Self.alignment - 1)
        return lanes.current.current.withLock { current in
            if let chunk = current, chunk.used + rounded <= chunk.capacity {
                defer { chunk.used += rounded }
                return (chunk, chunk.base + chunk.used)
            }
            let chunk = ArenaChunk(bytes: Self.chunkBytes)
            chunk.used = rounded
            current = chunk
            return (chunk, chunk.base)
        }
    }
}

extension TextArena {
    /// Whether `block`, carved from `chunk` for `bytes` bytes, now takes `fitted` bytes
    /// (fewer or more): true when it is still the last block carved from the calling
    /// thread's lane and the chunk has the room, the chunk's room past it given back or
    /// taken; false (nothing changed) when it is not — another thread of the lane carved
    /// since, or the lane moved to a new chunk — or the room is not there.
    package func resize(_ block: UnsafeMutableRawPointer, of bytes: Int, to fitted: Int, in chunk: ArenaChunk) -> Bool {
        let start = block - chunk.base
        let end = start + (bytes + Self.alignment - 1) & ~(Self.alignment - 1)
        let fittedEnd = start + (fitted + Self.alignment - 1) & ~(Self.alignment - 1)
        return lanes.current.current.withLock { current in
            guard current === chunk, chunk.used == end, fittedEnd <= chunk.capacity else { return false }
            chunk.used = fittedEnd
            return true
        }
    }
}

/// One chunk of a `TextArena`: memory from `malloc`, freed when the last holder of a block
/// of it goes. Its `used` count changes only under the arena's lock (or before the chunk is
/// shared), and each block is written once, by the text it was carved for, before the text
/// is shared: hence Sendable.
package final class ArenaChunk: @unchecked Sendable {
    /// How many bytes the chunk holds.
    package let capacity: Int
    /// How many bytes are carved. `@exclusivity(unchecked)`: only ever changed under the
    /// arena's lane lock (or before the chunk is shared), where Swift's dynamic check on a
    /// class's stored `var` cost ~2 M instructions a cold pass over public-10k.
    @exclusivity(unchecked) package var used = 0
    /// The chunk's memory, from `malloc` (as a `PackedSegmentBuffer`'s or a `ClusterTables`
    /// block, which a chunk may take over).
    package let base: UnsafeMutableRawPointer

    /// A chunk of `bytes` bytes, none carved.
    package init(bytes: Int) {
        capacity = bytes
        guard let base = malloc(max(1, bytes)) else { fatalError("out of memory (\(bytes) bytes)") }
        self.base = base
    }

    /// A chunk that is `block` (from `malloc`, `bytes` bytes), wholly used: the chunk frees it.
    package init(adopting block: UnsafeMutableRawPointer, bytes: Int) {
        base = block
        capacity = bytes
        used = bytes
    }

    deinit { free(base) }
}
