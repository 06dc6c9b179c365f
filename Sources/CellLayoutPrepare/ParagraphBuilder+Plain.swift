import CHarfBuzz
import CellLayoutCore

/// Plain text (`PlainShaping`) in a paragraph: measured from the font's tables instead
/// of shaped.
extension ParagraphBuilder {
    /// A paragraph made only of plain characters of one script and Common ones (most
    /// Latin, Greek and Cyrillic text), or nil: plain runs with a cluster per code unit,
    /// measured from the font's tables. The same paragraph the general path builds (whose
    /// itemizer gives every cluster that one script), without its per-cluster font, script
    /// and piece work. In an attributed text the paragraph may cross attribute runs, each
    /// with plain tables of its own font that shape the script plain: each run's part is a
    /// piece of its own, kerned with the next part only when both are in the same font (as
    /// `kerning(between:)` does), and each run's `kern` is added to its clusters. Its break
    /// opportunities are a temporary in `region`.
    func plainParagraph(_ base: UnsafePointer<UInt16>, _ range: Range<Int>,
                        into segments: PackedSegmentBuffer, in region: inout ScratchRegion) -> PreparedParagraph? {
        let length = range.count
        let parts = RunParts(runs: runs, range: range)
        // Every part must be plain in its run's font; the script is the paragraph's.
        var scripts: UInt8 = 0
        for part in parts {
            guard let plain = plainTables(ofRun: part.run),
                  let classes = plain._withUnsafeGuaranteedRef({ $0.scriptClasses(of: base, part.units) }) else {
                return nil
            }
            scripts |= classes
        }
        let script: hb_script_t
        switch scripts & ~PlainShaping.ScriptClass.common.rawValue {
        case 0: script = HB_SCRIPT_COMMON
        case PlainShaping.ScriptClass.latin.rawValue: script = HB_SCRIPT_LATIN
        case PlainShaping.ScriptClass.greek.rawValue: script = HB_SCRIPT_GREEK
        case PlainShaping.ScriptClass.cyrillic.rawValue: script = HB_SCRIPT_CYRILLIC
        default: return nil  // scripts meet: the general path splits the pieces there
        }
        for part in parts {
            guard plainTables(ofRun: part.run)!._withUnsafeGuaranteedRef({ $0.shapesPlain(script) }) else { return nil }
        }
        let breaks = LineBreaks.opportunities(base, length, in: &region)
        let breakCount = breaks.count
        let kerns = Scratch<Int16>(count: length, in: &region)
        var measures = withEngine { engine in
            Measures(clusterCount: length, segmentCapacity: breakCount + 1, kerns: kerns, in: engine.tableArena)
        }
        var clusterRuns: [UInt16] = []
        if runs != nil { clusterRuns.reserveCapacity(length) }
        for part in parts {
            let plain = plainTables(ofRun: part.run)!
            plain._withUnsafeGuaranteedRef { plain in
                appendPlain(base, part.units, clusters: part.units, offset: range.lowerBound, plain: plain,
                            script: script, run: max(0, part.run), into: &measures)
            }
            guard let runs else { continue }
            let start = part.units.lowerBound
            if start > 0, runs.fonts[part.run - 1] === runs.fonts[part.run] {
                let kern = plain._withUnsafeGuaranteedRef { $0.kern(base[start - 1], base[start]) }
                measures.setKern(start - 1, kern)
                measures.add(kern, to: start - 1)
                measures.pieces[measures.pieces.count - 2].kernAfter = kern
            }
            let runKern = runs.kerns[part.run]
            if runKern != 0 {
                for c in part.units { measures.add(runKern, to: c) }
            }
            clusterRuns.append(contentsOf: repeatElement(UInt16(part.run), count: part.units.count))
        }
        let flags = measures.flags
        for i in 0..<length {
            if let scalar = Unicode.Scalar(base[i]), Self.isHangingSpace(scalar) { flags[i] = ClusterFlags.whitespace }
        }
        let ends = BreakEnds(breaks: breaks, length: length)
        return withEngine { engine in
            Self.paragraph(at: range.lowerBound, segmentEnds: ends, segmentCount: breakCount + 1, measures: measures,
                           fonts: pieceFonts(fallbacks: []), clusterRuns: clusterRuns, into: segments,
                           arena: engine.tableArena)
        }
    }

    /// Attribute run `run`'s plain tables (-1: the text's), unretained: the builder's caller
    /// holds the text's, the run table each run's. Read for every part of every paragraph,
    /// a retain and release of tables every thread shares was a cache line moved between
    /// the cores each time.
    @inline(__always)
    func plainTables(ofRun run: Int) -> Unmanaged<PlainShaping>? {
        run < 0 ? plainReference : runs!.plains[run].map(Unmanaged.passUnretained)
    }
}

/// The parts of a paragraph in each attribute run it crosses, in order: the run (-1 for a
/// plain text, which is one part) and the part's code units, paragraph-relative.
package struct RunParts: Sequence, IteratorProtocol {
    package let runs: RunTable?
    package let range: Range<Int>
    private var run: Int
    private var start: Int

    package init(runs: RunTable?, range: Range<Int>) {
        self.runs = runs
        self.range = range
        run = runs?.run(at: range.lowerBound, from: 0) ?? -1
        start = range.lowerBound
    }

    package mutating func next() -> (run: Int, units: Range<Int>)? {
        guard start < range.upperBound else { return nil }
        var end = range.upperBound
        if let runs, run + 1 < runs.starts.count { end = Swift.min(end, runs.starts[run + 1]) }
        defer { start = end; run += 1 }
        return (run, (start - range.lowerBound)..<(end - range.lowerBound))
    }
}
