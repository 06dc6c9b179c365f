import Foundation
import CellLayoutFontLibrary
import CellLayoutPrepare
import CellLayoutCore

/// Glyphs of one font, direction and attribute run on one line, positioned for drawing.
///
/// A renderer draws glyph `i` of `font` with its origin at
/// `(textX + positions[i].x, baseline − positions[i].y)`: x grows rightward, y upward,
/// in points from the left edge of the text (the line's indent and alignment included)
/// and from the line's baseline (a run's baseline offset included). Runs of a line come
/// in visual (left-to-right) order.
public struct GlyphRun: Sendable {
    /// The font to draw with (the text's font, the run's, or a fallback font).
    public let font: Font
    /// The attribute run's colour, nil where it has none (a plain text's runs).
    public let color: TextColor?
    /// Glyph ids in `font`.
    public let glyphs: [UInt32]
    /// Each glyph's origin, in points from the text's left edge and the line's baseline.
    public let positions: [CGPoint]
    /// The UTF-16 offset in the text of each glyph's cluster (-1 for the "…" glyph).
    public let utf16Offsets: [Int]
    /// Whether the run is right-to-left text (its glyphs are still in visual order).
    public let isRightToLeft: Bool
    /// Where the run starts, in points from the text's left edge.
    public let x: Double
    /// The run's advance width, in points.
    public let width: Double
}

extension TextLayout {
    /// The glyph runs of line `index`, in visual order, ready to draw without shaping.
    ///
    /// White space hanging at the line end is left out; a truncated line has the "…"
    /// glyph where the text was cut, in the attributes of the text beside it. The runs
    /// start at the line's `x`; a justified line's white space is widened.
    public func glyphRuns(ofLine index: Int) -> [GlyphRun] {
        let span = spans[index]
        let paragraph = prepared.paragraphs[Int(span.paragraph)]
        let contentEnd = paragraph.contentEnd(of: span.start..<span.end)
        var pieces: [RunPiece] = []
        if span.hasEllipsis {
            collect(paragraph, span.start..<span.prefixEnd, endsUnkerned: true, into: &pieces)
            let ellipsis = prepared.ellipsis(run: Int(span.ellipsisRun))
            let level = pieces.last?.level ?? paragraph.pieces.first?.level ?? 0
            pieces.append(RunPiece(
                piece: ellipsis.piece.inRun(Int(span.ellipsisRun)), shaped: ellipsis.shaped,
                glyphs: 0..<ellipsis.shaped.count, level: level, isEllipsis: true))
            collect(paragraph, span.suffixStart..<contentEnd, endsUnkerned: true, into: &pieces)
        } else {
            collect(paragraph, span.start..<contentEnd, endsUnkerned: contentEnd == span.end, into: &pieces)
        }
        let placement = placement(ofLine: index)
        return position(Self.visualOrder(pieces), x: placement.x,
                        spacePadding: placement.spacePadding, in: paragraph, span: span)
    }

    /// A glyph range of one shaped piece, at its bidi level.
    private struct RunPiece {
        let piece: ShapedPiece
        /// The piece's glyphs (for a plain run, made from the paragraph's tables).
        let shaped: ShapedText
        let glyphs: Range<Int>
        let level: UInt8
        var isEllipsis = false
        /// Kerning added after the piece's logically last glyph: the piece's `kernAfter` when
        /// the next piece follows, or, less than 0, the kerning taken off the last cluster
        /// kept of a piece cut inside (`collect`).
        var kernAfter: Int32 = 0
    }

    /// The slices of the paragraph's pieces whose clusters fall in `clusters`, in logical order.
    ///
    /// `endsUnkerned`: the line's width leaves out the kerning of the last of `clusters`
    /// with the next cluster (the line ends there with no white space hanging, or "…"
    /// follows: `LineFitter`, `Truncation`). A piece cut inside, after that cluster, then
    /// has it taken off its last glyph's advance, as a piece that ends there has it taken
    /// off already (`plainGlyphs`, or shaped alone), so that the runs are as wide as the line.
    private func collect(_ paragraph: PreparedParagraph, _ clusters: Range<Int32>, endsUnkerned: Bool,
                         into pieces: inout [RunPiece]) {
        guard !clusters.isEmpty else { return }
        let from = paragraph.clusterStart(Int(clusters.lowerBound))
        let to = paragraph.clusterStart(Int(clusters.upperBound))
        for piece in paragraph.pieces {
            guard piece.utf16Start < to, piece.utf16End > from else { continue }
            let shaped = piece.shaped ?? Self.plainGlyphs(of: piece, in: paragraph)
            let inside = (0..<shaped.count).filter {
                let offset = piece.utf16Start + Int(shaped.cluster($0))
                return offset >= from && offset < to
            }
            guard let first = inside.first, let last = inside.last else { continue }
            let followed = piece.utf16End < to
            let cutKern = endsUnkerned && piece.utf16End > to ? paragraph.kern(Int(clusters.upperBound) - 1) : 0
            pieces.append(RunPiece(
                piece: piece, shaped: shaped, glyphs: first..<(last + 1), level: piece.level,
                kernAfter: followed ? piece.kernAfter : Int32(clamping: -cutKern)))
        }
    }

    /// The glyphs of a plain run, one per cluster (and code unit): the paragraph's plain
    /// glyphs with its clusters' advances — less, on the last, the kerning with the next
    /// piece, which `kernAfter` adds back when that piece follows on the line.
    private static func plainGlyphs(of piece: ShapedPiece, in paragraph: PreparedParagraph) -> ShapedText {
        let count = piece.utf16End - piece.utf16Start
        // The cluster that starts at the piece's start.
        let firstCluster = Bisection.firstIndex(in: 0..<paragraph.clusterCount) {
            paragraph.clusterStart($0) >= piece.utf16Start
        }
        let clusters = firstCluster..<(firstCluster + count)
        // Glyph positions are Int32: an advance past it (only ever a cluster wider than
        // 2,097,152 pt, far off any canvas) is drawn clamped; measuring reads it exact.
        var advances = clusters.map { Int32(clamping: paragraph.advance($0)) }
        advances[count - 1] = Int32(clamping: Int64(advances[count - 1]) - Int64(piece.kernAfter))
        var kerns = KernCursor(paragraph, from: firstCluster)
        return ShapedText(
            glyphs: paragraph.plainGlyphs[clusters].map(UInt32.init), advances: advances,
            xOffsets: Array(repeating: 0, count: count), yOffsets: Array(repeating: 0, count: count),
            clusters: (0..<Int32(count)).map { $0 }, kerns: clusters.map { Int32(clamping: kerns.kern($0, in: paragraph)) })
    }

    /// Reorders pieces from logical to visual order (UAX #9 rule L2: from the highest
    /// level down to the lowest odd one, reverse every run of pieces at that level or above).
    private static func visualOrder(_ pieces: [RunPiece]) -> [RunPiece] {
        guard let highest = pieces.map(\.level).max(), highest > 0 else { return pieces }
        let lowestOdd = (pieces.map(\.level).min() ?? 0) | 1
        var order = pieces
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Merges neighbouring pieces of one font, level and attribute run into runs and places
    /// them from `lineX` points: each run's kerning after every cluster (plain runs have it
    /// in their advances already), `spacePadding` layout units after each white space
    /// cluster inside the line (justification), the run's baseline offset on every glyph.
    private func position(_ pieces: [RunPiece], x lineX: Double, spacePadding: Int64, in paragraph: PreparedParagraph,
                          span: LineSpan) -> [GlyphRun] {
        let styles = prepared.runStyles
        // The white space clusters that justification widens, by UTF-16 offset.
        var padded = Set<Int>()
        if spacePadding > 0 {
            for c in span.start..<paragraph.contentEnd(of: span.start..<span.end) where paragraph.isWhiteSpace(Int(c)) {
                padded.insert(paragraph.clusterStart(Int(c)))
            }
        }
        var runs: [GlyphRun] = []
        var x: Int64 = 0
        var i = 0
        while i < pieces.count {
            var j = i + 1
            while j < pieces.count, pieces[j].piece.font === pieces[i].piece.font,
                  pieces[j].level == pieces[i].level, pieces[j].piece.run == pieces[i].piece.run,
                  !pieces[j].isEllipsis, !pieces[i].isEllipsis { j += 1 }
            var glyphs: [UInt32] = [], positions: [CGPoint] = [], offsets: [Int] = []
            let runX = x
            let style = styles.isEmpty ? nil : styles[pieces[i].piece.run]
            let rise = style?.baselineOffset ?? 0
            for piece in pieces[i..<j] {
                let shaped = piece.shaped
                let kernedGlyph = piece.level & 1 == 1 ? piece.glyphs.lowerBound : piece.glyphs.upperBound - 1
                // Plain runs carry the run's kerning in their advances; shaped glyphs and "…" do not.
                let runKern = piece.piece.shaped == nil && !piece.isEllipsis ? 0 : Int64(style?.kern ?? 0)
                for g in piece.glyphs {
                    glyphs.append(shaped.glyph(g))
                    positions.append(CGPoint(
                        x: lineX + LayoutUnits.points(x + Int64(shaped.xOffset(g))),
                        y: LayoutUnits.points(Int64(shaped.yOffset(g))) + rise))
                    let offset = piece.isEllipsis ? -1 : piece.piece.utf16Start + Int(shaped.cluster(g))
                    offsets.append(offset)
                    x += Int64(shaped.advance(g)) + (g == kernedGlyph ? Int64(piece.kernAfter) : 0)
                    let endsCluster = g + 1 == shaped.count || shaped.cluster(g + 1) != shaped.cluster(g)
                    if endsCluster {
                        x += runKern
                        if padded.contains(offset) { x += spacePadding }
                    }
                }
            }
            runs.append(GlyphRun(
                font: pieces[i].piece.font, color: style?.color, glyphs: glyphs, positions: positions,
                utf16Offsets: offsets, isRightToLeft: pieces[i].level & 1 == 1,
                x: lineX + LayoutUnits.points(runX), width: LayoutUnits.points(x - runX)))
            i = j
        }
        return runs
    }
}
