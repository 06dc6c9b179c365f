import CHarfBuzz
import CellLayoutFontLibrary

/// The third stage of building a paragraph: its clusters cut into pieces, each measured
/// along the measuring routes.
extension ParagraphBuilder {
    /// The pieces of a paragraph — one segment, font, script, bidi level and attribute run
    /// each — measured by the first route that admits all of a piece's clusters
    /// (`MeasuringRoutes`), with what they measured per cluster (their kerning into the
    /// clusters' `kerns`).
    func pieces(of clusters: ParagraphClusters, _ items: Itemizer, _ base: UnsafePointer<UInt16>,
                offset: Int) -> Measures {
        // Starts kept unless every cluster is one code unit.
        var measures = withEngine { engine in
            Measures(clusterCount: clusters.count, hasStarts: Int(clusters.starts[clusters.count]) - offset != clusters.count,
                     segmentCapacity: clusters.breaks.count + 1, kerns: clusters.kerns, in: engine.tableArena)
        }
        measures.hasGlyph = clusters.hasGlyph
        var routes = MeasuringRoutes(builder: self, unitToCluster: clusters.unitToCluster)
        var piece = RoutePiece(units: 0..<0, clusters: 0..<0, font: font, plain: nil, script: HB_SCRIPT_COMMON,
                               level: 0, run: 0)
        var admitted: UInt8 = 0
        for cluster in 0..<clusters.count {
            let units = clusters.units(of: cluster, offset: offset)
            unowned(unsafe) let clusterFont = items.fonts[cluster].takeUnretainedValue()
            let script = hb_script_t(rawValue: items.scripts[cluster])
            let level = items.levels[cluster]
            let run = Int(items.runs[cluster])
            let runPlain = runs == nil ? plainReference : runs!.plains[run].map(Unmanaged.passUnretained)
            // Fonts compared by ObjectIdentifier: `===` takes optionals, and when the
            // optimizer leaves it a call, each comparison retains and releases both fonts.
            if cluster == 0 || clusters.breakAfter[cluster - 1]
                || ObjectIdentifier(clusterFont) != ObjectIdentifier(piece.font)
                || level != piece.level || script != piece.script || run != piece.run {
                if cluster > 0 {
                    piece.units = piece.units.lowerBound..<units.lowerBound
                    piece.clusters = piece.clusters.lowerBound..<cluster
                    routes.measure(piece, admitted: admitted, base, offset: offset, builder: self, into: &measures)
                }
                piece = RoutePiece(units: units, clusters: cluster..<(cluster + 1), font: clusterFont,
                                   plain: runPlain, script: script, level: level, run: run)
                admitted = .max
            }
            let offered = RouteCluster(index: cluster, units: units, font: items.fonts[cluster], script: script,
                                       level: level, kind: items.kinds[cluster], plain: runPlain)
            admitted &= routes.admitting(offered, base, into: &measures)
        }
        piece.units = piece.units.lowerBound..<(Int(clusters.starts[clusters.count]) - offset)
        piece.clusters = piece.clusters.lowerBound..<clusters.count
        routes.measure(piece, admitted: admitted, base, offset: offset, builder: self, into: &measures)
        return measures
    }
}
