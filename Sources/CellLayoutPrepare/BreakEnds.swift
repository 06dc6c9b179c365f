/// The segment ends of a paragraph, as cluster counts: the cluster that ends at each of its
/// line break opportunities inside it (`LineBreaks.opportunities`, increasing; each a
/// cluster end, as `ParagraphClusters` makes them), then its last cluster's end. A value
/// iterator: the closure of `sequence(state:next:)` boxed its counter, and each read
/// of it was a dynamic exclusivity check (1.4 % of preparing Latin text); the general
/// path's filter over every cluster's `breakAfter` read every cluster to find the few ends.
/// Generic over where the breaks are: an array on the plain path, the scratch region on
/// the general one (`ParagraphClusters`).
struct BreakEnds<Breaks: RandomAccessCollection<Int32>>: Sequence, IteratorProtocol where Breaks.Index == Int {
    let breaks: Breaks
    /// The paragraph's code units.
    let length: Int
    /// The cluster of each code unit (`ParagraphClusters.unitToCluster`), or nil when each
    /// code unit is a cluster.
    let unitToCluster: UnsafeMutablePointer<Int32>?
    /// The paragraph's clusters (none only when ICU failed: then no segment either).
    let clusterCount: Int
    private var index = 0

    /// The ends of a paragraph of one code unit per cluster.
    init(breaks: Breaks, length: Int) {
        self.init(breaks: breaks, length: length, unitToCluster: nil, clusterCount: length)
    }

    /// The ends of a paragraph of `clusterCount` clusters over `length` code units, cluster
    /// `unitToCluster[u]` holding code unit `u` (nil: one code unit per cluster).
    init(breaks: Breaks, length: Int, unitToCluster: UnsafeMutablePointer<Int32>?, clusterCount: Int) {
        self.breaks = breaks
        self.length = length
        self.unitToCluster = unitToCluster
        self.clusterCount = clusterCount
    }

    mutating func next() -> Int? {
        while index < breaks.count {
            let end = Int(breaks[index])
            index += 1
            // A break at code unit `end` ends the cluster of the unit before it.
            if end < length { return unitToCluster.map { Int($0[end - 1]) + 1 } ?? end }
        }
        guard index == breaks.count, clusterCount > 0 else { return nil }
        index += 1
        return clusterCount
    }
}
