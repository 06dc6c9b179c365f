import CHarfBuzz
import CellLayoutFontLibrary

/// The route for characters no font of the chain covers (`PlainShaping.drawsAsNotdef`):
/// clusters of one code unit drawn as the run font's .notdef glyph, at its advance,
/// unkerned, as HarfBuzz shapes them.
struct NotdefRoute: MeasuringRoute {
    @inline(__always)
    func admits(_ cluster: RouteCluster, _ base: UnsafePointer<UInt16>,
                into measures: inout ParagraphBuilder.Measures) -> Bool {
        cluster.isSimpleInRunFont && cluster.kind & Itemizer.notdef != 0 && PlainShaping.shapesNotdef(cluster.script)
    }

    func measure(_ piece: RoutePiece, _ base: UnsafePointer<UInt16>, offset: Int, builder: ParagraphBuilder,
                 into measures: inout ParagraphBuilder.Measures) -> Bool {
        guard let plain = piece.plain?.takeUnretainedValue(), let advance = plain.notdefAdvance else { return false }
        builder.appendNotdef(base, piece.units, clusters: piece.clusters, offset: offset, plain: plain,
                             advance: advance, script: piece.script, run: piece.run, into: &measures)
        return true
    }
}

extension ParagraphBuilder {
    /// Measures a piece of characters the font lacks (`PlainShaping.drawsAsNotdef`, one
    /// code unit per cluster) as HarfBuzz shapes them: the .notdef glyph at its advance,
    /// unkerned. A piece that follows a .notdef run of the same font, script and attribute
    /// run extends it, so a line of CJK text the fonts lack is one piece.
    func appendNotdef(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>, offset: Int, plain: PlainShaping,
        advance: Int32, script: hb_script_t, run: Int, into m: inout Measures
    ) {
        _ = m.usePlainGlyphs()  // .notdef: glyph 0
        for cluster in clusters { m.setAdvance(cluster, Int64(advance)) }
        let start = offset + units.lowerBound, end = offset + units.upperBound
        if let last = m.pieces.last, last.glyphs == nil, last.utf16End == start, last.font === plain.font,
           last.run == run, last.script == script, !plain.isPlain(base[units.lowerBound - 1]) {
            m.pieces[m.pieces.count - 1] = ShapedPiece(
                glyphs: nil, font: plain.font, script: script, utf16Start: last.utf16Start, utf16End: end, level: 0,
                run: run)
        } else {
            m.pieces.append(ShapedPiece(
                glyphs: nil, font: plain.font, script: script, utf16Start: start, utf16End: end, level: 0, run: run))
        }
    }
}
