import CHarfBuzz
import CICU
import CellLayoutCore
import CellLayoutFontLibrary

/// Turns one text's UTF-16 code units into prepared paragraphs.
///
/// Per paragraph: grapheme clusters and UAX #14 break opportunities from ICU, bidi
/// levels from ICU when the paragraph has right-to-left characters, a font per cluster
/// along the fallback chain, pieces of one segment, font, script and level each, shaped
/// through the engine's memo, and the advances spread back onto clusters. Segments of
/// plain text (`PlainShaping`) join into plain runs measured from the font's tables.
package struct ParagraphBuilder {
    package let engine: TextEngine
    package let font: Font
    /// Plain shaping for `font`, or nil to shape every piece with HarfBuzz.
    package let plain: PlainShaping?
    package let text: UnsafeBufferPointer<UInt16>
    /// The attribute runs of an attributed text; nil for a plain text (one run in `font`).
    package var runs: RunTable? = nil
    /// The text's language: its fallback fonts and Han shapes.
    package var language: LanguageSlot

    /// The text's hard paragraphs. Hard breaks (LF, CR, CR LF, VT, FF, NEL, U+2028,
    /// U+2029) end a paragraph and are not part of it; a text that ends with one gets no
    /// empty paragraph after it, as in UIKit. With them, their segments' widths
    /// (`PreparedText.packedSegments`, for the text to take over).
    package func build() -> (paragraphs: [PreparedParagraph], segments: PackedSegmentBuffer) {
        // Passed along rather than kept in the builder, whose copies would retain it.
        let segments = PackedSegmentBuffer()
        var paragraphs: [PreparedParagraph] = []
        var start = 0
        var i = 0
        while i < text.count {
            let unit = text[i]
            guard Self.isHardBreak(unit) else { i += 1; continue }
            paragraphs.append(paragraph(start..<i, into: segments))
            i += unit == 0x0D && i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1
            start = i
        }
        if start < text.count { paragraphs.append(paragraph(start..<text.count, into: segments)) }
        return (paragraphs, segments)
    }

    static func isHardBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The paragraph of `range`, its segments' widths appended to `segments`.
    private func paragraph(_ range: Range<Int>, into segments: PackedSegmentBuffer) -> PreparedParagraph {
        let length = range.count
        guard length > 0 else { return Self.emptyParagraph(at: range.lowerBound, into: segments) }
        let base = text.baseAddress! + range.lowerBound
        if let paragraph = plainParagraph(base, range, into: segments) { return paragraph }
        var graphemeEnds = [Int32](repeating: 0, count: length + 1)
        let breaks = Self.lineBreaks(base, length)
        let breakCount = breaks.count
        let graphemeCount = Self.clusterEnds(base, length, breaks: breaks, into: &graphemeEnds)
        let levels = Self.bidiLevels(base, length)

        // Written per cluster in the loop below: plain memory, not arrays, so that no write
        // checks for uniqueness. The kept ones are handed to the paragraph at the end.
        let clusterStarts = Scratch<Int32>(count: graphemeCount + 1)
        let flags = Scratch<UInt8>(count: graphemeCount)
        let breakAfter = Scratch<Bool>(count: graphemeCount)
        let unitToCluster = Scratch<Int32>(count: length)
        defer { breakAfter.free(); unitToCluster.free() }
        var measures = Measures(clusterCount: graphemeCount)
        let items = Itemizer(count: graphemeCount, font: font)
        // Once per paragraph: loaded from the engine in the loop, the library was retained
        // and released per cluster.
        let fonts = engine.fonts
        defer { items.free() }
        var scalars: [Unicode.Scalar] = []
        // The fallback fonts the clusters picked, held until the paragraph's pieces hold
        // them: the library may drop a font from its caches at any time (see below).
        var fallbackFonts: [Font] = []
        defer { withExtendedLifetime(fallbackFonts) {} }
        func held(_ fallback: Font) -> Font {
            if fallback !== fallbackFonts.last { fallbackFonts.append(fallback) }
            return fallback
        }
        var run = 0
        var nextBreak = 0
        var clusterStart = 0
        for cluster in 0..<graphemeCount {
            let clusterEnd = Int(graphemeEnds[cluster])
            clusterStarts[cluster] = Int32(range.lowerBound + clusterStart)
            for unit in clusterStart..<clusterEnd { unitToCluster[unit] = Int32(cluster) }
            // Every font here is held for the whole paragraph — the text's and the runs' own
            // by the caller, fallbacks by `fallbackFonts` — so an unowned reference is sound
            // and spares a retain and release of a font every thread shares, per cluster.
            unowned(unsafe) let clusterFont: Font
            unowned(unsafe) var runFont = font
            // The run's plain tables, held by the builder or the run table like its font, and
            // used through `_withUnsafeGuaranteedRef`: binding an optional reference (`if let`)
            // retains and releases it, per cluster.
            var runPlain = plain.map(Unmanaged.passUnretained)
            if let runs {
                run = runs.run(at: range.lowerBound + clusterStart, from: run)
                runFont = runs.fonts[run]
                runPlain = runs.plains[run].map(Unmanaged.passUnretained)
            }
            var script = HB_SCRIPT_COMMON
            var kind: UInt8 = 0
            var hangs = false
            let first: Unicode.Scalar
            if clusterEnd - clusterStart == 1, let scalar = Unicode.Scalar(base[clusterStart]) {
                // Most clusters are one BMP character: no array, one bit test for coverage.
                first = scalar
                if Itemizer.isNeutral(scalar) {
                    kind = Itemizer.neutral
                    clusterFont = runFont
                } else if let runPlain, runPlain._withUnsafeGuaranteedRef({ $0.isPlain(base[clusterStart]) }) {
                    clusterFont = runFont
                } else {
                    // Known without the memo (the library holds such a font): no retain, no lock.
                    if let known = fonts.knownFont(for: scalar, fallingBackFrom: runFont, language: language) {
                        clusterFont = known.takeUnretainedValue()
                    } else {
                        clusterFont = held(fonts.font(for: scalar, fallingBackFrom: runFont, language: language))
                    }
                    if FontLibrary.prefersEmoji(scalar) {
                        kind = Itemizer.emoji
                    } else if ObjectIdentifier(clusterFont) == ObjectIdentifier(runFont), let runPlain,
                              runPlain._withUnsafeGuaranteedRef({ $0.drawsAsNotdef(scalar) }),
                              !runFont.face.covers(scalar) {
                        kind = Itemizer.notdef
                    }
                }
                script = Shaper.script(of: scalar)
                hangs = Self.isHangingSpace(scalar)
            } else {
                Self.decode(base, clusterStart..<clusterEnd, into: &scalars)
                first = scalars.first ?? "\u{FFFD}"
                if scalars.allSatisfy(Itemizer.isNeutral) {
                    kind = Itemizer.neutral
                    clusterFont = runFont
                } else {
                    if let known = fonts.knownFont(for: scalars, fallingBackFrom: runFont, language: language) {
                        clusterFont = known.takeUnretainedValue()
                    } else {
                        clusterFont = held(fonts.font(for: scalars, fallingBackFrom: runFont, language: language))
                    }
                    if FontLibrary.prefersEmoji(scalars) { kind = Itemizer.emoji }
                }
                for scalar in scalars {
                    let s = Shaper.script(of: scalar)
                    if Shaper.isSpecific(s) { script = s; break }
                }
                // A space with a visible mark on it is a visible cluster, not white space.
                hangs = scalars.allSatisfy { Self.isHangingSpace($0) || FontLibrary.isInvisible($0) }
            }
            if hangs { flags[cluster] = ClusterFlags.whitespace }
            items.scripts[cluster] = script.rawValue
            items.firsts[cluster] = first.value
            items.levels[cluster] = levels?[clusterStart] ?? 0
            items.kinds[cluster] = kind
            items.runs[cluster] = UInt16(truncatingIfNeeded: run)
            items.fonts[cluster] = Unmanaged.passUnretained(clusterFont)
            while nextBreak < breakCount, Int(breaks[nextBreak]) < clusterEnd { nextBreak += 1 }
            breakAfter[cluster] = nextBreak < breakCount && Int(breaks[nextBreak]) == clusterEnd
                && clusterEnd < length
            clusterStart = clusterEnd
        }
        let runFont = { (run: Int) -> Font in runs?.fonts[run] ?? font }
        items.resolve(primary: runFont) { engine.fonts.fallbackRank(of: $0, from: $1, language: language) }

        // Pieces: one segment, font, script, level and attribute run each. A piece is plain
        // when every cluster in it is a plain character in its run's own font, left to
        // right, in a script the font shapes plain (`PlainShaping.shapesPlain`); it is
        // .notdef when every cluster in it is a character no font covers that HarfBuzz
        // would draw as its font's .notdef glyph (`PlainShaping.drawsAsNotdef`); it is a
        // run of ideographs when every cluster in it is a CJK character its font draws as
        // a plain glyph (`IdeographFace`), left to right, in a script of HarfBuzz's default
        // or Hangul shaper.
        var piece = OpenPiece(font: font, plain: plain.map(Unmanaged.passUnretained))
        var ideographs = IdeographLookup(analyses: engine.faceAnalyses)
        clusterStart = 0
        for cluster in 0..<graphemeCount {
            let clusterEnd = cluster + 1 < graphemeCount
                ? Int(clusterStarts[cluster + 1]) - range.lowerBound : length
            unowned(unsafe) let clusterFont = items.fonts[cluster].takeUnretainedValue()
            let script = hb_script_t(rawValue: items.scripts[cluster])
            let level = items.levels[cluster]
            let run = Int(items.runs[cluster])
            let runPlain = (runs == nil ? plain : runs!.plains[run]).map(Unmanaged.passUnretained)
            var isPlain = false, isNotdef = false, isIdeograph = false
            // Fonts compared by ObjectIdentifier: `===` takes optionals, and when the
            // optimizer leaves it a call, each comparison retains and releases both fonts.
            if let runPlain, clusterEnd - clusterStart == 1, level == 0,
               runPlain._withUnsafeGuaranteedRef({ ObjectIdentifier(clusterFont) == ObjectIdentifier($0.font) }) {
                isPlain = runPlain._withUnsafeGuaranteedRef { $0.shapesPlain(script) && $0.isPlain(base[clusterStart]) }
                isNotdef = items.kinds[cluster] & Itemizer.notdef != 0 && PlainShaping.shapesNotdef(script)
            }
            if items.kinds[cluster] == 0, clusterEnd - clusterStart == 1, level == 0,
               PlainShaping.isNotdefCandidate(base[clusterStart]), engine.usesPlainShaping,
               PlainShaping.shapesNotdef(script),
               let glyph = ideographs.plainGlyph(base[clusterStart], font: items.fonts[cluster], script: script,
                                                 language: language) {
                if measures.plainGlyphs == nil { measures.plainGlyphs = Scratch(count: graphemeCount) }
                measures.plainGlyphs![cluster] = glyph
                isIdeograph = true
            }
            if cluster > 0, breakAfter[cluster - 1] || ObjectIdentifier(clusterFont) != ObjectIdentifier(piece.font)
                || level != piece.level
                || script != piece.script || run != piece.run {
                emit(piece, units: clusterStart, clusters: cluster, base: base, offset: range.lowerBound,
                     unitToCluster: unitToCluster, into: &measures)
                piece = OpenPiece(start: clusterStart, firstCluster: cluster, font: clusterFont, plain: runPlain,
                                  level: level, run: run)
            }
            if cluster == 0 {
                piece.font = clusterFont
                piece.plain = runPlain
                piece.level = level
                piece.run = run
            }
            piece.script = script
            piece.isPlain = piece.isPlain && isPlain
            piece.isNotdef = piece.isNotdef && isNotdef
            piece.isIdeograph = piece.isIdeograph && isIdeograph
            if isIdeograph { piece.ideographs = ideographs.face }
            clusterStart = clusterEnd
        }
        clusterStarts[graphemeCount] = Int32(range.lowerBound + length)
        emit(piece, units: length, clusters: graphemeCount, base: base, offset: range.lowerBound,
             unitToCluster: unitToCluster, into: &measures)

        // Kerning across piece boundaries goes onto the left cluster's advance (as HarfBuzz
        // puts it on the first glyph of the pair) and into the left piece's `kernAfter`.
        for i in measures.pieces.indices.dropFirst() {
            let boundary = measures.pieces[i].utf16Start - range.lowerBound
            let leftCluster = Int(unitToCluster[boundary - 1])
            let leftStart = Int(clusterStarts[leftCluster]) - range.lowerBound
            let rightEnd = Int(clusterStarts[leftCluster + 2]) - range.lowerBound
            let kern = measures.pieces.withUnsafeBufferPointer { pieces in
                kerning(between: pieces, i - 1, base: base, leftCluster: leftStart..<boundary,
                        rightCluster: boundary..<rightEnd, glyphs: measures.plainGlyphs, clusters: leftCluster)
            }
            measures.kerns[leftCluster] = kern
            measures.add(kern, to: leftCluster)
            measures.pieces[i - 1].kernAfter = kern
        }

        let ends = (0..<graphemeCount).lazy
            .filter { breakAfter[$0] || $0 == graphemeCount - 1 }
            .map { $0 + 1 }
        var clusterRuns: [UInt16] = []
        if let runs {
            clusterRuns = Self.clusterRuns(clusterStarts.buffer.dropLast(), runs: runs)
            for c in 0..<graphemeCount { measures.add(runs.kerns[Int(clusterRuns[c])], to: c) }
        }
        // One code unit per cluster (most text): the starts are implied.
        var starts: Scratch<Int32>? = clusterStarts
        if graphemeCount == length {
            clusterStarts.free()
            starts = nil
        }
        return Self.paragraph(at: range.lowerBound, clusterStarts: starts, flags: flags, segmentEnds: ends,
                              segmentCount: breakCount + 1, measures: measures, clusterRuns: clusterRuns,
                              into: segments)
    }

    /// An empty paragraph (between two hard breaks) at UTF-16 offset `start`, ended in
    /// `segments`. Out of line: the general paragraph's loops are sensitive to its size.
    @inline(never)
    private static func emptyParagraph(at start: Int, into segments: PackedSegmentBuffer) -> PreparedParagraph {
        segments.reserve(1)
        segments.endParagraph()
        return PreparedParagraph(
            utf16Start: start, clusterStarts: nil, advances: .allocate(capacity: 0), kerns: .allocate(capacity: 0),
            flags: .allocate(capacity: 0), segmentEnds: [], pieces: [], plainGlyphs: .allocate(capacity: 0))
    }

    /// The run of each cluster that starts at `clusterStarts`.
    private static func clusterRuns<Starts: Sequence<Int32>>(_ clusterStarts: Starts, runs: RunTable) -> [UInt16] {
        var run = 0
        return clusterStarts.map { start in
            run = runs.run(at: Int(start), from: run)
            return UInt16(run)
        }
    }

    /// The paragraph at UTF-16 offset `start` made of what its clusters measured, with
    /// the segments that end at clusters `segmentEnds` (at most `segmentCount` of them),
    /// whose widths go to `packed`. The paragraph takes over the buffers of
    /// `clusterStarts` (nil: one code unit per cluster), `flags` and `measures`.
    package static func paragraph<Ends: Sequence<Int>>(
        at start: Int, clusterStarts: Scratch<Int32>?, flags: Scratch<UInt8>, segmentEnds: Ends, segmentCount: Int,
        measures: Measures, clusterRuns: [UInt16] = [], into packed: PackedSegmentBuffer
    ) -> PreparedParagraph {
        measures.hasGlyph?.free()
        return PreparedParagraph(
            utf16Start: start, clusterStarts: clusterStarts?.buffer, advances: measures.advances.buffer,
            kerns: measures.kerns.buffer, flags: flags.buffer,
            segmentEnds: segments(ending: segmentEnds, count: segmentCount, measures: measures,
                                  flags: flags.buffer, into: packed),
            pieces: measures.pieces, plainGlyphs: measures.plainGlyphs?.buffer ?? .allocate(capacity: 0),
            clusterRuns: clusterRuns, wideAdvances: measures.wide)
    }

    /// What a paragraph's pieces write per cluster (scratch memory, handed to the
    /// paragraph at the end), and the pieces themselves.
    package struct Measures {
        package let clusterCount: Int
        /// Each cluster's advance, kerning with the next cluster included.
        package let advances: Scratch<Int32>
        /// Each cluster's kerning with the next cluster.
        package let kerns: Scratch<Int32>
        /// The glyph per cluster of runs measured from tables (made with the first).
        package var plainGlyphs: Scratch<UInt16>?
        /// For shaped pieces: whether a glyph maps to the cluster (made with the first).
        var hasGlyph: Scratch<Bool>?
        package var pieces: [ShapedPiece] = []
        /// The advances past Int32 (`PreparedParagraph.wideAdvances`).
        package var wide: [Int: Int64] = [:]

        package init(clusterCount: Int) {
            self.clusterCount = clusterCount
            advances = Scratch(count: clusterCount)
            kerns = Scratch(count: clusterCount)
        }

        /// Cluster `c`'s advance.
        @inline(__always)
        package func advance(_ c: Int) -> Int64 {
            let advance = advances[c]
            return advance != PreparedParagraph.wideAdvance ? Int64(advance) : wide[c]!
        }

        /// Sets cluster `c`'s advance: in `advances` when Int32 holds it, else in `wide`.
        @inline(__always)
        mutating func setAdvance(_ c: Int, _ value: Int64) {
            if let narrow = Int32(exactly: value), narrow != PreparedParagraph.wideAdvance {
                advances[c] = narrow
                if !wide.isEmpty { wide[c] = nil }
            } else {
                advances[c] = PreparedParagraph.wideAdvance
                wide[c] = value
            }
        }

        /// Adds `value` (layout units) to cluster `c`'s advance.
        @inline(__always)
        package mutating func add(_ value: some FixedWidthInteger, to c: Int) {
            setAdvance(c, advance(c) + Int64(value))
        }
    }

    /// The piece being gathered: where it starts, its font, script and level, and whether
    /// every cluster in it so far is plain.
    private struct OpenPiece {
        var start = 0
        var firstCluster = 0
        unowned(unsafe) var font: Font
        /// The plain shaping tables of the piece's run font (held by the builder or its run
        /// table for the paragraph, as the font is).
        var plain: Unmanaged<PlainShaping>?
        var script = HB_SCRIPT_COMMON
        var level: UInt8 = 0
        /// The attribute run (0 in a plain text).
        var run = 0
        var isPlain = true
        var isNotdef = true
        var isIdeograph = true
        /// For a run of ideographs: its font's analysis (`IdeographFace`, kept by the face).
        unowned(unsafe) var ideographs: IdeographFace?
    }

    /// Ends `piece` at unit `end` and cluster `endCluster`: a plain or .notdef run
    /// measured from the tables, or a piece shaped through the memo.
    private func emit(_ piece: OpenPiece, units end: Int, clusters endCluster: Int, base: UnsafePointer<UInt16>,
                      offset: Int, unitToCluster: Scratch<Int32>, into measures: inout Measures) {
        let units = piece.start..<end, clusters = piece.firstCluster..<endCluster
        if piece.isPlain, let plain = piece.plain?.takeUnretainedValue() {
            appendPlain(base, units, clusters: clusters, offset: offset, plain: plain, script: piece.script,
                        run: piece.run, into: &measures)
        } else if piece.isNotdef, let plain = piece.plain?.takeUnretainedValue(), let advance = plain.notdefAdvance {
            appendNotdef(base, units, clusters: clusters, offset: offset, plain: plain, advance: advance,
                         script: piece.script, run: piece.run, into: &measures)
        } else if piece.isIdeograph, let ideographs = piece.ideographs {
            appendIdeographs(base, units, clusters: clusters, offset: offset, font: piece.font, ideographs: ideographs,
                             script: piece.script, run: piece.run, into: &measures)
        } else {
            measures.pieces.append(shapePiece(
                base, units, clusters: clusters, font: piece.font, script: piece.script, level: piece.level,
                run: piece.run, offset: offset, unitToCluster: unitToCluster, into: &measures))
        }
    }

    /// Where the segments that end at clusters `ends` end (increasing; the last is the
    /// cluster count; at most `count` of them, the array's capacity, so that a long
    /// paragraph's ends are not copied as the array grows), their widths appended to
    /// `packed` and the paragraph ended there. A segment's width leaves out the kerning of
    /// its last cluster with the next segment, which counts (as part of the trailing
    /// width) only when the next segment follows on the line.
    private static func segments<Ends: Sequence<Int>>(
        ending ends: Ends, count: Int, measures: Measures, flags: UnsafeMutableBufferPointer<UInt8>,
        into packed: PackedSegmentBuffer
    ) -> [Int32] {
        let kerns = measures.kerns
        var segmentEnds: [Int32] = []
        segmentEnds.reserveCapacity(count)
        packed.reserve(count + 1)
        var segmentStart = 0
        for end in ends {
            let trailingStart = ClusterFlags.contentEnd(flags, from: segmentStart, to: end)
            var width: Int64 = 0, trailing: Int64 = 0
            for c in segmentStart..<trailingStart { width += measures.advance(c) }
            for c in trailingStart..<end { trailing += measures.advance(c) }
            let kern = Int64(kerns[end - 1])
            if trailingStart == end { width -= kern } else { trailing -= kern }
            packed.append(width: width, trailing: trailing + kern)
            segmentEnds.append(Int32(end))
            segmentStart = end
        }
        packed.endParagraph()
        return segmentEnds
    }

    /// Shapes units `units` (paragraph-relative) through the memo and adds each glyph's
    /// advance to the cluster it belongs to. A glyph that stands for several clusters (a
    /// ligature) has its advance shared equally among them, as Pango and CoreText do.
    private func shapePiece(
        _ base: UnsafePointer<UInt16>, _ units: Range<Int>, clusters: Range<Int>,
        font: Font, script: hb_script_t, level: UInt8, run: Int, offset: Int,
        unitToCluster: Scratch<Int32>, into m: inout Measures
    ) -> ShapedPiece {
        let hasGlyph = m.hasGlyph ?? Scratch(count: m.clusterCount)
        m.hasGlyph = hasGlyph
        let slice = UnsafeBufferPointer(start: base + units.lowerBound, count: units.count)
        let rtl = level & 1 == 1
        let key = ShapeKey(fontID: font.id, script: script.rawValue, isRightToLeft: rtl,
                           language: language.shapingKey(script), units: slice)
        // Locals only in the closure: one that reads a property of the builder copies it.
        let han = language.han
        let shaped = engine.shapeMemo.value(for: key) {
            Shaper.shape(slice, font: font, script: script, isRightToLeft: rtl,
                         language: Shaper.language(for: script, preferred: han))
        }
        for i in shaped.glyphs.indices {
            let cluster = Int(unitToCluster[units.lowerBound + Int(shaped.clusters[i])])
            m.add(shaped.advances[i], to: cluster)
            hasGlyph[cluster] = true
            // Kerning sits on the left glyph of a pair: the last glyph of a cluster, in
            // left-to-right text (right-to-left kerning is not separated out).
            let lastOfCluster = i + 1 == shaped.glyphs.count
                || unitToCluster[units.lowerBound + Int(shaped.clusters[i + 1])] != Int32(cluster)
            if !rtl, lastOfCluster, cluster + 1 < clusters.upperBound { m.kerns[cluster] = shaped.kerns[i] }
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
        return ShapedPiece(
            shaped: shaped, font: font, script: script, utf16Start: offset + units.lowerBound,
            utf16End: offset + units.upperBound, level: level, run: run)
    }

    /// The kerning HarfBuzz applies between the last cluster of `left` and the first of
    /// `right` when they are shaped together, which shaping each piece alone leaves out:
    /// the width of the pair shaped as one, less the widths of the two shaped alone
    /// (memoized by the pair). Zero across a change of font, script or direction, where
    /// shaping is split anyway, for clusters longer than three code units, and next to a
    /// character the font lacks (its .notdef box is not kerned).
    /// Between two runs of ideographs (`glyphs`, the tables' glyphs, holds both clusters',
    /// `clusters` being the left one's index), the two glyphs' nominal advances are their
    /// widths alone.
    /// The two pieces are `pieces[i]` and `pieces[i + 1]`, read in place: an array element
    /// passed as an argument is copied, which retains its text and its font.
    private func kerning(between pieces: UnsafeBufferPointer<ShapedPiece>, _ i: Int, base: UnsafePointer<UInt16>,
                         leftCluster: Range<Int>, rightCluster: Range<Int>, glyphs: Scratch<UInt16>?,
                         clusters c: Int) -> Int32 {
        let left = pieces.baseAddress! + i, right = left + 1
        guard ObjectIdentifier(left.pointee.font) == ObjectIdentifier(right.pointee.font),
              left.pointee.script == right.pointee.script, left.pointee.level == right.pointee.level else { return 0 }
        var nominal: Int64?
        if left.pointee.shaped == nil, right.pointee.shaped == nil, leftCluster.count == 1, rightCluster.count == 1,
           PlainShaping.isNotdefCandidate(base[leftCluster.lowerBound]),
           PlainShaping.isNotdefCandidate(base[rightCluster.lowerBound]),
           let glyphs, glyphs[c] != 0, glyphs[c + 1] != 0 {
            let hbFont = left.pointee.font.hbFont
            nominal = Int64(hb_font_get_glyph_h_advance(hbFont, hb_codepoint_t(glyphs[c])))
                + Int64(hb_font_get_glyph_h_advance(hbFont, hb_codepoint_t(glyphs[c + 1])))
        }
        return kerning(in: left.pointee.font, script: left.pointee.script, level: left.pointee.level, base: base,
                       leftCluster: leftCluster, rightCluster: rightCluster, nominal: nominal)
    }

    /// The kerning HarfBuzz applies between clusters `leftCluster` and `rightCluster`
    /// (neighbours) in `font`, `script` and bidi level `level`, as `kerning(between:…)`.
    /// `nominal`, when given, is the two clusters' widths shaped alone (known for plain
    /// glyphs: their nominal advances), which spares shaping them.
    package func kerning(in font: Font, script: hb_script_t, level: UInt8, base: UnsafePointer<UInt16>,
                 leftCluster: Range<Int>, rightCluster: Range<Int>, nominal: Int64? = nil) -> Int32 {
        guard leftCluster.count <= 3, rightCluster.count <= 3,
              Self.draws(font, base, leftCluster), Self.draws(font, base, rightCluster) else { return 0 }
        func pack(_ range: Range<Int>) -> UInt64 {
            range.reduce(UInt64(range.count)) { ($0 << 16) | UInt64(base[$1]) }
        }
        let rtl = level & 1 == 1
        let key = PairKey(fontID: font.id, script: script.rawValue, isRightToLeft: rtl,
                          language: language.shapingKey(script), left: pack(leftCluster), right: pack(rightCluster))
        // Locals only in the closure: one that reads a property of the builder copies it.
        let han = language.han
        return engine.pairMemo.value(for: key) {
            let shapingLanguage = Shaper.language(for: script, preferred: han)
            func width(_ units: [UInt16]) -> Int64 {
                units.withUnsafeBufferPointer {
                    Shaper.width($0, font: font, script: script, isRightToLeft: rtl, language: shapingLanguage)
                }
            }
            let l = Array(UnsafeBufferPointer(start: base + leftCluster.lowerBound, count: leftCluster.count))
            let r = Array(UnsafeBufferPointer(start: base + rightCluster.lowerBound, count: rightCluster.count))
            // Clamped: a kerning past Int32 is a font's lie, not a trap.
            return Int32(clamping: width(l + r) - (nominal ?? width(l) + width(r)))
        }
    }

    /// Whether `font` has a glyph for the first character of the cluster at `range`.
    private static func draws(_ font: Font, _ base: UnsafePointer<UInt16>, _ range: Range<Int>) -> Bool {
        var iterator = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count).makeIterator()
        var decoder = UTF16()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        return font.face.covers(scalar)
    }

    /// The line break opportunities (UAX #14) after offset 0, the paragraph's end
    /// included (none when ICU fails), gathered a block at a time: memory in proportion
    /// to the breaks, not to the text. A block holds 4,096 breaks, or one more than a short
    /// paragraph can have (a 16 KB block zeroed per row was 3 % of preparing Latin text).
    static func lineBreaks(_ base: UnsafePointer<UInt16>, _ length: Int) -> [Int32] {
        let block = Int32(min(4096, length + 1))
        var breaks: [Int32] = []
        var from: Int32 = 0
        while true {
            let old = breaks.count
            breaks.append(contentsOf: repeatElement(0, count: Int(block)))
            let written = breaks.withUnsafeMutableBufferPointer {
                cicu_line_breaks_after(base, Int32(length), from, $0.baseAddress! + old, block)
            }
            breaks.removeLast(Int(block - max(0, written)))
            guard written == block else { return breaks }
            from = breaks[breaks.count - 1]
        }
    }

    /// Cluster ends into `ends`, returning how many: grapheme cluster ends, and the line
    /// break opportunities that fall inside a grapheme cluster. UAX #14 allows a break
    /// between a space and a combining mark after it (LB10 treats the mark as a letter),
    /// where UAX #29 makes the two one grapheme; ICU reports the break and Pango takes it,
    /// so the mark starts the next line as a cluster of its own (as a Faker name starting
    /// with a vowel sign, " िकशोरी", does).
    private static func clusterEnds(
        _ base: UnsafePointer<UInt16>, _ length: Int, breaks: [Int32], into ends: inout [Int32]
    ) -> Int {
        let count = graphemeBreaks(base, length, into: &ends)
        var inside = breaks.lazy.filter { $0 < Int32(length) }.makeIterator()
        var extra: [Int32] = []
        var e = 0
        while let b = inside.next() {
            while e < count, ends[e] < b { e += 1 }
            if e < count, ends[e] != b { extra.append(b) }
        }
        guard !extra.isEmpty else { return count }
        var merged = Array(ends[0..<count]) + extra
        merged.sort()
        for (i, end) in merged.enumerated() { ends[i] = end }
        return merged.count
    }

    /// Grapheme cluster ends (UAX #29) into `ends`; returns how many. Text made only of
    /// code points below U+0300 — Latin with its accents precomposed, as nearly all Latin
    /// text is — has a cluster per code unit (no extenders, joiners or surrogates there, and
    /// hard breaks are not in paragraphs), which spares the ICU call; anything else asks ICU.
    private static func graphemeBreaks(_ base: UnsafePointer<UInt16>, _ length: Int, into ends: inout [Int32]) -> Int {
        if (0..<length).allSatisfy({ base[$0] < 0x0300 }) {
            for i in 0..<length { ends[i] = Int32(i + 1) }
            return length
        }
        return max(0, Int(cicu_grapheme_breaks(base, Int32(length), &ends)))
    }

    /// Bidi levels per code unit, or nil when the paragraph has nothing right-to-left
    /// (no code unit at or above U+0590), which spares the ICU call for most Latin text.
    private static func bidiLevels(_ base: UnsafePointer<UInt16>, _ length: Int) -> [UInt8]? {
        guard (0..<length).contains(where: { base[$0] >= 0x0590 }) else { return nil }
        var levels = [UInt8](repeating: 0, count: length)
        return cicu_bidi_levels(base, Int32(length), &levels) < 0 ? nil : levels
    }

    /// White space that hangs at a line end: Unicode's White_Space characters (a fixed,
    /// stable list) but the no-break spaces U+00A0, U+2007 and U+202F, which glue words.
    @inline(__always)
    static func isHangingSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000: true
        default: false
        }
    }

    private static func decode(_ base: UnsafePointer<UInt16>, _ range: Range<Int>, into scalars: inout [Unicode.Scalar]) {
        scalars.removeAll(keepingCapacity: true)
        var iterator = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count).makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: return
            }
        }
    }
}
