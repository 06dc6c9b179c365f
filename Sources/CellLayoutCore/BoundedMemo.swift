import Synchronization

/// A key of a `BoundedMemo`: equatable, with a hash the memo's tables use as it is.
///
/// The memo is looked up for every word, pair and fallback cluster of every text, so the
/// keys the engine looks up most fold their fields into one word with a multiply-xor mix
/// (`MemoHash`) instead of running Swift's seeded SipHash. Keys that are looked up rarely
/// keep Swift's hash (the default).
@usableFromInline
package protocol MemoKey: Hashable, Sendable {
    /// A hash of the key; equal keys have equal hashes. Its bits need not be well mixed:
    /// the memo mixes them once more.
    var memoHash: UInt64 { get }
}

extension MemoKey {
    @inlinable
    package var memoHash: UInt64 { UInt64(bitPattern: Int64(hashValue)) }
}

/// The multiply-xor mix (SplitMix64's finalizer) the engine's memo keys fold their fields with.
@usableFromInline
package enum MemoHash {
    @inlinable
    package static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
        var z = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Int: MemoKey {
    @inlinable
    package var memoHash: UInt64 { MemoHash.mix(0, UInt64(bitPattern: Int64(self))) }
}

/// A bounded, thread-safe memo: the engine's store of shaped pieces and of the kerning
/// between them, and the font library's fonts and fallbacks.
///
/// Real text repeats its words, so most pieces are shaped once. The memo is split into
/// shards (one lock each, so threads rarely wait on each other), and each shard keeps two
/// generations: a lookup that hits the older one moves the entry to the newer; when the
/// newer one reaches half the shard's share of the bounds, the older one is dropped. So
/// the memo holds at most about `maxEntries` entries and `maxBytes` bytes, and what stays
/// is what was used recently. Each generation is an open-addressing table (`OpenTable`)
/// probed with the key's own `memoHash`.
///
/// `@unchecked Sendable`: the one stored property that is not itself Sendable is the
/// memory of the shards' mutexes, written once by `init` and then read only through
/// their locks.
@usableFromInline
package final class BoundedMemo<Key: MemoKey, Value: Sendable>: @unchecked Sendable {
    /// The most entries kept at once (0: nothing is kept).
    @usableFromInline package let maxEntries: Int
    /// About the most bytes kept at once.
    @usableFromInline package let maxBytes: Int

    @usableFromInline
    struct Generations {
        @usableFromInline var current = OpenTable<Key, Value>()
        @usableFromInline var previous = OpenTable<Key, Value>()
        @usableFromInline var currentBytes = 0
        /// Counted under the shard's lock: a shared atomic counter would bounce between
        /// cores on every lookup.
        @usableFromInline var hits = 0
        @usableFromInline var misses = 0
    }

    @inlinable
    static var shardCount: Int { 16 }
    /// Bytes from one shard to the next: whole 128-byte blocks (two cache lines, what the
    /// adjacent-line prefetcher pulls in together), so that two threads locking two shards
    /// do not write one line.
    @inlinable
    static var shardStride: Int { (MemoryLayout<Mutex<Generations>>.stride + 127) & ~127 }
    /// The shards' mutexes, `shardStride` apart, in memory the memo owns: not objects in an
    /// array, which every lookup retained and released (a write to a line both threads
    /// share, on every word, pair and fallback looked up).
    @usableFromInline let shardMemory: UnsafeMutableRawPointer
    @usableFromInline let byteCount: @Sendable (Key, Value) -> Int
    /// Lookups of a memo that keeps nothing (maxEntries 0).
    @usableFromInline let unkeptCount = Atomic<Int>(0)

    /// - Parameters:
    ///   - maxEntries: the bound on entries (0 turns the memo off: every value is made).
    ///   - maxBytes: the bound on the bytes the entries hold.
    ///   - byteCount: about how many bytes an entry holds.
    package init(maxEntries: Int, maxBytes: Int, byteCount: @escaping @Sendable (Key, Value) -> Int) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
        self.byteCount = byteCount
        shardMemory = .allocate(byteCount: Self.shardCount * Self.shardStride, alignment: 128)
        for i in 0..<Self.shardCount {
            (shardMemory + i * Self.shardStride).bindMemory(to: Mutex<Generations>.self, capacity: 1)
                .initialize(to: Mutex(Generations()))
        }
    }

    deinit {
        for i in 0..<Self.shardCount { _ = shard(i).deinitialize(count: 1) }
        shardMemory.deallocate()
    }

    /// Shard `i`'s mutex (`i` below `shardCount`).
    @inlinable @inline(__always)
    func shard(_ i: Int) -> UnsafeMutablePointer<Mutex<Generations>> {
        (shardMemory + i &* Self.shardStride).assumingMemoryBound(to: Mutex<Generations>.self)
    }

    /// How many lookups found an entry, and how many had to make one.
    package var statistics: (hits: Int, misses: Int) {
        (0..<Self.shardCount).reduce((0, unkeptCount.load(ordering: .relaxed))) { sum, i in
            shard(i).pointee.withLock { (sum.0 + $0.hits, sum.1 + $0.misses) }
        }
    }

    /// The number of entries held now.
    package var count: Int {
        (0..<Self.shardCount).reduce(0) { sum, i in
            sum + shard(i).pointee.withLock { $0.current.count + $0.previous.count }
        }
    }

    /// The entry for `key`, made by `make` (outside any lock) when there is none; what
    /// `make` throws is thrown, and nothing is kept. When two threads make the entry at
    /// once, the first one kept is what both get: a font made twice must not reach two
    /// texts as two objects.
    @inlinable
    package func value<Failure: Error>(for key: Key, orMake make: () throws(Failure) -> Value) throws(Failure) -> Value {
        try value(for: key, memoHash: key.memoHash, orMake: make)
    }

    /// `value(for:orMake:)` with `key.memoHash` given (a caller that has it for a front).
    @inlinable
    package func value<Failure: Error>(for key: Key, memoHash: UInt64,
                                      orMake make: () throws(Failure) -> Value) throws(Failure) -> Value {
        guard maxEntries > 0 else {
            unkeptCount.add(1, ordering: .relaxed)
            return try make()
        }
        // The top bits pick the shard, the low bits the slot.
        let hash = MemoHash.mix(0x9E37_79B9_7F4A_7C15, memoHash)
        let shard = shard(Int(truncatingIfNeeded: hash >> 60) & (Self.shardCount - 1))
        let found: Value? = shard.pointee.withLock { state in
            if let entry = state.current.value(for: key, hash: hash) {
                state.hits += 1
                return entry
            }
            guard let entry = state.previous.remove(key, hash: hash) else { return nil }
            state.hits += 1
            insert(key, hash, entry, into: &state)
            return entry
        }
        if let found { return found }
        let made = try make()
        return shard.pointee.withLock { state in
            state.misses += 1
            // Another thread may have made it meanwhile: the first one kept is what both
            // get, since callers compare fonts by identity.
            if let kept = state.current.value(for: key, hash: hash) ?? state.previous.value(for: key, hash: hash) {
                return kept
            }
            insert(key, hash, made, into: &state)
            return made
        }
    }

    @inlinable
    func insert(_ key: Key, _ hash: UInt64, _ entry: Value, into state: inout Generations) {
        guard state.current.insert(key, hash: hash, entry) else { return }
        state.currentBytes += byteCount(key, entry)
        let entryBound = max(1, maxEntries / (2 * Self.shardCount))
        let byteBound = max(1, maxBytes / (2 * Self.shardCount))
        if state.current.count >= entryBound || state.currentBytes >= byteBound {
            state.previous = state.current
            state.current = OpenTable()
            state.currentBytes = 0
        }
    }
}

/// A hash table with open addressing and linear probing: keys, values and hashes in three
/// arrays, at most half full (it doubles past that), removal by shifting the entries
/// after a hole back (no tombstones). One generation of a `BoundedMemo` shard, used under
/// its lock.
@usableFromInline
package struct OpenTable<Key: Equatable, Value> {
    @usableFromInline package var count = 0
    /// Each slot's hash, 0 where the slot is empty (a key's hash is never 0 here).
    @usableFromInline var hashes: [UInt64] = []
    @usableFromInline var keys: [Key?] = []
    @usableFromInline var values: [Value?] = []

    @inlinable
    package init() {}

    @inlinable
    static func stored(_ hash: UInt64) -> UInt64 { hash | 1 << 63 }

    /// The slot holding `key`, or nil.
    @inlinable
    func slot(of key: Key, hash: UInt64) -> Int? {
        guard count > 0 else { return nil }
        let h = Self.stored(hash), mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let here = hashes[i]
            if here == 0 { return nil }
            if here == h, keys[i]! == key { return i }
            i = (i + 1) & mask
        }
    }

    @inlinable
    package func value(for key: Key, hash: UInt64) -> Value? {
        slot(of: key, hash: hash).map { values[$0]! }
    }

    /// Adds `key` unless it is there; returns whether it was added.
    @inlinable
    package mutating func insert(_ key: Key, hash: UInt64, _ value: Value) -> Bool {
        if slot(of: key, hash: hash) != nil { return false }
        if 2 * (count + 1) > hashes.count { grow() }
        place(Self.stored(hash), key, value)
        count += 1
        return true
    }

    /// Takes `key` out; returns its value, or nil when it was not there.
    /// Entries are moved, not copied: a copy retains a key's and a value's storage and the
    /// overwritten slot releases them, a pair of reference-count writes per entry moved.
    @inlinable
    package mutating func remove(_ key: Key, hash: UInt64) -> Value? {
        guard var hole = slot(of: key, hash: hash) else { return nil }
        let value = values[hole].take()
        keys[hole] = nil
        let mask = hashes.count - 1
        // Shift back each entry of the probe run after the hole that may fill it: one
        // whose home slot is not cyclically in (hole, here].
        var i = (hole + 1) & mask
        while hashes[i] != 0 {
            let home = Int(truncatingIfNeeded: hashes[i]) & mask
            if (i - home) & mask >= (i - hole) & mask {
                hashes[hole] = hashes[i]
                keys.swapAt(hole, i)
                values.swapAt(hole, i)
                hole = i
            }
            i = (i + 1) & mask
        }
        hashes[hole] = 0
        count -= 1
        return value
    }

    @inlinable
    mutating func place(_ stored: UInt64, _ key: consuming Key, _ value: consuming Value) {
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: stored) & mask
        while hashes[i] != 0 { i = (i + 1) & mask }
        hashes[i] = stored
        keys[i] = key
        values[i] = value
    }

    /// Doubles the table, moving the entries (as `remove` does) into the new arrays.
    @inlinable
    mutating func grow() {
        let capacity = max(16, hashes.count * 2)
        let oldHashes = hashes
        var oldKeys = keys, oldValues = values
        hashes = Array(repeating: 0, count: capacity)
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: nil, count: capacity)
        for i in oldHashes.indices where oldHashes[i] != 0 {
            place(oldHashes[i], oldKeys[i].take()!, oldValues[i].take()!)
        }
    }
}
