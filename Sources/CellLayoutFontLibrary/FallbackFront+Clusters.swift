import CellLayoutCore
import Synchronization

/// The front's answers for clusters of several characters (a letter and its marks, a flag,
/// an emoji with a skin tone or joined to others): read without a lock, a retain or an
/// allocation, as the one-character answers are.
///
/// Such a cluster that its first character's answer does not settle (the first character
/// never seen alone, an emoji sequence, Han after the first) asked the memo: an array of
/// its scalars, a retain of the library and of the answer, and the memo's lock — which two
/// threads preparing text with emoji took at once (14 of the 70 futex calls of a two-thread
/// pass over public-10k waited on it). Here an answer is an entry written once in
/// `clusterWords` — the font id and language, the count and the answer's index in `fonts`,
/// the scalars — and published by a slot that names it; an entry never changes once a slot
/// names it, so a reader compares it in place. Two-way as the one-character slots. Bounded:
/// at most `clusterWordCapacity` words of entries are ever written (past that, answers come
/// from the memo alone), and clusters of more than `maxClusterScalars` are not kept.
extension FallbackFront {
    /// log2 of the cluster slots (8,192 words: 64 KB; 4,096 pairs).
    static var clusterSlotBits: Int { 13 }
    /// The most words of cluster entries the front writes (256 KB, touched as written).
    package static var clusterWordCapacity: Int { 1 << 16 }
    /// The longest cluster kept (an emoji family of four with skin tones is 11 scalars).
    package static var maxClusterScalars: Int { 32 }

    /// The first word of a cluster's entry: the font id (24 bits) and the language slot
    /// (8), or nil when they do not fit.
    static func clusterHead(fontID: Int, language: UInt16) -> UInt32? {
        guard fontID >= 0, fontID < 1 << 24, language < 1 << 8 else { return nil }
        return UInt32(fontID) | UInt32(language) << 24
    }

    /// The hash of a cluster's key: its head, its count and its scalars.
    static func clusterHash(_ cluster: UnsafeBufferPointer<Unicode.Scalar>, head: UInt32) -> UInt64 {
        var h = MemoHash.mix(UInt64(head), UInt64(cluster.count))
        for scalar in cluster { h = MemoHash.mix(h, UInt64(scalar.value)) }
        return h
    }

    /// The pair of cluster slots of `hash`.
    func clusterPair(_ hash: UInt64) -> UnsafeMutablePointer<Atomic<UInt64>> {
        clusterSlots + Int(truncatingIfNeeded: hash >> (64 - UInt64(Self.clusterSlotBits))) & ~1
    }

    /// The index in `fonts` of the entry a slot names when the entry is the cluster's, else nil.
    func fontIndex(in slot: UInt64, hash: UInt64, head: UInt32,
                   _ cluster: UnsafeBufferPointer<Unicode.Scalar>) -> Int? {
        guard slot != 0, slot >> 32 == hash >> 32 else { return nil }
        let entry = clusterWords + Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
        guard entry[0] == head, Int(entry[1] & 0xFFFF) == cluster.count else { return nil }
        for i in cluster.indices where entry[2 + i] != cluster[i].value { return nil }
        return Int(truncatingIfNeeded: entry[1] >> 16)
    }

    /// The fallback kept for `cluster` (two to `maxClusterScalars` scalars) from font `fontID`
    /// in language slot `language`, or nil. The font is held by the front for the library's
    /// life: use it unretained.
    @usableFromInline
    package func font(forCluster cluster: UnsafeBufferPointer<Unicode.Scalar>, fontID: Int,
                      language: UInt16) -> Unmanaged<Font>? {
        guard cluster.count >= 2, cluster.count <= Self.maxClusterScalars,
              let head = Self.clusterHead(fontID: fontID, language: language) else { return nil }
        let hash = Self.clusterHash(cluster, head: head)
        let pair = clusterPair(hash)
        // (Acquiring: the entry and the font it names were written before the slot was.)
        if let index = fontIndex(in: pair[0].load(ordering: .acquiring), hash: hash, head: head, cluster)
            ?? fontIndex(in: pair[1].load(ordering: .acquiring), hash: hash, head: head, cluster) {
            return fonts[index]
        }
        return nil
    }

    /// Whether the front may keep the answer for a cluster of `count` scalars from font
    /// `fontID` in language slot `language`: two to `maxClusterScalars` scalars, ids that fit,
    /// and room left (once a cluster found none, no more is tried).
    package func mayKeep(clusterOf count: Int, fontID: Int, language: UInt16) -> Bool {
        count >= 2 && count <= Self.maxClusterScalars && Self.clusterHead(fontID: fontID, language: language) != nil
            && !clustersFull.load(ordering: .relaxed)
    }

    /// Keeps `fallback` as the answer for `cluster` (two to `maxClusterScalars` scalars) from
    /// font `fontID` in language slot `language`, and returns whether the front has it now:
    /// false when it may not keep it (`mayKeep`) or holds as many fonts or words as it may.
    @discardableResult
    package func remember(_ fallback: Font, forCluster cluster: UnsafeBufferPointer<Unicode.Scalar>, fontID: Int,
                          language: UInt16) -> Bool {
        guard cluster.count >= 2, cluster.count <= Self.maxClusterScalars,
              let head = Self.clusterHead(fontID: fontID, language: language) else { return false }
        let hash = Self.clusterHash(cluster, head: head)
        let pair = clusterPair(hash)
        return adding.withLock { held in
            // (Under the lock, every write to the slots is one writer's: a key is in a pair
            // at most once, and an entry is only ever displaced from the first slot to the second.)
            let first = pair[0].load(ordering: .relaxed)
            let second = pair[1].load(ordering: .relaxed)
            if fontIndex(in: first, hash: hash, head: head, cluster) != nil
                || fontIndex(in: second, hash: hash, head: head, cluster) != nil { return true }
            let offset = held.clusterWordCount
            guard offset + 2 + cluster.count <= Self.clusterWordCapacity,
                  let index = held.index(of: fallback, in: fonts) else {
                clustersFull.store(true, ordering: .relaxed)
                return false
            }
            let entry = clusterWords + offset
            entry[0] = head
            entry[1] = UInt32(cluster.count) | UInt32(index) << 16
            for i in cluster.indices { entry[2 + i] = cluster[i].value }
            held.clusterWordCount = offset + 2 + cluster.count
            // The newest answer first, the one it displaces second.
            if first != 0 { pair[1].store(first, ordering: .releasing) }
            pair[0].store(hash & 0xFFFF_FFFF_0000_0000 | UInt64(offset + 1), ordering: .releasing)
            return true
        }
    }
}
