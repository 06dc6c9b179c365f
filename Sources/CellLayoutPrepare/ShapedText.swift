/// The glyphs HarfBuzz made of one piece of text in one font, script and direction.
///
/// Offsets and advances are in layout units (1/1024 pt); `clusters` are UTF-16 offsets
/// into the piece. For right-to-left text the glyphs are in visual order, as HarfBuzz
/// returns them.
package final class ShapedText: Sendable {
    package let glyphs: [UInt32]
    package let advances: [Int32]
    package let xOffsets: [Int32]
    package let yOffsets: [Int32]
    package let clusters: [Int32]
    /// How much positioning (kerning) changed each glyph's advance from the font's nominal
    /// one: what a glyph loses when the text after it goes to the next line.
    package let kerns: [Int32]
    /// The sum of `advances`.
    package let width: Int64

    package init(glyphs: [UInt32], advances: [Int32], xOffsets: [Int32], yOffsets: [Int32], clusters: [Int32],
         kerns: [Int32]) {
        self.glyphs = glyphs
        self.advances = advances
        self.xOffsets = xOffsets
        self.yOffsets = yOffsets
        self.clusters = clusters
        self.kerns = kerns
        self.width = advances.reduce(0) { $0 + Int64($1) }
    }

    /// Roughly how many bytes the entry holds, for the cache's byte bound.
    package var byteCount: Int { 64 + glyphs.count * 24 }
}
