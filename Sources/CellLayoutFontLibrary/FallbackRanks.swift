import CellLayoutCore
import Synchronization

/// A lock-free memo of `FontLibrary.fallbackRank`'s answers past the bundled faces: the
/// place of a system font in fontconfig's order for a language.
///
/// The itemizer asks a rank wherever neutrals sit between two fonts (a space between a
/// Thai word and an English one), and the system list's answer took its lock and hashed
/// the file's path: ~1,100 instructions, 7 M of 678 M preparing 1,000 international rows
/// with system fonts. A rank never changes once asked (fontconfig's sorted list for a
/// language is made once), so an answer is kept as one atomic word in a direct-mapped
/// table — the font id and the language slot in its upper bits, the rank in its lower —
/// and a slot holds the last answer written to it. A font id past 24 bits, a language slot
/// past 8 bits or a rank past 31 bits is not kept.
package final class FallbackRanks: @unchecked Sendable {
    /// log2 of the slots (1,024 words: 8 KB).
    private static let slotBits = 10
    private static let rankBits: UInt64 = 31
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>

    package init() {
        slots = .allocate(capacity: 1 << Self.slotBits)
        for i in 0..<(1 << Self.slotBits) { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: 1 << Self.slotBits)
        slots.deallocate()
    }

    /// The rank of font `fontID` in language slot `language`: the kept one, else
    /// `compute()`'s, kept.
    @inline(__always)
    package func rank(fontID: Int, language: UInt16, compute: () -> Int) -> Int {
        guard fontID >= 0, fontID < 1 << 24, language < 1 << 8 else { return compute() }
        // The top bit marks a filled slot (a key of 0 is a real key).
        let key = 1 << 32 | UInt64(fontID) << 8 | UInt64(language)
        let slot = slots + Int(truncatingIfNeeded: MemoHash.mix(0, key) >> (64 - UInt64(Self.slotBits)))
        let entry = slot.pointee.load(ordering: .relaxed)
        if entry >> Self.rankBits == key { return Int(truncatingIfNeeded: entry & (1 << Self.rankBits - 1)) }
        let rank = compute()
        if rank >= 0, rank < 1 << Self.rankBits {
            slot.pointee.store(key << Self.rankBits | UInt64(rank), ordering: .relaxed)
        }
        return rank
    }
}
