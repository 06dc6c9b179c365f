import Synchronization

/// A lock-free front for a memo: a direct-mapped table of small answers (a 32-bit value
/// under a key of three words), read without a lock, a retain or a write to shared memory.
///
/// A memo behind a lock costs every lookup the lock, the key's hash and its tables' probes
/// (~500 instructions a hit, `BoundedMemo`), and on two cores each lock moves a cache line
/// from one core to the other. An answer kept here is one slot of four atomic words —
/// a sequence word (a write counter in its upper half, the value in its lower half) and
/// the key's three words — found by the key's hash, and read as a sequence lock is:
/// the sequence word, the key words, the sequence word again; a read that overlapped a
/// write sees the counter odd or changed and is a miss. Writers claim a slot by moving its
/// counter to odd (one at a time: a writer that finds it odd leaves it), so a reader
/// never takes one key's value for another's. A slot holds the last answer written to it;
/// an answer that is not found is asked of the memo, so the front changes no answer,
/// only its cost. Every word is an atomic, so the table has no data race to sanitize.
package final class LockFreeFront: @unchecked Sendable {
    /// A key: three words, not all 0 (an empty slot's words are).
    package typealias Key = (UInt64, UInt64, UInt64)

    private let slotBits: Int
    /// Four words per slot: sequence (counter << 32 | value), then the key's three words.
    private let words: UnsafeMutablePointer<Atomic<UInt64>>

    /// A front of `1 << slotBits` slots (32 bytes each).
    package init(slotBits: Int) {
        self.slotBits = slotBits
        words = .allocate(capacity: 4 << slotBits)
        for i in 0..<(4 << slotBits) { (words + i).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: 4 << slotBits)
        words.deallocate()
    }

    @inline(__always)
    private func slot(_ key: Key) -> UnsafeMutablePointer<Atomic<UInt64>> {
        let hash = MemoHash.mix(MemoHash.mix(MemoHash.mix(0, key.0), key.1), key.2)
        return words + 4 &* Int(truncatingIfNeeded: hash >> (64 - UInt64(slotBits)))
    }

    /// The value kept for `key`, or nil.
    @inline(__always)
    package func value(for key: Key) -> UInt32? {
        guard key.0 | key.1 | key.2 != 0 else { return nil }
        let slot = slot(key)
        let sequence = slot[0].load(ordering: .acquiring)
        guard sequence >> 32 & 1 == 0, slot[1].load(ordering: .relaxed) == key.0,
              slot[2].load(ordering: .relaxed) == key.1, slot[3].load(ordering: .relaxed) == key.2 else { return nil }
        atomicMemoryFence(ordering: .acquiring)
        guard slot[0].load(ordering: .relaxed) == sequence else { return nil }
        return UInt32(truncatingIfNeeded: sequence)
    }

    /// Keeps `value` for `key` in place of what its slot held — unless another thread is
    /// writing the slot, when nothing is kept.
    package func remember(_ value: UInt32, for key: Key) {
        guard key.0 | key.1 | key.2 != 0 else { return }
        let slot = slot(key)
        let sequence = slot[0].load(ordering: .relaxed)
        guard sequence >> 32 & 1 == 0 else { return }
        let writing = (sequence >> 32 &+ 1) << 32 | sequence & 0xFFFF_FFFF
        guard slot[0].compareExchange(expected: sequence, desired: writing, ordering: .relaxed).exchanged else { return }
        atomicMemoryFence(ordering: .releasing)
        slot[1].store(key.0, ordering: .relaxed)
        slot[2].store(key.1, ordering: .relaxed)
        slot[3].store(key.2, ordering: .relaxed)
        slot[0].store((writing >> 32 &+ 1) << 32 | UInt64(value), ordering: .releasing)
    }
}
