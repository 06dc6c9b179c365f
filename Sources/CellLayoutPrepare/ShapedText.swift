/// The glyphs HarfBuzz made of one piece of text in one font, script and direction.
///
/// Offsets and advances are in layout units (1/1024 pt); clusters are UTF-16 offsets
/// into the piece. For right-to-left text the glyphs are in visual order, as HarfBuzz
/// returns them. The six columns share one array: a piece shaped for the memo costs one
/// allocation for its glyphs, not one per column (the columns were 5 % of preparing
/// international text).
package final class ShapedText: Sendable {
    /// How many glyphs.
    package let count: Int
    /// Glyph ids (their bits), advances, x offsets, y offsets, clusters and kerns, `count`
    /// each, in that order.
    private let columns: [Int32]
    /// The sum of the advances.
    package let width: Int64

    /// Glyphs whose columns `fill` writes into a buffer of `6 × count`: glyph ids (their
    /// bits), advances, x offsets, y offsets, clusters, kerns.
    package init(count: Int, fill: (UnsafeMutableBufferPointer<Int32>) -> Void) {
        self.count = count
        let columns = [Int32](unsafeUninitializedCapacity: 6 * count) { buffer, initialized in
            buffer.initialize(repeating: 0)
            fill(buffer)
            initialized = 6 * count
        }
        self.columns = columns
        width = columns[count..<(2 * count)].reduce(0) { $0 + Int64($1) }
    }

    /// Glyphs from their columns, each `glyphs.count` long.
    package convenience init(glyphs: [UInt32], advances: [Int32], xOffsets: [Int32], yOffsets: [Int32],
                             clusters: [Int32], kerns: [Int32]) {
        let n = glyphs.count
        self.init(count: n) { columns in
            for i in 0..<n {
                columns[i] = Int32(bitPattern: glyphs[i])
                columns[n + i] = advances[i]
                columns[2 * n + i] = xOffsets[i]
                columns[3 * n + i] = yOffsets[i]
                columns[4 * n + i] = clusters[i]
                columns[5 * n + i] = kerns[i]
            }
        }
    }

    /// Glyph `i`'s id.
    @inline(__always) package func glyph(_ i: Int) -> UInt32 { UInt32(bitPattern: columns[i]) }
    /// Glyph `i`'s advance.
    @inline(__always) package func advance(_ i: Int) -> Int32 { columns[count &+ i] }
    /// Glyph `i`'s horizontal offset.
    @inline(__always) package func xOffset(_ i: Int) -> Int32 { columns[2 &* count &+ i] }
    /// Glyph `i`'s vertical offset.
    @inline(__always) package func yOffset(_ i: Int) -> Int32 { columns[3 &* count &+ i] }
    /// The UTF-16 offset in the piece of glyph `i`'s cluster.
    @inline(__always) package func cluster(_ i: Int) -> Int32 { columns[4 &* count &+ i] }
    /// How much positioning (kerning) changed glyph `i`'s advance from the font's nominal
    /// one: what a glyph loses when the text after it goes to the next line.
    @inline(__always) package func kern(_ i: Int) -> Int32 { columns[5 &* count &+ i] }

    /// Roughly how many bytes the entry holds, for the cache's byte bound.
    package var byteCount: Int { 64 + count * 24 }
}
