import CellLayoutCore
import Glibc
import Synchronization

/// Memory for a paragraph's temporaries (the tables a builder writes and reads while it
/// builds one paragraph and frees at its end), handed out by bumping an offset in one
/// block that the builder empties after each paragraph (`reset()`) and that its thread lane
/// keeps between texts (`ScratchSlot`): no malloc or free per temporary.
///
/// A paragraph of the general path made seven to ten such tables, most over 1 KB: glibc's
/// thread cache does not serve those, so each was a trip through the arena (its lock taken
/// as soon as a second thread exists) and a free that consolidated chunks.
///
/// A request the block cannot hold moves the region to a new block twice as large (or as
/// large as the request needs): what was handed out from the old block stays valid, the
/// old block kept (chained from the new one's header) until `reset()`.
package struct ScratchRegion {
    /// The block: a header (`Header`), then `capacity` bytes.
    private let block: UnsafeMutableRawPointer
    /// The offset past the last byte handed out since the last `reset()`.
    private var used = 0

    /// A block's header: its capacity, and the block it replaced (freed at `reset()`).
    private struct Header {
        var capacity: Int
        var retired: UnsafeMutableRawPointer?
    }

    /// Bytes before the first one handed out: 16, so that every element type up to 16-byte
    /// alignment can start there.
    private static let headerBytes = 16

    /// The bytes a new region holds: a paragraph of ~300 code units needs ~15 KB.
    package static let initialCapacity = 16 << 10

    /// A region with a new block of `capacity` bytes (at least one).
    package init(capacity: Int = initialCapacity) {
        block = Self.makeBlock(capacity: capacity, retiring: nil)
    }

    /// The region whose block `taking` is (from `ScratchSlot`): empty, and its owner now.
    init(taking block: UnsafeMutableRawPointer) {
        self.block = block
    }

    /// The block, for a slot to keep (the region is not used again).
    var blockAddress: UnsafeMutableRawPointer { block }

    /// How many bytes the block holds (older blocks retired since the last reset aside).
    package var capacity: Int { header.pointee.capacity }

    private var header: UnsafeMutablePointer<Header> { block.assumingMemoryBound(to: Header.self) }

    private static func makeBlock(capacity: Int, retiring: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
        let size = headerBytes + max(1, capacity)
        guard let raw = malloc(size) else { fatalError("out of memory (\(size) bytes)") }
        raw.bindMemory(to: Header.self, capacity: 1).initialize(to: Header(capacity: capacity, retired: retiring))
        return raw
    }

    /// Uninitialized memory for `count` elements of a trivial type, valid until `reset()`.
    @inline(__always)
    package mutating func allocate<Element>(_: Element.Type, count: Int) -> UnsafeMutableBufferPointer<Element> {
        precondition(_isPOD(Element.self), "ScratchRegion holds trivial elements only")
        let alignment = MemoryLayout<Element>.alignment
        precondition(alignment <= Self.headerBytes, "ScratchRegion aligns to 16 bytes at most")
        let bytes = count * MemoryLayout<Element>.stride
        var start = (used + alignment - 1) & ~(alignment - 1)
        if start + bytes > capacity {
            grow(toHold: bytes)
            start = 0
        }
        used = start + bytes
        let pointer = (block + Self.headerBytes + start).bindMemory(to: Element.self, capacity: count)
        return UnsafeMutableBufferPointer(start: pointer, count: count)
    }

    /// Moves to a block that holds `bytes` more, the current one retired until `reset()`.
    @inline(never)
    private mutating func grow(toHold bytes: Int) {
        let grown = Self.makeBlock(capacity: max(2 * capacity, bytes), retiring: block)
        self = ScratchRegion(taking: grown)
    }

    /// Gives back everything handed out: the retired blocks freed, the current one empty.
    package mutating func reset() {
        var retired = header.pointee.retired
        header.pointee.retired = nil
        while let old = retired {
            retired = old.assumingMemoryBound(to: Header.self).pointee.retired
            Glibc.free(old)
        }
        used = 0
    }

    /// Frees the region's blocks (it is not used again).
    package func free() {
        var region = self
        region.reset()
        Glibc.free(block)
    }
}

/// A thread lane's `ScratchRegion`, kept between texts: a builder takes it (an atomic
/// exchange, so two threads in one lane never hold one region), and gives it back at the
/// end of its text. A builder that finds the slot empty (another thread of the lane holds
/// its region) makes a region of its own; a region given back to a full slot, or grown past
/// `keptBytes`, is freed: a lane never keeps more than `keptBytes`.
package final class ScratchSlot: Sendable {
    /// The kept block's address (0: none).
    private let kept = Atomic<Int>(0)
    /// Keeps the next lane's slot off this one's cache line.
    private let padding = CacheLinePadding()

    /// The most bytes a lane keeps: a paragraph of ~5,000 code units (a 1 MB text makes a
    /// region of its size for itself, freed at its end).
    package static let keptBytes = 256 << 10

    package init() {}

    deinit {
        if let block = UnsafeMutableRawPointer(bitPattern: kept.load(ordering: .acquiring)) {
            ScratchRegion(taking: block).free()
        }
    }

    /// The lane's region, or a new one when another thread holds it (or none was kept).
    package func take() -> ScratchRegion {
        if let block = UnsafeMutableRawPointer(bitPattern: kept.exchange(0, ordering: .acquiring)) {
            return ScratchRegion(taking: block)
        }
        return ScratchRegion()
    }

    /// Keeps `region` for the lane's next text, emptied; frees it when it is over
    /// `keptBytes` or the slot already holds one.
    package func give(_ region: ScratchRegion) {
        var region = region
        region.reset()
        guard region.capacity <= Self.keptBytes,
              kept.compareExchange(expected: 0, desired: Int(bitPattern: region.blockAddress),
                                   ordering: .releasing).exchanged
        else {
            region.free()
            return
        }
    }

    /// The bytes the slot keeps now (tests).
    package var keptCapacity: Int {
        guard let block = UnsafeMutableRawPointer(bitPattern: kept.load(ordering: .acquiring)) else { return 0 }
        return ScratchRegion(taking: block).capacity
    }
}
