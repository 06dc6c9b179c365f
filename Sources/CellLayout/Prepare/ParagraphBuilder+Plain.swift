import CHarfBuzz
import CICU

/// Plain text (`PlainShaping`) in a paragraph: measured from the font's tables instead
/// of shaped.
extension ParagraphBuilder {
    /// A paragraph made only of plain characters (most Latin text), or nil: one plain run
    /// with a cluster per code unit, measured from the font's tables. The same paragraph
    /// the general path builds, without its per-cluster font, script and piece work.
    func plainParagraph(_ base: UnsafePointer<UInt16>, _ range: Range<Int>, _ plain: PlainShaping)
        -> PreparedParagraph? {
        let length = range.count
        for i in 0..<length where !plain.isPlain(base[i]) { return nil }
        var breaks = [Int32](repeating: 0, count: length + 1)
        var hard = [UInt8](repeating: 0, count: length + 1)
        let breakCount = max(0, Int(cicu_line_breaks(base, Int32(length), &breaks, &hard)))
        var measures = Measures(clusterCount: length)
        defer { measures.free() }
        appendPlain(base, 0..<length, clusters: 0..<length, offset: range.lowerBound, plain: plain, run: 0,
                    into: &measures)
        let flags = (0..<length).map { i -> UInt8 in
            guard let scalar = Unicode.Scalar(base[i]), Self.isHangingSpace(scalar) else { return 0 }
            return ClusterFlags.whitespace
        }
        let ends = breaks.prefix(breakCount).lazy.map(Int.init).filter { $0 < length } + CollectionOfOne(length)
        return Self.paragraph(at: range.lowerBound, clusterStarts: (0...length).map { Int32(range.lowerBound + $0) },
                              flags: flags, segmentEnds: ends, measures: measures)
    }

    /// Measures a piece of plain text from the font's tables (one code unit per cluster):
    /// nominal advances, kerning between neighbours. A piece that follows a plain run
    /// extends it (kerning across the join included), so neighbouring plain words make
    /// one piece; else it starts a run of its own. `run` is the attribute run (0 in a plain
    /// text): pieces of different runs stay apart, to be drawn each with its attributes.
    func appendPlain(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>, offset: Int, plain: PlainShaping,
        run: Int, into m: inout Measures
    ) {
        let glyphs = m.plainGlyphs ?? Scratch(count: m.clusterCount)
        m.plainGlyphs = glyphs
        let count = units.count
        for k in 0..<count {
            let unit = base[units.lowerBound + k], cluster = clusters.lowerBound + k
            glyphs[cluster] = plain.glyph(unit)
            var advance = plain.advance(unit)
            if k + 1 < count {
                let kern = plain.kern(unit, base[units.lowerBound + k + 1])
                m.kerns[cluster] = kern
                advance += kern
            }
            m.advances[cluster] = advance
        }
        let start = offset + units.lowerBound, end = offset + units.upperBound
        if let last = m.pieces.last, last.shaped == nil, last.utf16End == start, last.font === plain.font,
           last.run == run {
            let kern = plain.kern(base[units.lowerBound - 1], base[units.lowerBound])
            m.kerns[clusters.lowerBound - 1] = kern
            m.advances[clusters.lowerBound - 1] += kern
            m.pieces[m.pieces.count - 1] = ShapedPiece(
                shaped: nil, font: plain.font, script: HB_SCRIPT_LATIN, utf16Start: last.utf16Start, utf16End: end,
                level: 0, run: run)
        } else {
            m.pieces.append(ShapedPiece(
                shaped: nil, font: plain.font, script: HB_SCRIPT_LATIN, utf16Start: start, utf16End: end, level: 0,
                run: run))
        }
    }
}
