import Synchronization

/// A bounded, thread-safe memo: the engine's store of shaped pieces and of the kerning
/// between them, and the font library's fonts.
///
/// Real text repeats its words, so most pieces are shaped once. The memo is split into
/// shards (one lock each, so threads rarely wait on each other), and each shard keeps two
/// generations: a lookup that hits the older one moves the entry to the newer; when the
/// newer one reaches half the shard's share of the bounds, the older one is dropped. So
/// the memo holds at most about `maxEntries` entries and `maxBytes` bytes, and what stays
/// is what was used recently.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most entries kept at once (0: nothing is kept).
    let maxEntries: Int
    /// About the most bytes kept at once.
    let maxBytes: Int

    private final class Shard: Sendable {
        let state = Mutex(Generations())
    }

    private struct Generations {
        var current: [Key: Value] = [:]
        var previous: [Key: Value] = [:]
        var currentBytes = 0
        /// Counted under the shard's lock: a shared atomic counter would bounce between
        /// cores on every lookup.
        var hits = 0
        var misses = 0
    }

    private static var shardCount: Int { 16 }
    private let shards: [Shard]
    private let byteCount: @Sendable (Key, Value) -> Int
    /// Lookups of a memo that keeps nothing (maxEntries 0).
    private let unkeptCount = Atomic<Int>(0)

    /// - Parameters:
    ///   - maxEntries: the bound on entries (0 turns the memo off: every value is made).
    ///   - maxBytes: the bound on the bytes the entries hold.
    ///   - byteCount: about how many bytes an entry holds.
    init(maxEntries: Int, maxBytes: Int, byteCount: @escaping @Sendable (Key, Value) -> Int) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
        self.byteCount = byteCount
        self.shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    /// How many lookups found an entry, and how many had to make one.
    var statistics: (hits: Int, misses: Int) {
        shards.reduce((0, unkeptCount.load(ordering: .relaxed))) { sum, shard in
            shard.state.withLock { (sum.0 + $0.hits, sum.1 + $0.misses) }
        }
    }

    /// The number of entries held now.
    var count: Int {
        shards.reduce(0) { sum, shard in
            sum + shard.state.withLock { $0.current.count + $0.previous.count }
        }
    }

    /// The entry for `key`, made by `make` (outside any lock) when there is none; what
    /// `make` throws is thrown, and nothing is kept.
    func value<Failure: Error>(for key: Key, orMake make: () throws(Failure) -> Value) throws(Failure) -> Value {
        guard maxEntries > 0 else {
            unkeptCount.add(1, ordering: .relaxed)
            return try make()
        }
        let shard = shards[key.hashValue & (Self.shardCount - 1)]
        let found: Value? = shard.state.withLock { state in
            if let entry = state.current[key] {
                state.hits += 1
                return entry
            }
            guard let entry = state.previous.removeValue(forKey: key) else { return nil }
            state.hits += 1
            insert(key, entry, into: &state)
            return entry
        }
        if let found { return found }
        let made = try make()
        shard.state.withLock { state in
            state.misses += 1
            insert(key, made, into: &state)
        }
        return made
    }

    private func insert(_ key: Key, _ entry: Value, into state: inout Generations) {
        guard state.current.updateValue(entry, forKey: key) == nil else { return }
        state.currentBytes += byteCount(key, entry)
        let entryBound = max(1, maxEntries / (2 * Self.shardCount))
        let byteBound = max(1, maxBytes / (2 * Self.shardCount))
        if state.current.count >= entryBound || state.currentBytes >= byteBound {
            state.previous = state.current
            state.current = [:]
            state.currentBytes = 0
        }
    }
}

/// What a shaped piece is memoized by: font, script, direction and the text itself.
///
/// Pieces are mostly words: up to 16 UTF-16 units are kept inline in the key, so looking
/// one up allocates nothing; longer ones go to an array.
struct ShapeKey: Hashable, Sendable {
    let fontID: Int
    let script: UInt32
    let isRightToLeft: Bool
    private let count: Int
    private let inline: (UInt64, UInt64, UInt64, UInt64)
    private let overflow: [UInt16]?

    init(fontID: Int, script: UInt32, isRightToLeft: Bool, units: UnsafeBufferPointer<UInt16>) {
        self.fontID = fontID
        self.script = script
        self.isRightToLeft = isRightToLeft
        self.count = units.count
        var packed: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        if units.count <= 16 {
            withUnsafeMutableBytes(of: &packed) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(units))
            }
            overflow = nil
        } else {
            overflow = Array(units)
        }
        inline = packed
    }

    static func == (a: ShapeKey, b: ShapeKey) -> Bool {
        a.fontID == b.fontID && a.script == b.script && a.isRightToLeft == b.isRightToLeft && a.count == b.count
            && a.inline == b.inline && a.overflow == b.overflow
    }

    /// Folds the fields into one word first (multiply-xor), so the hasher runs one round:
    /// memo lookups happen for every word of every text.
    func hash(into hasher: inout Hasher) {
        func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
            let m = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            return m ^ (m >> 31)
        }
        var h = UInt64(truncatingIfNeeded: fontID) &* 0x9E37_79B9_7F4A_7C15
        h = mix(h, UInt64(script) << 32 | UInt64(count) << 1 | (isRightToLeft ? 1 : 0))
        h = mix(mix(mix(mix(h, inline.0), inline.1), inline.2), inline.3)
        hasher.combine(h)
        if let overflow { overflow.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// About the bytes the key holds.
    var byteCount: Int { 48 + (overflow.map { 32 + $0.count * 2 } ?? 0) }
}

/// What the kerning between two neighbouring clusters is memoized by: font, script,
/// direction, and the two clusters' code units packed 16 bits each (up to three units a
/// side; longer clusters get no cross-boundary kerning).
struct PairKey: Hashable, Sendable {
    let fontID: Int
    let script: UInt32
    let isRightToLeft: Bool
    let left: UInt64
    let right: UInt64
}
