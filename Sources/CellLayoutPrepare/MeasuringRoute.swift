import CHarfBuzz
import CellLayoutFontLibrary

/// One way of measuring a piece of a paragraph: which clusters it can measure, and how.
///
/// The piece stage (`ParagraphBuilder.pieces`) offers every cluster to each route of
/// `MeasuringRoutes`, in order, and measures a piece with the first route that admitted
/// all of its clusters; HarfBuzz (`ShapingRoute`) admits and measures anything. The routes
/// that read the font's tables give the widths HarfBuzz would, where a proof allows.
protocol MeasuringRoute {
    /// Whether the route can measure `cluster` as part of a piece of the cluster's font,
    /// script, level and attribute run. Asked once per cluster, in order; a route may note
    /// what it learns of the cluster in `measures` (an ideograph's glyph).
    mutating func admits(_ cluster: RouteCluster, _ base: UnsafePointer<UInt16>,
                         into measures: inout ParagraphBuilder.Measures) -> Bool

    /// Measures `piece`, every cluster of which the route admitted: the clusters' advances
    /// and kerning into `measures`, and the piece appended to `measures.pieces` (or joined
    /// to the one before it). False when the route cannot after all, for the next route.
    func measure(_ piece: RoutePiece, _ base: UnsafePointer<UInt16>, offset: Int, builder: ParagraphBuilder,
                 into measures: inout ParagraphBuilder.Measures) -> Bool
}

/// A cluster as the routes see it.
struct RouteCluster {
    /// The cluster's index in the paragraph.
    let index: Int
    /// Its code units, paragraph-relative.
    let units: Range<Int>
    /// Its font, held for the whole paragraph (unretained here: asked per cluster).
    let font: Unmanaged<Font>
    /// Its resolved script and bidi level.
    let script: hb_script_t
    let level: UInt8
    /// Its `Itemizer` kind bits (neutral, emoji, .notdef).
    let kind: UInt8
    /// The plain shaping tables of its attribute run's font, when that font has them.
    let plain: Unmanaged<PlainShaping>?

    /// Whether the cluster is one code unit, left to right, in its run's own font: what
    /// every route that reads tables needs first.
    @inline(__always)
    var isSimpleInRunFont: Bool {
        guard units.count == 1, level == 0, let plain else { return false }
        // Compared by ObjectIdentifier: `===` takes optionals, and when the optimizer leaves
        // it a call, each comparison retains and releases both fonts.
        return plain._withUnsafeGuaranteedRef { ObjectIdentifier($0.font) } == ObjectIdentifier(font.takeUnretainedValue())
    }
}

/// A piece of a paragraph: clusters of one segment, font, script, bidi level and attribute
/// run.
struct RoutePiece {
    /// Its code units and clusters, paragraph-relative.
    var units: Range<Int>
    var clusters: Range<Int>
    /// Its font, held for the whole paragraph.
    unowned(unsafe) var font: Font
    /// The plain shaping tables of its attribute run's font (held as the font is).
    var plain: Unmanaged<PlainShaping>?
    var script: hb_script_t
    var level: UInt8
    /// The attribute run (0 in a plain text).
    var run: Int
}

/// The measuring routes, cheapest first: font tables for plain text (`PlainRoute`), for
/// characters no font has (`NotdefRoute`) and for ideographs (`IdeographRoute`), then
/// HarfBuzz (`ShapingRoute`). A new route is a type and a line in each method below.
struct MeasuringRoutes {
    private var plain = PlainRoute()
    private var notdef = NotdefRoute()
    private var ideographs: IdeographRoute
    private let shaping: ShapingRoute

    /// The routes for a paragraph of `builder`'s text whose code units belong to the
    /// clusters `unitToCluster` gives.
    init(builder: ParagraphBuilder, unitToCluster: Scratch<Int32>) {
        ideographs = IdeographRoute(builder: builder)
        shaping = ShapingRoute(unitToCluster: unitToCluster)
    }

    /// The routes (one bit each, in the order above) that admit `cluster`.
    @inline(__always)
    mutating func admitting(_ cluster: RouteCluster, _ base: UnsafePointer<UInt16>,
                            into measures: inout ParagraphBuilder.Measures) -> UInt8 {
        var routes: UInt8 = 0
        if plain.admits(cluster, base, into: &measures) { routes |= 1 }
        if notdef.admits(cluster, base, into: &measures) { routes |= 2 }
        if ideographs.admits(cluster, base, into: &measures) { routes |= 4 }
        return routes
    }

    /// Measures `piece` with the first route of `admitted` that can, else with HarfBuzz.
    func measure(_ piece: RoutePiece, admitted: UInt8, _ base: UnsafePointer<UInt16>, offset: Int,
                 builder: ParagraphBuilder, into measures: inout ParagraphBuilder.Measures) {
        if admitted & 1 != 0, plain.measure(piece, base, offset: offset, builder: builder, into: &measures) { return }
        if admitted & 2 != 0, notdef.measure(piece, base, offset: offset, builder: builder, into: &measures) { return }
        if admitted & 4 != 0, ideographs.measure(piece, base, offset: offset, builder: builder, into: &measures) {
            return
        }
        _ = shaping.measure(piece, base, offset: offset, builder: builder, into: &measures)
    }
}
