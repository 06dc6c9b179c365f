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
    /// drawn each with its attributes. (Out of line: inlined in its callers, its loop over
    /// units kept its values on the stack.)
    @inline(never)
    func appendPlain(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>, offset: Int, plain: PlainShaping,
        script: hb_script_t, run: Int, into m: inout Measures
    ) {
        let glyphs = m.usePlainGlyphs().buffer.baseAddress! + clusters.lowerBound
        let text = base + units.lowerBound, count = units.count
        var k = 0
        while k < count {
            // Unit by unit from the first that the loop below leaves (its pair never met,
            // or a value past the narrow columns), each written by the general setters.
            if m.wide.isEmpty {
                k = plain.withUnits { table in
                    Self.measureKnownPairs(text, count, from: k, table, plain.pairs, glyphs: glyphs,
                                           advances: m.advances.buffer.baseAddress! + clusters.lowerBound,
                                           kerns: m.kerns.buffer.baseAddress! + clusters.lowerBound)
                }
                guard k < count else { break }
            }
            glyphs[k] = plain.glyph(text[k])
            var advance = Int64(plain.advance(text[k]))
            if k + 1 < count {
                let kern = plain.kern(text[k], text[k + 1])
                if kern != 0 { m.setKern(clusters.lowerBound + k, kern) }
                advance += Int64(kern)
            }
            m.setAdvance(clusters.lowerBound + k, advance)
            k += 1
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

    /// The glyph, the kerning with the next unit and the advance of the plain units at
    /// `text` from `k` on (of `count`; `table`: the units' entries, `pairs`: their
    /// kerning) into the columns `glyphs`, `advances` and `kerns` (from the first unit),
    /// while each unit's pair with the next was met before and its kerning and advance fit
    /// the columns; returns the first unit it left (`count`: none). No call in the loop,
    /// so its values stay in registers; each unit's entry is read once (the right one of a
    /// pair is the next left one). Only for measures whose `wide` is empty.
    @inline(__always)
    private static func measureKnownPairs(
        _ text: UnsafePointer<UInt16>, _ count: Int, from k: Int, _ table: UnsafePointer<PlainShaping.Unit>,
        _ pairs: PlainShaping.Pairs, glyphs: UnsafeMutablePointer<UInt16>, advances: UnsafeMutablePointer<Int32>,
        kerns: UnsafeMutablePointer<Int16>
    ) -> Int {
        var k = k
        var entry = table[Int(text[k] &- PlainShaping.first)]
        while k < count {
            var advance = Int64(entry.advance)
            var next = entry
            if k &+ 1 < count {
                next = table[Int(text[k &+ 1] &- PlainShaping.first)]
                guard let kern = pairs.known(entry, next) else { return k }
                // The column starts zeroed, and most pairs do not kern.
                if kern != 0 {
                    guard let narrow = Measures.narrowKern(kern) else { return k }
                    kerns[k] = narrow
                    advance += Int64(kern)
                }
            }
            guard let narrow = Measures.narrowAdvance(advance) else { return k }
            glyphs[k] = entry.glyph
            advances[k] = narrow
            entry = next
            k &+= 1
        }
        return k
    }
}
