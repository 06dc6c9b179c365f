import CHarfBuzz
import Synchronization

/// `Shaper.script(of:)` for the Basic Multilingual Plane, read from a table: the script of
/// every cluster of a paragraph is asked (`fontRuns`), and past ASCII each answer was a
/// HarfBuzz call, ~45 instructions per character of Thai, Hebrew, Cyrillic, Devanagari,
/// Arabic or CJK text.
///
/// The table is filled block by block (256 code points), the first time a character of the
/// block is asked, from `Shaper.script(of:)` itself, so its answers are that function's: a
/// text touches a few blocks, and English text none past Latin-1 and punctuation. A block,
/// once filled, never changes; it is published with one atomic store (two threads filling
/// the same block at once keep the first, the same values). Past the BMP the call remains.
package final class ScriptTable: @unchecked Sendable {
    /// The table every engine shares: the answers are HarfBuzz's, the same for all.
    package static let shared = ScriptTable()

    private static let blockCount = 0x10000 >> 8
    /// Per block of 256 code points, its 256 scripts once filled (nil before).
    private let blocks: UnsafeMutablePointer<Atomic<UnsafeMutablePointer<UInt32>?>>

    init() {
        blocks = .allocate(capacity: Self.blockCount)
        for i in 0..<Self.blockCount { (blocks + i).initialize(to: Atomic(nil)) }
    }

    deinit {
        for i in 0..<Self.blockCount {
            blocks[i].load(ordering: .acquiring)?.deallocate()
        }
        blocks.deinitialize(count: Self.blockCount)
        blocks.deallocate()
    }

    /// The script of `scalar`, as `Shaper.script(of:)` gives it.
    @inline(__always)
    package func script(of scalar: Unicode.Scalar) -> hb_script_t {
        let value = scalar.value
        guard value >= 0x80, value < 0x10000 else { return Shaper.script(of: scalar) }
        let block = blocks[Int(value >> 8)].load(ordering: .acquiring) ?? fill(Int(value >> 8))
        return hb_script_t(rawValue: block[Int(value & 0xFF)])
    }

    /// Fills block `index` (code points `index << 8` …) and publishes it, or takes the one
    /// another thread published first.
    @inline(never)
    private func fill(_ index: Int) -> UnsafeMutablePointer<UInt32> {
        let block = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        for k in 0..<256 {
            let value = UInt32(index << 8 | k)
            // Surrogate code points are no scalars (and never reach here from text): U+FFFD's.
            block[k] = Shaper.script(of: Unicode.Scalar(value) ?? "\u{FFFD}").rawValue
        }
        let (exchanged, original) = blocks[index].compareExchange(expected: nil, desired: block,
                                                                  ordering: .acquiringAndReleasing)
        if exchanged { return block }
        block.deallocate()
        return original!
    }
}
