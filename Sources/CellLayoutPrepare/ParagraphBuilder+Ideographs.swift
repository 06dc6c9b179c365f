import CHarfBuzz
import CellLayoutFontLibrary

/// Runs of ideographs in a font that covers them (`IdeographFace`): measured from the
/// font's tables as one piece, with a break opportunity after every cluster as before.
extension ParagraphBuilder {
    /// The `IdeographFace` of the last font and script asked for, kept while a paragraph's
    /// clusters are walked (most neighbours share both).
    package struct IdeographLookup {
        private var font: Unmanaged<Font>?
        private var script = HB_SCRIPT_INVALID
        /// The analysis for `font` and `script` (kept by the engine's `FaceAnalyses`).
        private(set) unowned(unsafe) var face: IdeographFace?
        /// Where the analyses are kept (the engine's, which outlives the lookup).
        private unowned(unsafe) let analyses: FaceAnalyses

        package init(analyses: FaceAnalyses) {
            self.analyses = analyses
        }

        /// The glyph of the CJK character `unit` in `font` when it is plain there in text of
        /// `script`, else nil. The font is held by the caller (unretained here: this is
        /// asked for every CJK cluster).
        @inline(__always)
        mutating func plainGlyph(_ unit: UInt16, font: Unmanaged<Font>, script: hb_script_t,
                                 language: LanguageSlot) -> UInt16? {
            if font.toOpaque() != self.font?.toOpaque() || script != self.script {
                change(to: font, script: script, language: language)
            }
            guard let face else { return nil }
            var glyph: hb_codepoint_t = 0
            guard font._withUnsafeGuaranteedRef({ hb_font_get_nominal_glyph($0.hbFont, hb_codepoint_t(unit), &glyph) }) != 0,
                  glyph != 0, face.isPlain(glyph) else { return nil }
            return UInt16(truncatingIfNeeded: glyph)
        }

        private mutating func change(to font: Unmanaged<Font>, script: hb_script_t, language: LanguageSlot) {
            self.font = font
            self.script = script
            face = font._withUnsafeGuaranteedRef {
                // A varied or tracked font's advances are not its face's (`Font.usesFaceTables`).
                $0.usesFaceTables
                    ? analyses.ideographFace(of: $0.face, script: script,
                                             language: Shaper.language(for: script, preferred: language.han))
                    : nil
            }
        }
    }

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
        for cluster in clusters { m.setAdvance(cluster, Int64(hb_font_get_glyph_h_advance(font.hbFont, hb_codepoint_t(glyphs[cluster])))) }
        for (k, cluster) in clusters.dropLast().enumerated() where ideographs.mayKern(hb_codepoint_t(glyphs[cluster])) {
            let at = units.lowerBound + k
            let kern = kerning(in: font, script: script, level: 0, base: base, leftCluster: at..<(at + 1),
                               rightCluster: (at + 1)..<(at + 2),
                               nominal: m.advance(cluster) + m.advance(cluster + 1))
            m.kerns[cluster] = kern
            m.add(kern, to: cluster)
        }
        let start = offset + units.lowerBound, end = offset + units.upperBound
        if let last = m.pieces.last, last.shaped == nil, last.utf16End == start, last.font === font,
           last.run == run, last.script == script, PlainShaping.isNotdefCandidate(base[units.lowerBound - 1]),
           case let previous = glyphs[clusters.lowerBound - 1], previous != 0,
           !ideographs.mayKern(hb_codepoint_t(previous)) {
            m.pieces[m.pieces.count - 1] = ShapedPiece(
                shaped: nil, font: font, script: script, utf16Start: last.utf16Start, utf16End: end, level: 0,
                run: run)
        } else {
            m.pieces.append(ShapedPiece(
                shaped: nil, font: font, script: script, utf16Start: start, utf16End: end, level: 0, run: run))
        }
    }
}
