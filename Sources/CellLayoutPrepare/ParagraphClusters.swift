/// The first stage of building a paragraph (`ParagraphBuilder`): its grapheme clusters,
/// the line break opportunities between them and the bidi levels of its code units, from
/// ICU (or without it where the text allows).
///
/// The tables are scratch memory from the builder's `ScratchRegion`, valid until its next
/// `reset()` (the paragraph copies `starts` into its own block).
struct ParagraphClusters {
    /// How many grapheme clusters the paragraph has.
    let count: Int
    /// The line break opportunities (`LineBreaks.opportunities`), the paragraph's end
    /// included.
    let breaks: UnsafeBufferPointer<Int32>
    /// Each cluster's UTF-16 start in the text (not the paragraph), and the paragraph's end
    /// after the last.
    let starts: Scratch<Int32>
    /// The cluster of each code unit of the paragraph.
    let unitToCluster: Scratch<Int32>
    /// Whether a line may break after each cluster (never after the last).
    let breakAfter: Scratch<Bool>
    /// Per cluster, false: what the shaping route marks where a glyph maps to the cluster
    /// (`Measures.hasGlyph`).
    let hasGlyph: Scratch<Bool>
    /// Per cluster, 0: the kerning with the next cluster the routes write (`Measures.kerns`).
    let kerns: Scratch<Int16>
    /// Bidi levels per code unit, or nil when the paragraph is all left to right.
    let levels: UnsafeBufferPointer<UInt8>?

    /// The clusters of the `length` code units at `base`, which start at UTF-16 offset
    /// `offset` of the text, their tables in `region`.
    init(_ base: UnsafePointer<UInt16>, length: Int, offset: Int, in region: inout ScratchRegion) {
        breaks = LineBreaks.opportunities(base, length, in: &region)
        // Read below `count` only.
        let ends = region.allocate(Int32.self, count: length + 1).baseAddress!
        count = Self.clusterEnds(base, length, breaks: breaks, into: ends)
        levels = BidiLevels.levels(base, length, in: &region)
        starts = Scratch(uninitializedCount: count + 1, in: &region)
        unitToCluster = Scratch(uninitializedCount: length, in: &region)
        breakAfter = Scratch(count: count, in: &region)
        hasGlyph = Scratch(count: count, in: &region)
        kerns = Scratch(count: count, in: &region)
        var start = 0
        if count == length {
            // Every cluster one code unit (most paragraphs without marks or emoji).
            for unit in 0..<length {
                starts[unit] = Int32(offset + unit)
                unitToCluster[unit] = Int32(unit)
            }
            start = length
        } else {
            for cluster in 0..<count {
                let end = Int(ends[cluster])
                starts[cluster] = Int32(offset + start)
                for unit in start..<end { unitToCluster[unit] = Int32(cluster) }
                start = end
            }
        }
        // Units no cluster holds (none, unless ICU failed and left no clusters).
        for unit in start..<length { unitToCluster[unit] = 0 }
        starts[count] = Int32(offset + length)
        // A break inside the paragraph ends the cluster of the unit before it (clusterEnds
        // made every such break a cluster end; no cluster at all only when ICU failed).
        guard count > 0 else { return }
        for b in breaks where Int(b) < length { breakAfter[Int(unitToCluster[Int(b) - 1])] = true }
    }

    /// The clusters that end the paragraph's segments (`BreakEnds`): the one before each
    /// break inside it, then the last. Read before the region's `reset()`.
    var segmentEnds: BreakEnds<UnsafeBufferPointer<Int32>> {
        let length = unitToCluster.buffer.count
        return BreakEnds(breaks: breaks, length: length,
                         unitToCluster: count == length ? nil : unitToCluster.buffer.baseAddress, clusterCount: count)
    }

    /// Cluster `c`'s code units, paragraph-relative (`offset` being the paragraph's start).
    @inline(__always)
    func units(of c: Int, offset: Int) -> Range<Int> {
        (Int(starts[c]) - offset)..<(Int(starts[c + 1]) - offset)
    }

    /// Cluster ends into `ends`, returning how many: grapheme cluster ends, and the line
    /// break opportunities that fall inside a grapheme cluster. UAX #14 allows a break
    /// between a space and a combining mark after it (LB10 treats the mark as a letter),
    /// where UAX #29 makes the two one grapheme; ICU reports the break and Pango takes it,
    /// so the mark starts the next line as a cluster of its own (as a Faker name starting
    /// with a vowel sign, " िकशोरी", does).
    private static func clusterEnds(
        _ base: UnsafePointer<UInt16>, _ length: Int, breaks: UnsafeBufferPointer<Int32>,
        into ends: UnsafeMutablePointer<Int32>
    ) -> Int {
        let count = GraphemeBreaks.ends(base, length, into: ends)
        // Every cluster one code unit: every break is a cluster end already.
        guard count != length else { return count }
        var extra: [Int32] = []
        var e = 0
        for b in breaks where Int(b) < length {
            while e < count, ends[e] < b { e += 1 }
            if e < count, ends[e] != b { extra.append(b) }
        }
        guard !extra.isEmpty else { return count }
        var merged = Array(UnsafeBufferPointer(start: ends, count: count)) + extra
        merged.sort()
        for (i, end) in merged.enumerated() { ends[i] = end }
        return merged.count
    }
}
