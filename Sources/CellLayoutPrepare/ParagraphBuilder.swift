import CellLayoutCore
import CellLayoutFontLibrary

/// Turns one text's UTF-16 code units into prepared paragraphs.
///
/// A paragraph of plain text in one script is measured at once from its font's tables
/// (`plainParagraph`). Any other goes through named stages:
/// 1. clusters (`ParagraphClusters`): grapheme clusters, UAX #14 break opportunities, and
///    bidi levels when the paragraph has right-to-left characters;
/// 2. font runs (`fontRuns`): a font per cluster along the fallback chain, its script and
///    kind, resolved into items (`Itemizer`);
/// 3. pieces (`pieces`): one segment, font, script, level and attribute run each, each
///    measured by the first measuring route that admits all of its clusters
///    (`MeasuringRoute`: font tables for plain text, for characters no font has and for
///    ideographs; HarfBuzz through the engine's memo for the rest);
/// 4. measured segments: kerning across pieces (`kernAcrossPieces`), then each segment's
///    width and trailing white space, packed (`PackedSegmentBuffer`).
///
/// The builder refers to its engine, font and plain tables unretained: it lives for one
/// `build()`, whose caller holds all three through that call (`TextEngine.prepare`: itself,
/// its font argument and the font's tables, `withExtendedLifetime`). Retained, they cost a
/// retain and a release each per text (more as the builder was copied into closures), on
/// objects every thread shares: each one a cache line moved between two cores.
package struct ParagraphBuilder {
    private let engineReference: Unmanaged<TextEngine>
    private let fontReference: Unmanaged<Font>
    /// `plain`, unretained: what a loop over clusters reads (`plain`, a strong reference
    /// made from it, is retained and released at each read).
    package let plainReference: Unmanaged<PlainShaping>?
    /// What the paragraphs hold to keep `font` alive for their pieces: an object that holds
    /// it (`TextFontHold`, one per thread lane, not the font every thread shares), or nil:
    /// the font itself.
    private let fontHolder: Unmanaged<TextFontHold>?
    package let text: UnsafeBufferPointer<UInt16>
    /// The attribute runs of an attributed text; nil for a plain text (one run in `font`).
    package var runs: RunTable? = nil
    /// The text's language: its fallback fonts and Han shapes.
    package var language: LanguageSlot

    /// A builder of `text`'s paragraphs in `font` (`plain`: its plain shaping tables, or nil
    /// to shape every piece), for `engine`; the caller holds `engine`, `font` and `plain`
    /// until `build()` returns.
    package init(engine: borrowing TextEngine, font: borrowing Font, plain: borrowing PlainShaping?,
                 text: UnsafeBufferPointer<UInt16>, runs: RunTable? = nil, language: LanguageSlot) {
        let plainReference: Unmanaged<PlainShaping>? = switch plain {
        case .some(let tables): Unmanaged.passUnretained(tables)
        case .none: nil
        }
        self.init(engine: Unmanaged.passUnretained(engine), font: Unmanaged.passUnretained(font),
                  plain: plainReference, fontHolder: nil, text: text, runs: runs, language: language)
    }

    /// `init(engine:font:plain:text:runs:language:)` from references already unretained:
    /// a closure that makes the builder then captures no reference it would retain. The
    /// paragraphs hold `fontHolder` (which must hold `font`), or `font` when it is nil.
    package init(engine: Unmanaged<TextEngine>, font: Unmanaged<Font>, plain: Unmanaged<PlainShaping>?,
                 fontHolder: Unmanaged<TextFontHold>?, text: UnsafeBufferPointer<UInt16>, runs: RunTable? = nil,
                 language: LanguageSlot) {
        engineReference = engine
        fontReference = font
        plainReference = plain
        self.fontHolder = fontHolder
        self.text = text
        self.runs = runs
        self.language = language
    }

    /// The engine, as a strong reference made at each read: retained and released there.
    /// A hot path reads it through `withEngine`.
    package var engine: TextEngine { engineReference.takeUnretainedValue() }

    /// `body` on the engine, borrowed: no retain and release of the engine every thread
    /// shares (each a cache line moved between the cores), as a read of `engine` costs.
    @inline(__always)
    package func withEngine<R>(_ body: (TextEngine) throws -> R) rethrows -> R {
        try engineReference._withUnsafeGuaranteedRef(body)
    }
    package var font: Font { fontReference.takeUnretainedValue() }
    /// Plain shaping for `font`, or nil to shape every piece with HarfBuzz.
    package var plain: PlainShaping? { plainReference?.takeUnretainedValue() }

    /// The text's hard paragraphs. Hard breaks (LF, CR, CR LF, VT, FF, NEL, U+2028,
    /// U+2029) end a paragraph and are not part of it; a text that ends with one gets no
    /// empty paragraph after it, as in UIKit. With them, their segments' widths
    /// (`PreparedText.packedSegments`, for the text to take over).
    ///
    /// The temporaries of its paragraphs come from the calling thread's scratch region
    /// (`ScratchSlot`), taken from its lane at the first paragraph and given back at the end.
    package func build() -> (paragraphs: [PreparedParagraph], segments: PackedSegmentBuffer) {
        // Passed along rather than kept in the builder, whose copies would retain it.
        let segments = PackedSegmentBuffer()
        var paragraphs: [PreparedParagraph] = []
        var region: ScratchRegion? = nil
        var start = 0
        while let end = Self.hardBreak(in: text, from: start) {
            paragraphs.append(paragraph(start..<end, into: segments, region: &region))
            start = end + (text[end] == 0x0D && end + 1 < text.count && text[end + 1] == 0x0A ? 2 : 1)
        }
        if start < text.count { paragraphs.append(paragraph(start..<text.count, into: segments, region: &region)) }
        if let region { withEngine { $0.scratchSlots.current.give(region) } }
        return (paragraphs, segments)
    }

    /// The offset of the first hard break (`isHardBreak`) in `text` at or after `from`, or
    /// nil: four code units at a time in a word (the test of every unit was ~9 instructions
    /// a unit), then one at a time from the four that may hold one. A word is let through
    /// when no unit is below U+000E, none is U+0085 and none is U+2028 or U+2029: the
    /// tests for a lane below a value and for a zero lane, exact for 16-bit lanes.
    static func hardBreak(in text: UnsafeBufferPointer<UInt16>, from: Int) -> Int? {
        guard let base = text.baseAddress else { return nil }
        let ones: UInt64 = 0x0001_0001_0001_0001, highs: UInt64 = 0x8000_8000_8000_8000
        var i = from
        while i + 4 <= text.count {
            let units = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let nel = units ^ (0x0085 &* ones), separator = (units & (0xFFFE &* ones)) ^ (0x2028 &* ones)
            let below = (units &- 0x000E &* ones) & ~units
            let zero = ((nel &- ones) & ~nel) | ((separator &- ones) & ~separator)
            if (below | zero) & highs != 0 { break }
            i += 4
        }
        while i < text.count {
            if isHardBreak(text[i]) { return i }
            i += 1
        }
        return nil
    }

    static func isHardBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The paragraph of `range`, its segments' widths appended to `segments`: a paragraph of
    /// plain text in one script at once (`plainParagraph`), any other in stages — its
    /// clusters (`ParagraphClusters`), their fonts and items (`fontRuns`), pieces measured
    /// along the measuring routes (`pieces`), kerning across pieces (`kernAcrossPieces`),
    /// and the segments between break opportunities. The temporaries of either path come
    /// from `region` (taken from the thread's lane here when nil), emptied at the end.
    private func paragraph(_ range: Range<Int>, into segments: PackedSegmentBuffer,
                           region: inout ScratchRegion?) -> PreparedParagraph {
        let length = range.count
        guard length > 0 else { return Self.emptyParagraph(at: range.lowerBound, into: segments) }
        let base = text.baseAddress! + range.lowerBound
        var scratch = region ?? withEngine { $0.scratchSlots.current.take() }
        defer {
            scratch.reset()
            region = scratch
        }
        if let paragraph = plainParagraph(base, range, into: segments, in: &scratch) { return paragraph }
        let clusters = ParagraphClusters(base, length: length, offset: range.lowerBound, in: &scratch)
        let fontRuns = fontRuns(of: clusters, base, range, in: &scratch)
        var measures = pieces(of: clusters, fontRuns.items, base, offset: range.lowerBound)
        kernAcrossPieces(clusters, base, offset: range.lowerBound, into: &measures)
        // The flags and starts into the paragraph's block (one code unit per cluster, most
        // text: no starts, they are implied).
        _ = measures.flags.buffer.update(fromContentsOf: fontRuns.flags.buffer)
        if let starts = measures.tables.starts { _ = starts.update(fromContentsOf: clusters.starts.buffer) }

        let count = clusters.count
        var clusterRuns: [UInt16] = []
        if let runs {
            clusterRuns = Self.clusterRuns(clusters.starts.buffer.dropLast(), runs: runs)
            for c in 0..<count { measures.add(runs.kerns[Int(clusterRuns[c])], to: c) }
        }
        return withEngine { engine in
            Self.paragraph(at: range.lowerBound, segmentEnds: clusters.segmentEnds,
                           segmentCount: clusters.breaks.count + 1, measures: measures,
                           fonts: pieceFonts(fallbacks: fontRuns.fallbackFonts), clusterRuns: clusterRuns,
                           into: segments, arena: engine.tableArena)
        }
    }

    /// The fonts of a paragraph whose clusters picked the fallback fonts `fallbacks`.
    func pieceFonts(fallbacks: [Font]) -> PieceFonts {
        PieceFonts(text: fontHolder?.takeUnretainedValue() ?? font, runs: runs?.fonts ?? [], fallbacks: fallbacks)
    }

    /// An empty paragraph (between two hard breaks) at UTF-16 offset `start`, ended in
    /// `segments`. Out of line: the general paragraph's loops are sensitive to its size.
    @inline(never)
    private static func emptyParagraph(at start: Int, into segments: PackedSegmentBuffer) -> PreparedParagraph {
        segments.reserve(1)
        segments.endParagraph()
        return PreparedParagraph(
            utf16Start: start, tables: .none, chunk: nil, segmentCount: 0, fonts: .none, glyphs: .none)
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
    /// whose widths go to `packed`. The paragraph keeps the block of `measures`
    /// (`ClusterTables`: its flags, and its starts when not every cluster is one code unit,
    /// written) in `arena`, and holds `fonts`, every font of the pieces.
    package static func paragraph<Ends: Sequence<Int>>(
        at start: Int, segmentEnds: Ends, segmentCount: Int, measures: Measures, fonts: PieceFonts,
        clusterRuns: [UInt16] = [], into packed: PackedSegmentBuffer, arena: borrowing TextArena
    ) -> PreparedParagraph {
        // Before the block is kept: keeping moves it.
        let ends = segments(ending: segmentEnds, count: segmentCount, measures: measures,
                            flags: measures.flags.buffer, into: packed)
        let (tables, chunk) = measures.tables.kept(segmentCount: ends, keepsPlainGlyphs: measures.plainGlyphs != nil,
                                                   kerns: measures.kerns.buffer, pieces: measures.pieces,
                                                   clusterRuns: clusterRuns, in: arena)
        return PreparedParagraph(utf16Start: start, tables: tables, chunk: chunk, wideKerns: measures.wideKerns,
                                 segmentCount: ends, fonts: fonts, glyphs: measures.glyphs, wideAdvances: measures.wide)
    }

    /// How many segments end at clusters `ends` (increasing; the last is the cluster
    /// count; at most `count` of them, the room in the block's `segmentEnds`), their ends
    /// written into the block, their widths appended to `packed` and the paragraph ended
    /// there. A segment's width leaves out the kerning of
    /// its last cluster with the next segment, which counts (as part of the trailing
    /// width) only when the next segment follows on the line.
    private static func segments<Ends: Sequence<Int>>(
        ending ends: Ends, count: Int, measures: Measures, flags: UnsafeMutableBufferPointer<UInt8>,
        into packed: PackedSegmentBuffer
    ) -> Int {
        let segmentEnds = measures.tables.segmentEnds
        var segmentCount = 0
        packed.reserve(count + 1)
        var segmentStart = 0
        for end in ends {
            let trailingStart = ClusterFlags.contentEnd(flags, from: segmentStart, to: end)
            var width: Int64 = 0, trailing: Int64 = 0
            for c in segmentStart..<trailingStart { width += measures.advance(c) }
            for c in trailingStart..<end { trailing += measures.advance(c) }
            let kern = measures.kern(end - 1)
            if trailingStart == end { width -= kern } else { trailing -= kern }
            packed.append(width: width, trailing: trailing + kern)
            segmentEnds[segmentCount] = Int32(end)
            segmentCount += 1
            segmentStart = end
        }
        packed.endParagraph()
        return segmentCount
    }
}
