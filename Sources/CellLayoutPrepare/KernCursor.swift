import CellLayoutCore

/// Reads a paragraph's kerning for clusters in increasing order — the line fitters' walks
/// over the clusters of a word too wide for a line, a glyph run's clusters — walking its
/// kerned clusters alongside (`PreparedParagraph.kernedClusters`) instead of searching them
/// for each cluster: a cluster before the next kerned one reads 0 from one comparison.
///
/// Two words, so that a loop keeps them in registers; each read is given the paragraph,
/// which its reader holds.
@usableFromInline
package struct KernCursor {
    /// The entry (in `kernedClusters`) of the first kerned cluster not yet passed; for a
    /// kerning per cluster, the address of `kernValues`.
    @usableFromInline var entry: Int
    /// That cluster (`Int.max`: none is left; `Int.min` for a kerning per cluster, read
    /// in line from `entry`): every cluster before it reads 0, so a walk may skip to it.
    @usableFromInline package internal(set) var next: Int

    /// A cursor over `paragraph`'s kerning from cluster `start` on.
    @inlinable
    package init(_ paragraph: PreparedParagraph, from start: Int) {
        (entry, next) = paragraph.kernCount == 0 ? (0, .max) : Self.start(paragraph, at: start)
    }

    /// The entry and cluster of `paragraph`'s first kerned cluster at or past `start`, or
    /// the address of its kerning per cluster (out of line: most paragraphs kern nowhere or
    /// in few places).
    @usableFromInline @inline(never)
    static func start(_ paragraph: PreparedParagraph, at start: Int) -> (entry: Int, next: Int) {
        if paragraph.kernCount == paragraph.count { return (Int(bitPattern: paragraph.kernValues.baseAddress), .min) }
        let clusters = paragraph.kernedClusters
        let entry = Bisection.firstIndex(in: 0..<clusters.count) { Int(clusters[$0]) >= start }
        return (entry, entry < clusters.count ? Int(clusters[entry]) : .max)
    }

    /// Cluster `c`'s kerning with the next cluster, `c` past the last cluster read (and at
    /// or past the start), in `paragraph`, the cursor's.
    @inlinable
    package mutating func kern(_ c: Int, in paragraph: PreparedParagraph) -> Int64 {
        if c < next { return 0 }
        if next == .min {
            return paragraph.kernValue(UnsafePointer<Int16>(bitPattern: entry).unsafelyUnwrapped[c], of: c)
        }
        let read = Self.read(c, entry: entry, in: paragraph)
        (entry, next) = (read.entry, read.next)
        return read.kern
    }

    /// `kern(_:in:)` of a cluster at or past the next kerned one, with the cursor's state
    /// after it: out of line, as most clusters do not kern, and returned rather than
    /// written through `self`, so that a loop keeps the cursor in registers.
    @usableFromInline @inline(never)
    static func read(_ c: Int, entry: Int, in paragraph: PreparedParagraph) -> (kern: Int64, entry: Int, next: Int) {
        let clusters = paragraph.kernedClusters, count = clusters.count
        var entry = entry
        while entry < count, Int(clusters[entry]) < c { entry &+= 1 }
        guard entry < count, Int(clusters[entry]) == c else {
            return (0, entry, entry < count ? Int(clusters[entry]) : .max)
        }
        let value = paragraph.kernValues[entry]
        entry &+= 1
        return (paragraph.kernValue(value, of: c), entry, entry < count ? Int(clusters[entry]) : .max)
    }
}
