import CHarfBuzz
import CellLayoutCore
import CellLayoutFontLibrary

extension ParagraphBuilder {
    /// What a paragraph's pieces write per cluster (columns of one block, `ClusterTables`,
    /// handed to the paragraph at the end), and the pieces themselves.
    package struct Measures {
        package let clusterCount: Int
        /// The block the columns below are views of.
        package let tables: ClusterTables
        /// Each cluster's advance, kerning with the next cluster included.
        package let advances: Scratch<Int32>
        /// Each cluster's kerning with the next cluster (`Int16.min` where it is in
        /// `wideKerns`): written with `setKern(_:_:)`. In the builder's scratch region
        /// (zeroed), as the routes write it in any order: the block keeps it compacted
        /// (`ClusterTables.kept`).
        package let kerns: Scratch<Int16>
        /// The kerning past Int16 (`PreparedParagraph.wideKerns`).
        package var wideKerns: [Int: Int32] = [:]
        /// Each cluster's `ClusterFlags` (zeroed).
        package let flags: Scratch<UInt8>
        /// The glyph per cluster of runs measured from tables (zeroed by the first such run,
        /// `usePlainGlyphs()`); nil until then.
        package private(set) var plainGlyphs: Scratch<UInt16>?
        /// For shaped pieces: whether a glyph maps to the cluster (the paragraph's clusters'
        /// table, in the builder's scratch region); nil on the plain path, which shapes none.
        var hasGlyph: Scratch<Bool>?
        package var pieces: [ShapedPiece] = []
        /// What holds the pieces' glyphs (theirs are unretained).
        package var glyphs = PieceGlyphs.none
        /// The advances past Int32 (`PreparedParagraph.wideAdvances`).
        package var wide: [Int: Int64] = [:]

        /// The measures of `clusterCount` clusters, with room for their starts when
        /// `hasStarts` (not every cluster one code unit) and for `segmentCapacity` segment
        /// ends; their kerning into `kerns` (zeroed, `clusterCount` of them, in the builder's
        /// scratch region); the block carved from `arena` when given (`ClusterTables`). Out of
        /// line (once a paragraph): inlined, it made the general path's loop over clusters
        /// (`pieces`) too large for the optimizer to inline the routes' per-cluster tests
        /// there (`MeasuringRoutes.admitting`: +2.5 % of a cold pass).
        @inline(never)
        package init(clusterCount: Int, hasStarts: Bool = false, segmentCapacity: Int, kerns: Scratch<Int16>,
                     in arena: borrowing TextArena? = nil) {
            self.clusterCount = clusterCount
            tables = ClusterTables(count: clusterCount, hasStarts: hasStarts, segmentCapacity: segmentCapacity, in: arena)
            advances = Scratch(viewing: tables.advances)
            self.kerns = kerns
            flags = Scratch(viewing: tables.flags)
        }

        /// The glyphs column, zeroed when first asked (glyph 0 is .notdef).
        @inline(__always)
        mutating func usePlainGlyphs() -> Scratch<UInt16> {
            if let plainGlyphs { return plainGlyphs }
            return startPlainGlyphs()
        }

        /// The glyphs column zeroed, at the first run that writes it (out of line: once a
        /// paragraph, where its caller runs per cluster).
        @inline(never)
        mutating func startPlainGlyphs() -> Scratch<UInt16> {
            let glyphs = Scratch(viewing: tables.plainGlyphs)
            glyphs.buffer.initialize(repeating: 0)
            plainGlyphs = glyphs
            return glyphs
        }

        /// Cluster `c`'s advance.
        @inline(__always)
        package func advance(_ c: Int) -> Int64 {
            let advance = advances[c]
            return advance != PreparedParagraph.wideAdvance ? Int64(advance) : wide[c]!
        }

        /// Cluster `c`'s kerning with the next cluster.
        @inline(__always)
        package func kern(_ c: Int) -> Int64 {
            let kern = kerns[c]
            return kern != PreparedParagraph.wideKern ? Int64(kern) : Int64(wideKerns[c]!)
        }

        /// Sets cluster `c`'s kerning: in `kerns` when Int16 holds it (Int16.min aside),
        /// else in `wideKerns` — Int16 holds ±32 pt, a fifth of an em at 160 pt. (A
        /// wide entry written over by a narrow one stays in `wideKerns`, unread: it is read
        /// only where `kerns` holds the mark.)
        @inline(__always)
        mutating func setKern(_ c: Int, _ value: Int32) {
            if let narrow = Self.narrowKern(value) {
                kerns[c] = narrow
            } else {
                setWideKern(c, value)
            }
        }

        /// A kerning as `kerns` holds it, or nil when it goes to `wideKerns`.
        @inline(__always)
        static func narrowKern(_ value: Int32) -> Int16? {
            let narrow = Int16(truncatingIfNeeded: value)
            return Int32(narrow) == value && narrow != PreparedParagraph.wideKern ? narrow : nil
        }

        /// `setKern` past Int16, out of line.
        @inline(never)
        mutating func setWideKern(_ c: Int, _ value: Int32) {
            kerns[c] = PreparedParagraph.wideKern
            wideKerns[c] = value
        }

        /// Sets cluster `c`'s advance: in `advances` when Int32 holds it, else in `wide`.
        @inline(__always)
        mutating func setAdvance(_ c: Int, _ value: Int64) {
            if let narrow = Self.narrowAdvance(value), wide.isEmpty {
                advances[c] = narrow
            } else {
                setAdvanceWithWide(c, value)
            }
        }

        /// An advance as `advances` holds it, or nil when it goes to `wide`.
        @inline(__always)
        static func narrowAdvance(_ value: Int64) -> Int32? {
            guard let narrow = Int32(exactly: value), narrow != PreparedParagraph.wideAdvance else { return nil }
            return narrow
        }

        /// `setAdvance` past Int32, or once `wide` holds an advance: out of line (its
        /// dictionary code, inlined in a loop over units, took the registers the loop needs).
        @inline(never)
        mutating func setAdvanceWithWide(_ c: Int, _ value: Int64) {
            if let narrow = Self.narrowAdvance(value) {
                advances[c] = narrow
                if !wide.isEmpty { wide[c] = nil }
            } else {
                advances[c] = PreparedParagraph.wideAdvance
                wide[c] = value
            }
        }

        /// Appends a piece measured from tables (no shaped text) from UTF-16 offset `start`
        /// to `end` in `font`, `script` and attribute run `run` — or extends the last piece
        /// to `end` when it is such a piece of the same font, script and run that ends at
        /// `start` and `joins` (the route's own condition, asked only then). The last piece
        /// is read and changed in place, not copied. Whether it joined.
        @inline(__always) @discardableResult
        mutating func appendTablePiece(_ start: Int, _ end: Int, font: Font, script: hb_script_t, run: Int,
                                       joins: () -> Bool) -> Bool {
            let extends = pieces.withUnsafeBufferPointer { pieces in
                guard !pieces.isEmpty else { return false }
                let last = pieces.baseAddress! + pieces.count - 1
                return last.pointee.glyphs == nil && last.pointee.utf16End == start
                    && ObjectIdentifier(last.pointee.font) == ObjectIdentifier(font) && last.pointee.run == run
                    && last.pointee.script == script
            }
            if extends, joins() {
                pieces[pieces.count - 1].utf16End = end
                return true
            }
            pieces.append(ShapedPiece(glyphs: nil, font: font, script: script, utf16Start: start, utf16End: end,
                                      level: 0, run: run))
            return false
        }

        /// Adds `value` (layout units) to cluster `c`'s advance.
        @inline(__always)
        package mutating func add(_ value: some FixedWidthInteger, to c: Int) {
            setAdvance(c, advance(c) + Int64(value))
        }
    }
}
