import CellLayoutCore

/// The distinct line metrics kept before a text's packed segments, three 64-bit entries
/// each (the bits of ascent, descent and gap), valid while the text lives.
@usableFromInline
package struct PackedMetrics {
    @usableFromInline package let entries: UnsafePointer<PackedSegment>

    @inlinable
    package init(entries: UnsafePointer<PackedSegment>) { self.entries = entries }

    /// Metrics `index` (a `PackedSegment.metricsIndex`).
    @inlinable
    package subscript(index: Int) -> LineMetrics {
        let entry = entries + 3 * index
        return LineMetrics(ascent: Double(bitPattern: entry[0].bits), descent: Double(bitPattern: entry[1].bits),
                           gap: Double(bitPattern: entry[2].bits))
    }
}

/// The line metrics of each segment of a text whose runs differ in them: the union of
/// the runs of its clusters (trailing white space included, as a line holds it), and for
/// an empty paragraph, the run its place falls in — what `PreparedText.naturalMetrics(of:)`
/// takes of a line made of whole segments.
package struct SegmentMetrics {
    /// The distinct metrics, in order of first use.
    package private(set) var table: [LineMetrics] = []
    /// Each segment's index in `table`, paragraph after paragraph; an empty paragraph has
    /// one entry.
    package private(set) var indices: [Int32] = []
    /// How many times the index changes from one entry to the next (the first included).
    package private(set) var marks = 0

    @usableFromInline package init(_ paragraphs: [PreparedParagraph], runStyles: [RunStyle]) {
        for (p, paragraph) in paragraphs.enumerated() {
            guard !paragraph.segmentEnds.isEmpty else {
                add(runStyles[PreparedText.run(at: paragraph.utf16Start, in: paragraphs[p...], runCount: runStyles.count)]
                    .metrics)
                continue
            }
            var start: Int32 = 0
            for end in paragraph.segmentEnds {
                var metrics: LineMetrics?
                PreparedText.addRunMetrics(of: paragraph, start..<end, runStyles: runStyles, to: &metrics)
                add(metrics!)
                start = end
            }
        }
    }

    /// The most distinct metrics a text may have for `linePitches(style:)`: 4 give 15
    /// unions (120 bytes before the segments).
    package static let pitchTableLimit = 4

    /// The pitch (`ParagraphStyle.linePitch`) of a line holding the segments of each union
    /// of `table`'s metrics, for a table of at most `pitchTableLimit`: element `mask - 1`
    /// for the union of the metrics whose indices are the bits of `mask` — what
    /// `LineStack.add` adds for such a line, computed the same way (the union is exact), so
    /// a re-fit adds a line's pitch with one load. Nil for a larger table.
    package func linePitches(style: ParagraphStyle) -> [Double]? {
        guard table.count <= Self.pitchTableLimit else { return nil }
        return (1..<(1 << table.count)).map { mask in
            var union: LineMetrics?
            for (index, metrics) in table.enumerated() where mask & (1 << index) != 0 {
                union = union.map { $0.union(metrics) } ?? metrics
            }
            return style.linePitch(union!)
        }
    }

    private mutating func add(_ metrics: LineMetrics) {
        let index = table.firstIndex(of: metrics) ?? table.count
        if index == table.count { table.append(metrics) }
        if indices.last != Int32(index) { marks += 1 }
        indices.append(Int32(index))
    }
}
