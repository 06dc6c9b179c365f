import Synchronization

/// A bounded, thread-safe memo of shaped pieces keyed by (font, script, direction, text).
///
/// Real text repeats its words, so most pieces are shaped once. The memo is split into
/// shards (one lock each, so threads rarely wait on each other), and each shard keeps two
/// generations: lookups that hit the older one move the entry to the newer; when the
/// newer one reaches half the shard's bound, the older one is dropped. So the memo never
/// holds more than `maxEntries` entries or about `maxBytes` bytes, and what stays is what
/// was used recently.
final class ShapeCache: Sendable {
    struct Key: Hashable, Sendable {
        let fontID: Int
        let script: UInt32
        let isRightToLeft: Bool
        let units: [UInt16]
    }

    /// The most entries kept at once.
    let maxEntries: Int
    /// About the most bytes kept at once.
    let maxBytes: Int

    private final class Shard: Sendable {
        let state = Mutex(Generations())
    }

    private struct Generations {
        var current: [Key: ShapedText] = [:]
        var previous: [Key: ShapedText] = [:]
        var currentBytes = 0
    }

    private let shards: [Shard]
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// - Parameters:
    ///   - maxEntries: the bound on entries (0 turns the memo off: every piece is shaped).
    ///   - maxBytes: the bound on the bytes the entries hold.
    init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
        self.shards = (0..<16).map { _ in Shard() }
    }

    /// How many lookups found an entry, and how many had to shape.
    var statistics: (hits: Int, misses: Int) {
        (hitCount.load(ordering: .relaxed), missCount.load(ordering: .relaxed))
    }

    /// The number of entries held now.
    var count: Int {
        shards.reduce(0) { sum, shard in
            sum + shard.state.withLock { $0.current.count + $0.previous.count }
        }
    }

    /// The entry for `key`, made by `shape` when there is none.
    func shaped(_ key: Key, orShape shape: () -> ShapedText) -> ShapedText {
        guard maxEntries > 0 else {
            missCount.add(1, ordering: .relaxed)
            return shape()
        }
        let shard = shards[key.hashValue & (shards.count - 1)]
        let found: ShapedText? = shard.state.withLock { state in
            if let entry = state.current[key] { return entry }
            guard let entry = state.previous.removeValue(forKey: key) else { return nil }
            insert(key, entry, into: &state)
            return entry
        }
        if let found {
            hitCount.add(1, ordering: .relaxed)
            return found
        }
        missCount.add(1, ordering: .relaxed)
        let made = shape()
        shard.state.withLock { insert(key, made, into: &$0) }
        return made
    }

    private func insert(_ key: Key, _ entry: ShapedText, into state: inout Generations) {
        guard state.current.updateValue(entry, forKey: key) == nil else { return }
        state.currentBytes += entry.byteCount + key.units.count * 2
        let entryBound = max(1, maxEntries / (2 * shards.count))
        let byteBound = max(1, maxBytes / (2 * shards.count))
        if state.current.count >= entryBound || state.currentBytes >= byteBound {
            state.previous = state.current
            state.current = [:]
            state.currentBytes = 0
        }
    }
}
