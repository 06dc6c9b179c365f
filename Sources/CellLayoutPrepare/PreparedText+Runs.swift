import CellLayoutCore

/// Which attribute run a cluster belongs to: the one rule that fitting, truncation and the
/// segments' metrics read.
extension PreparedParagraph {
    /// The attribute run of cluster `index` (`PreparedText.runStyles`): 0 in a plain text,
    /// and for an index outside the paragraph (an empty line).
    @inline(__always)
    package func run(ofCluster index: Int) -> Int {
        clusterRuns.indices.contains(index) ? Int(clusterRuns[index]) : 0
    }
}

extension PreparedText {
    /// Adds to `metrics` those of the attribute runs of `paragraph`'s clusters `range`.
    package static func addRunMetrics(of paragraph: PreparedParagraph, _ range: Range<Int32>, runStyles: [RunStyle],
                                      to metrics: inout LineMetrics?) {
        var last = -1
        for c in range where paragraph.run(ofCluster: Int(c)) != last {
            last = paragraph.run(ofCluster: Int(c))
            let m = runStyles[last].metrics
            metrics = metrics.map { $0.union(m) } ?? m
        }
    }

    /// The run that holds UTF-16 offset `offset`: that of the first cluster starting at or
    /// after it in `paragraphs` (the last of `runCount` runs for the end of the text).
    package static func run(at offset: Int, in paragraphs: ArraySlice<PreparedParagraph>, runCount: Int) -> Int {
        for paragraph in paragraphs {
            let cluster = Bisection.firstIndex(in: 0..<paragraph.clusterCount) { paragraph.clusterStart($0) >= offset }
            if cluster < paragraph.clusterCount { return paragraph.run(ofCluster: cluster) }
        }
        return runCount - 1
    }
}
