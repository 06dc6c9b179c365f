import CHarfBuzz
import Synchronization

/// What the font-runs stage asks of every character of the Basic Multilingual Plane, read
/// from a table: its script (`Shaper.script(of:)`) and whether it is neutral for font
/// choice (`Itemizer.isNeutralInBMP`).
///
/// Both were asked per cluster: the script was a HarfBuzz call past ASCII (~45
/// instructions per character of Thai, Hebrew, Cyrillic, Devanagari, Arabic or CJK text),
/// and the neutral bits a table of the whole BMP worked out at start-up from 65,536
/// HarfBuzz general categories (3.4 M instructions before the first text with one
/// character past ASCII). Here the table is filled block by block (64 code points) the
/// first time a character of the block is asked, from those two functions, so its answers
/// are theirs, and a process pays only for the blocks its texts touch. A block, once
/// filled, never changes; it is published with one atomic store (two threads filling the
/// same block at once keep the first, of the same values).
package final class ScalarTable: @unchecked Sendable {
    /// The table every engine shares: the answers are HarfBuzz's, the same for all.
    package static let shared = ScalarTable()

    private static let blockBits: UInt32 = 6
    private static let blockCount = 0x10000 >> 6
    /// An entry's bit for "neutral"; the rest is the script's tag (four ASCII letters, so
    /// its top bit is clear).
    package static let neutralBit: UInt32 = 1 << 31
    /// Per block of 64 code points, its 64 entries once filled (nil before).
    private let blocks: UnsafeMutablePointer<Atomic<UnsafeMutablePointer<UInt32>?>>

    /// An empty table (tests fill their own; texts share `shared`).
    package init() {
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

    /// The entry of BMP code point `value` (< 0x10000): its script's tag, and
    /// `neutralBit` when it is neutral.
    @inline(__always)
    package func entry(_ value: UInt32) -> UInt32 {
        let index = Int(truncatingIfNeeded: value >> Self.blockBits)
        let block = blocks[index].load(ordering: .acquiring) ?? fill(index)
        return block[Int(truncatingIfNeeded: value & (1 << Self.blockBits - 1))]
    }

    /// The script of an entry.
    @inline(__always)
    package static func script(of entry: UInt32) -> hb_script_t {
        hb_script_t(rawValue: entry & ~neutralBit)
    }

    /// Whether an entry is neutral.
    @inline(__always)
    package static func isNeutral(_ entry: UInt32) -> Bool {
        entry & neutralBit != 0
    }

    /// The script of `scalar`, as `Shaper.script(of:)` gives it.
    @inline(__always)
    package func script(of scalar: Unicode.Scalar) -> hb_script_t {
        scalar.value < 0x10000 ? Self.script(of: entry(scalar.value)) : Shaper.script(of: scalar)
    }

    /// Whether `scalar` is neutral for font choice (Pango's rule, `Itemizer.isNeutralInBMP`
    /// and past the BMP `Itemizer.isNeutralByCategory`).
    @inline(__always)
    package func isNeutral(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x10000 ? Self.isNeutral(entry(scalar.value)) : Itemizer.isNeutralByCategory(scalar)
    }

    /// Fills block `index` and publishes it, or takes the one another thread published first.
    @inline(never)
    private func fill(_ index: Int) -> UnsafeMutablePointer<UInt32> {
        let size = 1 << Int(Self.blockBits)
        let block = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
        for k in 0..<size {
            let value = UInt32(index * size + k)
            // A surrogate code point is no scalar, and never reaches the stage as one (a lone
            // surrogate is decoded as U+FFFD): U+FFFD's script stands in.
            let script = Shaper.script(of: Unicode.Scalar(value) ?? "\u{FFFD}").rawValue
            precondition(script & Self.neutralBit == 0, "a script tag with its top bit set")
            block[k] = script | (Itemizer.isNeutralInBMP(value) ? Self.neutralBit : 0)
        }
        let (exchanged, original) = blocks[index].compareExchange(expected: nil, desired: block,
                                                                  ordering: .acquiringAndReleasing)
        if exchanged { return block }
        block.deallocate()
        return original!
    }
}
