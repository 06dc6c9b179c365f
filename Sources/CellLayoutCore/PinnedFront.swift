import Synchronization

/// A lock-free front for a memo of objects: slots written once and kept for the front's
/// life, so a hit is read without a lock, a retain or a write to shared memory, and the
/// object it finds stays alive as long as the front does.
///
/// A memo behind a lock costs every hit its lock — on two cores, a cache line moved from
/// one core to the other, and when both threads want one shard at once, Linux's
/// priority-inheriting futex — and hot keys (a text's common words) are where both threads
/// meet. An object kept here is one slot of eight atomic words: a state (empty, being
/// written, kept), the object, and the key's six words. A key's slots are a window of four
/// from its hash; a writer takes the first empty one (0 → 1 by compare-exchange), writes
/// the key and the object and then the state 2 (releasing), and the slot never changes
/// again. So a reader that sees state 2 (acquiring) sees that slot's key and object, and
/// may hold the object without a reference of its own while it holds the front. A reader
/// stops at the first empty slot: writers never pass one.
///
/// Bounded: `1 << slotBits` slots and about `maxBytes` of kept objects; past either, a
/// key is not kept (the memo behind answers it). Only answers the memo already has are
/// worth keeping: the front changes no answer, only its cost.
@usableFromInline
package final class PinnedFront<Object: AnyObject>: @unchecked Sendable {
    /// A key: six words that tell it from every other key.
    @usableFromInline package typealias Key = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    @usableFromInline let slotBits: Int
    @usableFromInline let maxBytes: Int
    /// Eight words per slot: state, the object (retained by the front), the key's six words.
    @usableFromInline let words: UnsafeMutablePointer<Atomic<UInt64>>
    /// Bytes kept so far.
    @usableFromInline let keptBytes = Atomic<Int>(0)
    /// Hits, per thread lane 128 bytes apart (a counter both threads wrote would move
    /// between the cores on every hit); the lane is the thread's `ThreadLaneNumbers` lane,
    /// which threads alive at once do not share (a hash of the thread's identity put two
    /// threads on one counter about one run in eight).
    @usableFromInline let hitCounts: UnsafeMutableRawPointer

    @inlinable static var window: Int { 4 }
    @inlinable static var laneCount: Int { 8 }

    /// A front of `1 << slotBits` slots (64 bytes each) keeping about `maxBytes` of objects.
    package init(slotBits: Int, maxBytes: Int) {
        self.slotBits = max(2, slotBits)
        self.maxBytes = maxBytes
        words = .allocate(capacity: 8 << self.slotBits)
        for i in 0..<(8 << self.slotBits) { (words + i).initialize(to: Atomic(0)) }
        hitCounts = .allocate(byteCount: Self.laneCount * 128, alignment: 128)
        for lane in 0..<Self.laneCount {
            (hitCounts + lane * 128).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
        }
    }

    deinit {
        for i in 0..<(1 << slotBits) where words[8 * i].load(ordering: .acquiring) == 2 {
            let bits = UInt(truncatingIfNeeded: words[8 * i + 1].load(ordering: .relaxed))
            Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
        }
        words.deinitialize(count: 8 << slotBits)
        words.deallocate()
        for lane in 0..<Self.laneCount {
            (hitCounts + lane * 128).assumingMemoryBound(to: Atomic<Int>.self).deinitialize(count: 1)
        }
        hitCounts.deallocate()
    }

    /// The first slot of `hash`'s window.
    @inlinable @inline(__always)
    func first(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: MemoHash.mix(0x632B_E59B_D9B4_E019, hash) >> (64 - UInt64(slotBits)))
    }

    @inlinable @inline(__always)
    func holds(_ slot: UnsafeMutablePointer<Atomic<UInt64>>, _ key: Key) -> Bool {
        slot[2].load(ordering: .relaxed) == key.0 && slot[3].load(ordering: .relaxed) == key.1
            && slot[4].load(ordering: .relaxed) == key.2 && slot[5].load(ordering: .relaxed) == key.3
            && slot[6].load(ordering: .relaxed) == key.4 && slot[7].load(ordering: .relaxed) == key.5
    }

    /// The object kept for `key` (whose memo hash is `hash`), unretained: it lives as long
    /// as the front. Nil when none is kept.
    @inlinable @inline(__always)
    package func object(for key: Key, hash: UInt64) -> Unmanaged<Object>? {
        let mask = (1 << slotBits) - 1, start = first(hash)
        for k in 0..<Self.window {
            let slot = words + 8 &* ((start &+ k) & mask)
            let state = slot[0].load(ordering: .acquiring)
            if state == 0 { return nil }
            if state == 2, holds(slot, key) {
                countHit()
                let bits = UInt(truncatingIfNeeded: slot[1].load(ordering: .relaxed))
                return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            }
        }
        return nil
    }

    /// Keeps `object` (about `bytes` big) for `key`, unless the key is kept already, its
    /// window is full or the front holds its bytes. Whether it kept `object`.
    @inlinable @discardableResult
    package func keep(_ object: Object, bytes: Int, for key: Key, hash: UInt64) -> Bool {
        let mask = (1 << slotBits) - 1, start = first(hash)
        for k in 0..<Self.window {
            let slot = words + 8 &* ((start &+ k) & mask)
            let state = slot[0].load(ordering: .acquiring)
            if state == 2, holds(slot, key) { return false }
            guard state == 0 else { continue }
            guard keptBytes.add(bytes, ordering: .relaxed).newValue <= maxBytes else {
                keptBytes.subtract(bytes, ordering: .relaxed)
                return false
            }
            guard slot[0].compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged else {
                keptBytes.subtract(bytes, ordering: .relaxed)
                continue
            }
            slot[2].store(key.0, ordering: .relaxed)
            slot[3].store(key.1, ordering: .relaxed)
            slot[4].store(key.2, ordering: .relaxed)
            slot[5].store(key.3, ordering: .relaxed)
            slot[6].store(key.4, ordering: .relaxed)
            slot[7].store(key.5, ordering: .relaxed)
            let bits = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
            slot[1].store(UInt64(bits), ordering: .relaxed)
            slot[0].store(2, ordering: .releasing)
            return true
        }
        return false
    }

    @inlinable @inline(__always)
    func countHit() {
        let lane = ThreadLaneNumbers.shared.current & (Self.laneCount - 1)
        (hitCounts + lane &* 128).assumingMemoryBound(to: Atomic<Int>.self).pointee.add(1, ordering: .relaxed)
    }

    /// How many lookups found an object.
    package var hits: Int {
        (0..<Self.laneCount).reduce(0) {
            $0 + (hitCounts + $1 * 128).assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .relaxed)
        }
    }

    /// How many objects are kept.
    package var count: Int {
        (0..<(1 << slotBits)).reduce(0) { $0 + (words[8 * $1].load(ordering: .acquiring) == 2 ? 1 : 0) }
    }
}
