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

/// The line metrics of each segment of a text whose runs differ in them, as the marks
/// among its packed segments give them: those of the runs of its clusters (trailing white
/// space included, as a line holds it), and for an empty paragraph, those of the run its
/// place falls in — what `PreparedText.naturalMetrics(of:)` takes of a line made of whole
/// segments.
///
/// With at most `pitchTableLimit` distinct metrics among the runs (`usesRunBits`), `table`
/// holds them and a segment's value is a set of bits, `1 << k` for each `table[k]` among its
/// runs: a piece of a segment (a cluster broken off a word wider than the line) then has
/// bits of its own, and a line's metrics are the union of its pieces' bits. With more,
/// `table` holds the distinct unions of the segments' runs and a segment's value is its
/// index there.
package struct SegmentMetrics {
    /// The distinct metrics, in order of first use.
    package private(set) var table: [LineMetrics] = []
    /// Whether `values` are bits of the runs' metrics rather than indices in `table`.
    package let usesRunBits: Bool
    /// Each segment's value, paragraph after paragraph; an empty paragraph has one.
    package private(set) var values: [Int32] = []
    /// How many times the value changes from one segment to the next (the first included).
    package private(set) var marks = 0

    @usableFromInline package init(_ paragraphs: [PreparedParagraph], runStyles: [RunStyle]) {
        var distinct: [LineMetrics] = []
        for style in runStyles where !distinct.contains(style.metrics) { distinct.append(style.metrics) }
        usesRunBits = distinct.count <= Self.pitchTableLimit
        let bits = usesRunBits ? runStyles.map { Int32(1) << Int32(distinct.firstIndex(of: $0.metrics)!) } : []
        if usesRunBits { table = distinct }
        for (p, paragraph) in paragraphs.enumerated() {
            guard !paragraph.segmentEnds.isEmpty else {
                let run = PreparedText.run(at: paragraph.utf16Start, in: paragraphs[p...], runCount: runStyles.count)
                add(usesRunBits ? bits[run] : index(of: runStyles[run].metrics))
                continue
            }
            var start: Int32 = 0
            for end in paragraph.segmentEnds {
                if usesRunBits {
                    var value: Int32 = 0, last = -1
                    for c in start..<end where paragraph.run(ofCluster: Int(c)) != last {
                        last = paragraph.run(ofCluster: Int(c))
                        value |= bits[last]
                    }
                    add(value)
                } else {
                    var metrics: LineMetrics?
                    PreparedText.addRunMetrics(of: paragraph, start..<end, runStyles: runStyles, to: &metrics)
                    add(index(of: metrics!))
                }
                start = end
            }
        }
    }

    /// The most distinct metrics a text may have for `linePitches(style:)`: 4 give 15
    /// unions (120 bytes before the segments).
    package static let pitchTableLimit = 4

    /// With `usesRunBits`, the pitch (`ParagraphStyle.linePitch`) of a line of each union of
    /// `table`'s metrics: element `mask - 1` for the union of those whose indices are the
    /// bits of `mask` — what `LineStack.add` adds for such a line, computed the same way
    /// (the union is exact), so that a re-fit adds a line's pitch with one load. Else nil.
    package func linePitches(style: ParagraphStyle) -> [Double]? {
        guard usesRunBits else { return nil }
        return (1..<(1 << table.count)).map { mask in
            var union: LineMetrics?
            for (index, metrics) in table.enumerated() where mask & (1 << index) != 0 {
                union = union.map { $0.union(metrics) } ?? metrics
            }
            return style.linePitch(union!)
        }
    }

    /// The index of `metrics` in `table`, added if new.
    private mutating func index(of metrics: LineMetrics) -> Int32 {
        let index = table.firstIndex(of: metrics) ?? table.count
        if index == table.count { table.append(metrics) }
        return Int32(index)
    }

    private mutating func add(_ value: Int32) {
        if values.last != value { marks += 1 }
        values.append(value)
    }
}
