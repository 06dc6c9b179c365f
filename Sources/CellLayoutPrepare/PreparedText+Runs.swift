import CellLayoutCore

/// Which attribute run a cluster or an offset belongs to: the rules fitting and the
/// segments' metrics both read.
extension PreparedText {
    /// Adds to `metrics` those of the attribute runs of `paragraph`'s clusters `range`.
    package static func addRunMetrics(of paragraph: PreparedParagraph, _ range: Range<Int32>, runStyles: [RunStyle],
                              to metrics: inout LineMetrics?) {
        let runs = paragraph.clusterRuns
        var last = -1
        for c in range where Int(runs[Int(c)]) != last {
            last = Int(runs[Int(c)])
            let m = runStyles[last].metrics
            metrics = metrics.map { $0.union(m) } ?? m
        }
    }

    /// The run that holds UTF-16 offset `offset`, searching `paragraphs` (the last of
    /// `runCount` runs for the end of the text).
    package static func run(at offset: Int, in paragraphs: ArraySlice<PreparedParagraph>, runCount: Int) -> Int {
        for paragraph in paragraphs {
            for c in 0..<paragraph.clusterCount where paragraph.clusterStart(c) >= offset {
                return Int(paragraph.clusterRuns[c])
            }
        }
        return runCount - 1
    }
}
