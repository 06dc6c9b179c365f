import CHarfBuzz
import CellLayoutFontLibrary

/// The route for runs of ideographs in a font that covers them (`IdeographFace`): CJK
/// characters of one code unit that the font draws as a plain glyph, left to right, in a
/// script of HarfBuzz's default or Hangul shaper, measured from the font's tables as one
/// piece, with a break opportunity after every cluster as before.
struct IdeographRoute: MeasuringRoute {
    /// Where the analyses are kept (the engine's, which outlives the route).
    private unowned(unsafe) let analyses: FaceAnalyses
    private let language: LanguageSlot
    private let usesPlainShaping: Bool
    /// The font and script of the last cluster asked about and their analysis (kept by the
    /// engine for its life): most neighbours share both.
    private var font: Unmanaged<Font>?
    private var script = HB_SCRIPT_INVALID
    /// (Unmanaged: an `unowned(unsafe)` optional is retained whenever it is read.)
    private var face: Unmanaged<IdeographFace>?
    /// The font, script and analysis before those: Japanese text goes back and forth
    /// between Han and kana, and asking the engine's analyses again (a lock, two dictionary
    /// lookups and the shaping language) at each change cost more than the lookups it saved.
    private var otherFont: Unmanaged<Font>?
    private var otherScript = HB_SCRIPT_INVALID
    private var otherFace: Unmanaged<IdeographFace>?

    init(builder: ParagraphBuilder) {
        (analyses, usesPlainShaping) = builder.withEngine { ($0.faceAnalyses, $0.usesPlainShaping) }
        language = builder.language
    }

    /// Admits a CJK character its font draws as a plain glyph in text of its script, and
    /// notes the glyph in `measures.plainGlyphs`.
    @inline(__always)
    mutating func admits(_ cluster: RouteCluster, _ base: UnsafePointer<UInt16>,
                         into measures: inout ParagraphBuilder.Measures) -> Bool {
        let unit = base[cluster.units.lowerBound]
        guard cluster.kind == 0, cluster.units.count == 1, cluster.level == 0, PlainShaping.isNotdefCandidate(unit),
              usesPlainShaping, PlainShaping.shapesNotdef(cluster.script),
              let glyph = plainGlyph(unit, font: cluster.font, script: cluster.script) else { return false }
        measures.usePlainGlyphs()[cluster.index] = glyph
        return true
    }

    func measure(_ piece: RoutePiece, _ base: UnsafePointer<UInt16>, offset: Int, builder: ParagraphBuilder,
                 into measures: inout ParagraphBuilder.Measures) -> Bool {
        // The piece's clusters share its font and script: `face` is theirs.
        guard let face else { return false }
        // Both passed as guaranteed references: the paragraph holds the font and the engine
        // the face, and a retain and release of each per piece is what two cores contend on.
        Unmanaged.passUnretained(piece.font)._withUnsafeGuaranteedRef { font in
            face._withUnsafeGuaranteedRef { ideographs in
                builder.appendIdeographs(base, piece.units, clusters: piece.clusters, offset: offset, font: font,
                                         ideographs: ideographs, script: piece.script, run: piece.run,
                                         into: &measures)
            }
        }
        return true
    }

    /// The glyph of the CJK character `unit` in `font` when it is plain there in text of
    /// `script`, else nil.
    @inline(__always)
    private mutating func plainGlyph(_ unit: UInt16, font: Unmanaged<Font>, script: hb_script_t) -> UInt16? {
        if font.toOpaque() != self.font?.toOpaque() || script != self.script {
            swap(&self.font, &otherFont)
            swap(&self.script, &otherScript)
            swap(&face, &otherFace)
        }
        if font.toOpaque() != self.font?.toOpaque() || script != self.script {
            self.font = font
            self.script = script
            face = font._withUnsafeGuaranteedRef {
                // A varied or tracked font's advances are not its face's (`Font.usesFaceTables`).
                $0.usesFaceTables
                    ? analyses.ideographFace(of: $0.face, script: script,
                                             language: Shaper.language(for: script, preferred: language.han))
                    : nil
            }.map(Unmanaged.passUnretained)
        }
        guard let face else { return nil }
        let glyph = face._withUnsafeGuaranteedRef { $0.plainGlyph(unit) }
        return glyph == 0 ? nil : glyph
    }
}

extension ParagraphBuilder {
    /// Measures a piece of plain CJK glyphs (one code unit per cluster, glyphs already in
    /// `m.plainGlyphs`) as HarfBuzz shapes it: nominal advances, and between neighbours the
    /// pair kerning the engine adds across pieces (`kerning(in:…)`), which for plain glyphs
    /// is what HarfBuzz puts inside a piece. A piece that follows a run of ideographs of the
    /// same font, script and attribute run extends it — unless the run's last glyph may be
    /// kerned: then the two stay apart and the kerning across goes into `kernAfter`, as
    /// between shaped pieces, so a line that ends between them leaves it out.
    func appendIdeographs(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>, offset: Int, font: Font,
        ideographs: IdeographFace, script: hb_script_t, run: Int, into m: inout Measures
    ) {
        let glyphs = m.plainGlyphs!
        let advances = Unmanaged.passUnretained(font.glyphAdvances)
        for cluster in clusters {
            m.setAdvance(cluster, Int64(advances._withUnsafeGuaranteedRef { $0.advance(glyphs[cluster]) }))
        }
        for (k, cluster) in clusters.dropLast().enumerated() where ideographs.mayKern(hb_codepoint_t(glyphs[cluster])) {
            let at = units.lowerBound + k
            let kern = kerning(in: font, script: script, level: 0, base: base, leftCluster: at..<(at + 1),
                               rightCluster: (at + 1)..<(at + 2),
                               nominal: m.advance(cluster) + m.advance(cluster + 1),
                               ideographs: (glyphs[cluster], glyphs[cluster + 1]))
            m.setKern(cluster, kern)
            m.add(kern, to: cluster)
        }
        let start = offset + units.lowerBound, end = offset + units.upperBound
        m.appendTablePiece(start, end, font: font, script: script, run: run) {
            guard PlainShaping.isNotdefCandidate(base[units.lowerBound - 1]) else { return false }
            let previous = glyphs[clusters.lowerBound - 1]
            return previous != 0 && !ideographs.mayKern(hb_codepoint_t(previous))
        }
    }
}
