import CHarfBuzz
import CellLayoutFontLibrary

/// The route for plain text (`PlainShaping`): clusters of one code unit that the run's
/// font draws plain in a script it shapes plain, measured from the font's tables —
/// nominal advances and pair kerning — instead of shaped.
struct PlainRoute: MeasuringRoute {
    @inline(__always)
    func admits(_ cluster: RouteCluster, _ base: UnsafePointer<UInt16>,
                into measures: inout ParagraphBuilder.Measures) -> Bool {
        guard cluster.isSimpleInRunFont else { return false }
        let unit = base[cluster.units.lowerBound]
        return cluster.plain!._withUnsafeGuaranteedRef { $0.shapesPlain(cluster.script) && $0.isPlain(unit) }
    }

    func measure(_ piece: RoutePiece, _ base: UnsafePointer<UInt16>, offset: Int, builder: ParagraphBuilder,
                 into measures: inout ParagraphBuilder.Measures) -> Bool {
        guard let plain = piece.plain else { return false }
        // A guaranteed reference: taking the tables out of the Unmanaged retained them per piece.
        plain._withUnsafeGuaranteedRef { plain in
            builder.appendPlain(base, piece.units, clusters: piece.clusters, offset: offset, plain: plain,
                                script: piece.script, run: piece.run, into: &measures)
        }
        return true
    }
}

extension ParagraphBuilder {
    /// Measures a piece of plain text in `script` from the font's tables (one code unit
    /// per cluster): nominal advances, kerning between neighbours. A piece that follows a
    /// plain run of the same script extends it (kerning across the join included), so
    /// neighbouring plain words make one piece; else it starts a run of its own. `run` is
    /// the attribute run (0 in a plain text): pieces of different runs stay apart, to be
    /// drawn each with its attributes.
    func appendPlain(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>, offset: Int, plain: PlainShaping,
        script: hb_script_t, run: Int, into m: inout Measures
    ) {
        let glyphs = m.usePlainGlyphs()
        let count = units.count
        for k in 0..<count {
            let unit = base[units.lowerBound + k], cluster = clusters.lowerBound + k
            glyphs[cluster] = plain.glyph(unit)
            var advance = Int64(plain.advance(unit))
            if k + 1 < count {
                let kern = plain.kern(unit, base[units.lowerBound + k + 1])
                // The column starts zeroed, and most pairs do not kern.
                if kern != 0 { m.setKern(cluster, kern) }
                advance += Int64(kern)
            }
            m.setAdvance(cluster, advance)
        }
        let start = offset + units.lowerBound, end = offset + units.upperBound
        if m.appendTablePiece(start, end, font: plain.font, script: script, run: run, joins: {
            plain.isPlain(base[units.lowerBound - 1])
        }) {
            let kern = plain.kern(base[units.lowerBound - 1], base[units.lowerBound])
            m.setKern(clusters.lowerBound - 1, kern)
            m.add(kern, to: clusters.lowerBound - 1)
        }
    }
}
