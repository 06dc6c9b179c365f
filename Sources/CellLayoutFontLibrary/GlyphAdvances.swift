import CHarfBuzz
import Synchronization

/// A font's glyph advances at its size, as HarfBuzz gives them
/// (`hb_font_get_glyph_h_advance`), each asked once and then read from a table: what runs
/// of CJK glyphs are measured with (a call through HarfBuzz's font functions costs ~130
/// instructions). The table (4 bytes per glyph of the face) is made on first use, so a
/// font whose glyphs are never asked for costs one small object.
///
/// Shared by every thread (`@unchecked`: the table is atomics behind a pointer published
/// once by compare-and-exchange; a slot is written only with the one value HarfBuzz gives
/// for it, so relaxed loads and stores suffice).
package final class GlyphAdvances: @unchecked Sendable {
    /// The font's HarfBuzz font (owned by the font, which owns this).
    private let hbFont: OpaquePointer
    private let count: Int
    /// The table's address (0 until made).
    private let table = Atomic<Int>(0)
    /// A slot not yet asked (an advance HarfBuzz gives as this is asked again each time).
    private static let unknown = Int32.min

    init(hbFont: OpaquePointer, glyphCount: Int) {
        self.hbFont = hbFont
        count = glyphCount
    }

    deinit {
        guard let slots = UnsafeMutablePointer<Atomic<Int32>>(bitPattern: table.load(ordering: .acquiring)) else { return }
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The advance of `glyph` at the font's size, in layout units.
    @inline(__always)
    package func advance(_ glyph: UInt16) -> Int32 {
        let index = Int(glyph)
        guard index < count else { return hb_font_get_glyph_h_advance(hbFont, hb_codepoint_t(glyph)) }
        let slots = UnsafeMutablePointer<Atomic<Int32>>(bitPattern: table.load(ordering: .acquiring)) ?? made()
        let known = slots[index].load(ordering: .relaxed)
        if known != Self.unknown { return known }
        let advance = hb_font_get_glyph_h_advance(hbFont, hb_codepoint_t(glyph))
        slots[index].store(advance, ordering: .relaxed)
        return advance
    }

    /// Makes the table, or takes the one another thread made first.
    @inline(never)
    private func made() -> UnsafeMutablePointer<Atomic<Int32>> {
        let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: count)
        for i in 0..<count { (slots + i).initialize(to: Atomic(Self.unknown)) }
        let (exchanged, original) = table.compareExchange(expected: 0, desired: Int(bitPattern: slots),
                                                          ordering: .acquiringAndReleasing)
        if exchanged { return slots }
        slots.deinitialize(count: count)
        slots.deallocate()
        return UnsafeMutablePointer(bitPattern: original)!
    }
}
