/// The glyphs HarfBuzz made of one piece of text in one font, script and direction.
///
/// Offsets and advances are in layout units (1/1024 pt); clusters are UTF-16 offsets
/// into the piece. For right-to-left text the glyphs are in visual order, as HarfBuzz
/// returns them. The six columns share one allocation with the count and the width: a
/// piece shaped for the memo costs one allocation for its glyphs, not one per column (the
/// columns were 5 % of preparing international text). A value holding one reference, so
/// a piece or the memo keeps it with one retain, as it kept the class it was.
/// `@unchecked Sendable`: its storage (a `ManagedBuffer`, which cannot be declared Sendable)
/// is written only while `init` makes it and read only after.
package struct ShapedText: @unchecked Sendable {
    /// The glyph count and the width, then the six columns (`count` each: glyph ids (their
    /// bits), advances, x offsets, y offsets, clusters, kerns) in the same allocation: one
    /// object per shaped piece, not an object and an array — one allocation fewer per piece
    /// shaped, one pointer fewer to follow per piece taken from the memo, no array to
    /// release when the memo drops it.
    package let storage: Storage

    /// The glyphs' memory, and their accessors (`ShapedText`'s, which a piece that holds
    /// the memory unretained reads without a `ShapedText`).
    package final class Storage: ManagedBuffer<Header, Int32> {
        /// How many glyphs.
        @inline(__always) package var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
        /// The sum of the advances.
        @inline(__always) package var width: Int64 { withUnsafeMutablePointerToHeader { $0.pointee.width } }
        /// Column entry `i` (of `6 × count`).
        @inline(__always) func column(_ i: Int) -> Int32 { withUnsafeMutablePointerToElements { $0[i] } }
        /// Glyph `i`'s advance.
        @inline(__always) package func advance(_ i: Int) -> Int32 { column(count &+ i) }
        /// The UTF-16 offset in the piece of glyph `i`'s cluster.
        @inline(__always) package func cluster(_ i: Int) -> Int32 { column(4 &* count &+ i) }
        /// How much positioning changed glyph `i`'s advance (`ShapedText.kern(_:)`).
        @inline(__always) package func kern(_ i: Int) -> Int32 { column(5 &* count &+ i) }
    }

    package struct Header {
        var count: Int
        var width: Int64
    }

    /// Glyphs whose columns `fill` writes into a buffer of `6 × count`: glyph ids (their
    /// bits), advances, x offsets, y offsets, clusters, kerns.
    package init(count: Int, fill: (UnsafeMutableBufferPointer<Int32>) -> Void) {
        let storage = unsafeDowncast(Storage.create(minimumCapacity: 6 * count) { _ in Header(count: count, width: 0) },
                                     to: Storage.self)
        let width = storage.withUnsafeMutablePointerToElements { elements in
            let columns = UnsafeMutableBufferPointer(start: elements, count: 6 * count)
            columns.initialize(repeating: 0)
            fill(columns)
            return columns[count..<(2 * count)].reduce(0) { $0 + Int64($1) }
        }
        storage.withUnsafeMutablePointerToHeader { $0.pointee.width = width }
        self.storage = storage
    }

    /// How many glyphs.
    @inline(__always) package var count: Int { storage.count }
    /// The sum of the advances.
    @inline(__always) package var width: Int64 { storage.width }

    /// Column entry `i` (of `6 × count`).
    @inline(__always) private func column(_ i: Int) -> Int32 { storage.column(i) }

    /// The glyphs held in `storage` (another `ShapedText`'s).
    @inline(__always) package init(storage: Storage) { self.storage = storage }

    /// Glyphs from their columns, each `glyphs.count` long.
    package init(glyphs: [UInt32], advances: [Int32], xOffsets: [Int32], yOffsets: [Int32],
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

    /// Glyph `i`'s id (`i` below `count`, as for each accessor below: not bounds-checked;
    /// the array the columns were in checked only that an index fell in one of the six).
    @inline(__always) package func glyph(_ i: Int) -> UInt32 { UInt32(bitPattern: column(i)) }
    /// Glyph `i`'s advance.
    @inline(__always) package func advance(_ i: Int) -> Int32 { storage.advance(i) }
    /// Glyph `i`'s horizontal offset.
    @inline(__always) package func xOffset(_ i: Int) -> Int32 { column(2 &* count &+ i) }
    /// Glyph `i`'s vertical offset.
    @inline(__always) package func yOffset(_ i: Int) -> Int32 { column(3 &* count &+ i) }
    /// The UTF-16 offset in the piece of glyph `i`'s cluster.
    @inline(__always) package func cluster(_ i: Int) -> Int32 { storage.cluster(i) }
    /// How much positioning (kerning) changed glyph `i`'s advance from the font's nominal
    /// one: what a glyph loses when the text after it goes to the next line. Read each time
    /// a left-to-right piece is shaped or taken from the memo (`shapePiece`), for the
    /// paragraph's kerning per cluster (`Measures.setKern`), which a line, a segment or a
    /// truncated line that ends after the cluster leaves out — so kept with every memo entry.
    @inline(__always) package func kern(_ i: Int) -> Int32 { storage.kern(i) }

    /// Roughly how many bytes the entry holds, for the cache's byte bound.
    package var byteCount: Int { 64 + count * 24 }
}
