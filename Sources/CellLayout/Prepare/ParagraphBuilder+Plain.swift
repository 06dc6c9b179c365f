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
        let clusterStarts = (0...length).map { Int32(range.lowerBound + $0) }
        let advances = Scratch<Int32>(count: length), kerns = Scratch<Int32>(count: length)
        let flags = Scratch<UInt8>(count: length), glyphs = Scratch<UInt16>(count: length)
        defer { advances.free(); kerns.free(); flags.free(); glyphs.free() }
        for i in 0..<length {
            let unit = base[i]
            glyphs[i] = plain.glyph(unit)
            var advance = plain.advance(unit)
            if i + 1 < length {
                let kern = plain.kern(unit, base[i + 1])
                kerns[i] = kern
                advance += kern
            }
            advances[i] = advance
            if let scalar = Unicode.Scalar(unit), Self.isHangingSpace(scalar) { flags[i] = ClusterFlags.whitespace }
        }
        let ends = breaks.prefix(breakCount).lazy.map(Int.init).filter { $0 < length } + CollectionOfOne(length)
        let piece = ShapedPiece(
            shaped: nil, font: font, script: HB_SCRIPT_LATIN, utf16Start: range.lowerBound,
            utf16End: range.upperBound, level: 0)
        let keptAdvances = Array(advances.buffer), keptKerns = Array(kerns.buffer), keptFlags = Array(flags.buffer)
        return PreparedParagraph(
            utf16Start: range.lowerBound, clusterStarts: clusterStarts, advances: keptAdvances, kerns: keptKerns,
            flags: keptFlags,
            segments: Self.segments(ending: ends, advances: keptAdvances, kerns: keptKerns, flags: keptFlags),
            pieces: [piece], plainGlyphs: Array(glyphs.buffer))
    }

    /// Measures a piece of plain text from the font's tables (one code unit per cluster):
    /// nominal advances, kerning between neighbours. A piece that follows a plain run
    /// extends it (kerning across the join included), so neighbouring plain words make
    /// one piece; else it starts a run of its own.
    func appendPlain(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>, offset: Int, plain: PlainShaping,
        into m: inout Measures
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
        if let last = m.pieces.last, last.shaped == nil, last.utf16End == start {
            let kern = plain.kern(base[units.lowerBound - 1], base[units.lowerBound])
            m.kerns[clusters.lowerBound - 1] = kern
            m.advances[clusters.lowerBound - 1] += kern
            m.pieces[m.pieces.count - 1] = ShapedPiece(
                shaped: nil, font: font, script: HB_SCRIPT_LATIN, utf16Start: last.utf16Start, utf16End: end, level: 0)
        } else {
            m.pieces.append(ShapedPiece(
                shaped: nil, font: font, script: HB_SCRIPT_LATIN, utf16Start: start, utf16End: end, level: 0))
        }
    }
}
