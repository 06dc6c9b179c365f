import CellLayoutCore
import Synchronization

/// A lock-free front for the fallback memo's one-character answers: which font draws a
/// character in place of a font, read without a lock, a retain or a write to shared memory.
///
/// Every character of international text that the text's font lacks asks for its fallback,
/// so the memo behind it (a lock per lookup, a retain of the answer) was paid per cluster,
/// and on two cores each lock and retain moved a cache line from one core to the other.
/// Here an answer is one atomic word in a direct-mapped table — the font id, the language
/// slot and the character in its upper bits, the answer's index in `fonts` in its lower —
/// and the fonts it names are held by the front until the library goes, so a reader can
/// use one without retaining it. Bounded: at most `fontCapacity` fallback fonts are held
/// (past that, answers come from the memo alone). Two-way: a key's hash picks a pair of
/// adjacent slots, a new answer takes the first and moves the first's to the second, so
/// two answers whose hashes meet are both kept (one slot per hash, ~2,000 characters of
/// Chinese, Japanese, Thai… text took turns evicting each other: 7,585 lookups missed
/// where 1,600 answers were new, preparing 10,000 international rows). A font id past 24
/// bits or a language slot past 8 bits is not kept here. Clusters of several characters
/// have answers of their own, kept the same way (`FallbackFront+Clusters.swift`).
@usableFromInline
package final class FallbackFront: @unchecked Sendable {
    /// log2 of the slots (16,384 words: 128 KB; 8,192 pairs).
    @inlinable static var slotBits: Int { 14 }
    /// The most fonts the front holds; an index needs 11 bits (0 marks an empty slot).
    package static let fontCapacity = 2047
    @inlinable static var indexBits: UInt64 { 11 }

    @usableFromInline let slots: UnsafeMutablePointer<Atomic<UInt64>>
    /// The fonts the slots name, retained: written once each under `adding`, before any
    /// slot names them (the slot's store releases, the reader's load acquires).
    @usableFromInline let fonts: UnsafeMutablePointer<Unmanaged<Font>>
    /// The answers for clusters of several characters (`FallbackFront+Clusters.swift`): each
    /// slot names an entry of `clusterWords` by its offset + 1 (low 32 bits) under the top 32
    /// bits of its key's hash.
    let clusterSlots: UnsafeMutablePointer<Atomic<UInt64>>
    /// The cluster entries, each written once (under `adding`) before a slot names it, and
    /// never again: the font id and language, the count and font index, the scalars.
    let clusterWords: UnsafeMutablePointer<UInt32>
    /// What writers share: each held font's index, and how many cluster words are written.
    let adding = Mutex(Held())
    /// Whether a cluster's answer found no room (words or fonts): the library then keeps
    /// clusters' answers in its memo.
    let clustersFull = Atomic<Bool>(false)

    struct Held {
        var indices: [ObjectIdentifier: Int] = [:]
        var clusterWordCount = 0

        /// The index of `font` in `fonts` (held from now on when it is new), or nil when the
        /// front holds as many as it may.
        mutating func index(of font: Font, in fonts: UnsafeMutablePointer<Unmanaged<Font>>) -> Int? {
            if let index = indices[ObjectIdentifier(font)] { return index }
            guard indices.count < FallbackFront.fontCapacity else { return nil }
            let index = indices.count
            fonts[index] = Unmanaged.passRetained(font)
            indices[ObjectIdentifier(font)] = index
            return index
        }
    }

    package init() {
        slots = .allocate(capacity: 1 << Self.slotBits)
        for i in 0..<(1 << Self.slotBits) { (slots + i).initialize(to: Atomic(0)) }
        fonts = .allocate(capacity: Self.fontCapacity)
        clusterSlots = .allocate(capacity: 1 << Self.clusterSlotBits)
        for i in 0..<(1 << Self.clusterSlotBits) { (clusterSlots + i).initialize(to: Atomic(0)) }
        // (Not written ahead: its pages are touched as entries fill them.)
        clusterWords = .allocate(capacity: Self.clusterWordCapacity)
    }

    deinit {
        let count = adding.withLock { $0.indices.count }
        for i in 0..<count { fonts[i].release() }
        fonts.deallocate()
        slots.deinitialize(count: 1 << Self.slotBits)
        slots.deallocate()
        clusterSlots.deinitialize(count: 1 << Self.clusterSlotBits)
        clusterSlots.deallocate()
        clusterWords.deallocate()
    }

    /// The key of a character's fallback from font `fontID` in language slot `language`
    /// (53 bits), or nil when the ids do not fit.
    @inlinable @inline(__always)
    static func key(_ scalar: Unicode.Scalar, fontID: Int, language: UInt16) -> UInt64? {
        guard fontID >= 0, fontID < 1 << 24, language < 1 << 8 else { return nil }
        return UInt64(fontID) << 29 | UInt64(language) << 21 | UInt64(scalar.value)
    }

    /// The pair of slots of `key`.
    @inlinable @inline(__always)
    func pair(_ key: UInt64) -> UnsafeMutablePointer<Atomic<UInt64>> {
        slots + Int(truncatingIfNeeded: MemoHash.mix(0, key) >> (64 - UInt64(Self.slotBits))) & ~1
    }

    /// The held font an entry names when the entry is `key`'s, else nil.
    @inlinable @inline(__always)
    func font(in entry: UInt64, key: UInt64) -> Unmanaged<Font>? {
        let index = Int(truncatingIfNeeded: entry & (1 << Self.indexBits - 1))
        guard index != 0, entry >> Self.indexBits == key else { return nil }
        return fonts[index - 1]
    }

    /// The fallback kept for `scalar` from font `fontID` in language slot `language`, or nil.
    /// The font is held by the front for the library's life: use it unretained. Inlined
    /// where it is asked (once per cluster of text its font lacks).
    @inlinable @inline(__always)
    package func font(for scalar: Unicode.Scalar, fontID: Int, language: UInt16) -> Unmanaged<Font>? {
        guard let key = Self.key(scalar, fontID: fontID, language: language) else { return nil }
        let pair = pair(key)
        if let font = font(in: pair[0].load(ordering: .acquiring), key: key) { return font }
        return secondFont(in: pair, key: key)
    }

    /// The font the second slot of `pair` names when it is `key`'s: not inlined, so that the
    /// usual answer, in the first slot, adds no code where the lookup is inlined.
    @usableFromInline @inline(never)
    func secondFont(in pair: UnsafeMutablePointer<Atomic<UInt64>>, key: UInt64) -> Unmanaged<Font>? {
        font(in: pair[1].load(ordering: .acquiring), key: key)
    }

    /// Keeps `fallback` as the answer for `scalar` from font `fontID` in language slot
    /// `language` (nothing when the front holds as many fonts as it may).
    package func remember(_ fallback: Font, for scalar: Unicode.Scalar, fontID: Int, language: UInt16) {
        guard let key = Self.key(scalar, fontID: fontID, language: language) else { return }
        let index = adding.withLock { $0.index(of: fallback, in: fonts) }
        guard let index else { return }
        // The newest answer first, the one it displaces second. (Two threads writing one
        // pair at once may keep either's; every entry names its key, so a reader never
        // takes one key's answer for another's.)
        let pair = pair(key)
        // (Acquiring: the displaced entry's font was published by its writer.)
        let displaced = pair[0].load(ordering: .acquiring)
        if displaced != 0, displaced >> Self.indexBits != key { pair[1].store(displaced, ordering: .releasing) }
        pair[0].store(key << Self.indexBits | UInt64(index + 1), ordering: .releasing)
    }
}
