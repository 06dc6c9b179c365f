/// A set of glyph ids as bits: what the layout-table analysis (`LayoutLookups`) collects.
/// A face's coverage tables name up to tens of thousands of glyphs (a CJK face's contextual
/// lookups cover most of its ideographs), and inserting each into a hashed `Set` was most
/// of the analysis's cost, paid once per face at start-up.
package struct GlyphSet: Sequence, Equatable, ExpressibleByArrayLiteral {
    /// Bit `g & 63` of word `g >> 6` for glyph `g`; no trailing words beyond the largest
    /// glyph inserted (so equal sets are equal arrays).
    private var words: [UInt64] = []

    package init() {}

    package init<Glyphs: Sequence<UInt32>>(_ glyphs: Glyphs) {
        for glyph in glyphs { insert(glyph) }
    }

    package init(arrayLiteral glyphs: UInt32...) { self.init(glyphs) }

    package var isEmpty: Bool { words.isEmpty }

    package func contains(_ glyph: UInt32) -> Bool {
        let w = Int(glyph >> 6)
        return w < words.count && words[w] & (1 << UInt64(glyph & 63)) != 0
    }

    package mutating func insert(_ glyph: UInt32) {
        let w = Int(glyph >> 6)
        if w >= words.count { words.append(contentsOf: repeatElement(0, count: w + 1 - words.count)) }
        words[w] |= 1 << UInt64(glyph & 63)
    }

    package mutating func formUnion(_ other: GlyphSet) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        for w in other.words.indices { words[w] |= other.words[w] }
    }

    package func union(_ other: GlyphSet) -> GlyphSet {
        var result = self
        result.formUnion(other)
        return result
    }

    package func intersection(_ other: GlyphSet) -> GlyphSet {
        var result = GlyphSet()
        let count = Swift.min(words.count, other.words.count)
        result.words = (0..<count).map { words[$0] & other.words[$0] }
        while result.words.last == 0 { result.words.removeLast() }
        return result
    }

    /// The glyphs, ascending.
    package func makeIterator() -> AnyIterator<UInt32> {
        var w = 0, bits: UInt64 = words.first ?? 0
        let words = self.words
        return AnyIterator {
            while bits == 0 {
                w += 1
                guard w < words.count else { return nil }
                bits = words[w]
            }
            let bit = bits.trailingZeroBitCount
            bits &= bits - 1
            return UInt32(w * 64 + bit)
        }
    }
}
