import CHarfBuzz
import CellLayoutFontLibrary

/// The route that measures anything: the piece shaped by HarfBuzz through the engine's
/// shape memo, each glyph's advance added to its cluster.
struct ShapingRoute: MeasuringRoute {
    /// The cluster of each code unit of the paragraph (`ParagraphClusters.unitToCluster`).
    let unitToCluster: Scratch<Int32>

    func admits(_ cluster: RouteCluster, _ base: UnsafePointer<UInt16>,
                into measures: inout ParagraphBuilder.Measures) -> Bool {
        true
    }

    func measure(_ piece: RoutePiece, _ base: UnsafePointer<UInt16>, offset: Int, builder: ParagraphBuilder,
                 into measures: inout ParagraphBuilder.Measures) -> Bool {
        measures.pieces.append(builder.shapePiece(
            base, piece.units, clusters: piece.clusters, font: Unmanaged.passUnretained(piece.font),
            script: piece.script, level: piece.level, run: piece.run, offset: offset, unitToCluster: unitToCluster,
            into: &measures))
        return true
    }
}

extension ParagraphBuilder {
    /// Shapes units `units` (paragraph-relative) through the memo and adds each glyph's
    /// advance to the cluster it belongs to. A glyph that stands for several clusters (a
    /// ligature) has its advance shared equally among them, as Pango and CoreText do.
    /// `font` comes unretained (the paragraph holds it): passed strong, the font every
    /// thread shares was retained and released around the call and again around the memo's.
    func shapePiece(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>,
        font unmanagedFont: Unmanaged<Font>, script: hb_script_t, level: UInt8, run: Int, offset: Int,
        unitToCluster: Scratch<Int32>, into m: inout Measures
    ) -> ShapedPiece {
        guard let hasGlyph = m.hasGlyph else { preconditionFailure("a shaped piece outside the general path") }
        let slice = UnsafeBufferPointer(start: base + units.lowerBound, count: units.count)
        let rtl = level & 1 == 1
        let key = ShapeKey(fontID: unmanagedFont._withUnsafeGuaranteedRef { $0.id }, script: script.rawValue,
                           isRightToLeft: rtl, language: language.shapingKey(script), units: slice)
        // Locals only in the closure: one that reads a property of the builder copies it.
        // The Han orthography (a String) is read only on a miss.
        let slot = language
        // The memo's hits go through its lock-free front: once the memo has a piece (it was
        // looked up twice), the front keeps it, as long as the engine lives. The piece refers
        // to its glyphs unretained: the paragraph holds the front, or the glyphs themselves.
        let frontKey = key.frontKey, hash = key.memoHash
        let glyphs: Unmanaged<ShapedText.Storage>
        // The engine borrowed (`withEngine`), not retained per piece.
        if let frontKey, let kept = withEngine({ $0.shapeFront.object(for: frontKey, hash: hash) }) {
            glyphs = kept
            m.glyphs.borrow(from: withEngine { $0.shapeFrontHolds.current })
        } else {
            var made = false
            let shaped = withEngine { engine in
                engine.shapeMemo.value(for: key, memoHash: hash) {
                    made = true
                    return unmanagedFont._withUnsafeGuaranteedRef { font in
                        Shaper.shape(slice, font: font, script: script, isRightToLeft: rtl,
                                     language: Shaper.language(for: script, preferred: slot.han))
                    }
                }
            }
            glyphs = Unmanaged.passUnretained(shaped.storage)
            if !made, let frontKey, withEngine({
                $0.shapeFront.keep(shaped.storage, bytes: shaped.byteCount + 64, for: frontKey, hash: hash)
            }) {
                m.glyphs.borrow(from: withEngine { $0.shapeFrontHolds.current })
            } else {
                m.glyphs.hold(shaped)
            }
        }
        glyphs._withUnsafeGuaranteedRef { shaped in
            for i in 0..<shaped.count {
                let cluster = Int(unitToCluster[units.lowerBound + Int(shaped.cluster(i))])
                m.add(shaped.advance(i), to: cluster)
                hasGlyph[cluster] = true
                // Kerning sits on the left glyph of a pair: the last glyph of a cluster, in
                // left-to-right text (right-to-left kerning is not separated out).
                let lastOfCluster = i + 1 == shaped.count
                    || unitToCluster[units.lowerBound + Int(shaped.cluster(i + 1))] != Int32(cluster)
                if !rtl, lastOfCluster, cluster + 1 < clusters.upperBound { m.setKern(cluster, shaped.kern(i)) }
            }
        }
        var c = clusters.lowerBound
        while c < clusters.upperBound {
            var next = c + 1
            while next < clusters.upperBound, !hasGlyph[next] { next += 1 }
            let shareCount = Int64(next - c)
            if shareCount > 1 {
                let total = m.advance(c), share = total / shareCount
                for k in c..<next { m.setAdvance(k, share) }
                m.add(total - share * shareCount, to: c)
            }
            c = next
        }
        // The piece refers to its font unretained (the paragraph holds it).
        return unmanagedFont._withUnsafeGuaranteedRef { font in
            ShapedPiece(glyphs: glyphs, font: font, script: script, utf16Start: offset + units.lowerBound,
                        utf16End: offset + units.upperBound, level: level, run: run)
        }
    }
}
