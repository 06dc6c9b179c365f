import CHarfBuzz
@testable import CellLayoutPrepare
import CellLayout
import Testing

/// `ClusterTables`, a paragraph's per-cluster columns in one block: the columns lie apart,
/// each aligned for its type, the block starts zeroed where the builder adds to it,
/// keeping it drops the glyphs column and the segment ends' spare room but keeps the
/// others, the kerning is kept as the kerned clusters alone or per cluster, whichever is
/// smaller, a kerning past Int16 is kept apart, and the pieces and the clusters' runs
/// follow; and the paragraphs a text keeps read from it what the text says (its
/// clusters' starts, its white space, its glyphs).
@Suite struct ClusterTablesTests {
    /// Writes a different value into every entry of every column, then reads them all back:
    /// a column that overlapped another would read the other's values.
    @Test(arguments: [false, true])
    func columnsLieApartAndAligned(hasStarts: Bool) {
        for count in 1...67 {
            let tables = ClusterTables(count: count, hasStarts: hasStarts, segmentCapacity: count % 5 + 1)
            defer { tables.free() }
            #expect(tables.advances.allSatisfy { $0 == 0 } && tables.flags.allSatisfy { $0 == 0 },
                    "advances and flags start zeroed")
            #expect((tables.starts?.count ?? 0) == (hasStarts ? count + 1 : 0))
            #expect(tables.plainGlyphs.count == count)
            Self.write(tables)
            Self.check(tables, count: count, glyphs: true)
            for address in [UnsafeRawPointer(tables.advances.baseAddress!), UnsafeRawPointer(tables.segmentEnds.baseAddress!)]
                + (tables.starts.map { [UnsafeRawPointer($0.baseAddress!)] } ?? []) {
                #expect(Int(bitPattern: address) % 4 == 0)
            }
            #expect(Int(bitPattern: tables.plainGlyphs.baseAddress!) % 2 == 0)
        }
    }

    /// Keeping the block, with the glyphs column kept or dropped (a paragraph with no run
    /// measured from tables), keeps every other column's values, the segment ends the
    /// paragraph has (of the room the builder had), and adds the kerning: with no cluster
    /// kerned, one, every 7th, every 3rd and every other one (`Int16.min`, the mark of a
    /// kerning kept apart, among them), the kerned clusters alone while they are fewer than
    /// a third of the clusters (6 bytes each against 2 a cluster), else one kerning per
    /// cluster — each aligned for its type, read back exactly, and the pieces and the
    /// clusters' runs after them. A block of at most
    /// `TextArena.sharedBlockBytes` is copied into the arena's shared chunk, one after
    /// another, 8-byte aligned — where the builder wrote it when it was carved from the
    /// arena; a larger one (3,000 clusters) is a chunk of its own.
    @Test(arguments: [false, true])
    func keepingKeepsTheColumnsAndTheKerning(hasStarts: Bool) {
        let arena = TextArena(), font = TestFonts.inter17
        var previous: (chunk: ArenaChunk, end: Int)? = nil
        for count in [1, 2, 3, 4, 5, 17, 1000, 3000] {
            for every in [0, count, 7, 3, 2] {
                for keepsGlyphs in [true, false] {
                    for carved in [false, true] {
                        let dense = (0..<count).map { c -> Int16 in
                            every > 0 && c % every == every / 2 ? (c % 5 == 4 ? .min : Int16(truncatingIfNeeded: -3 - 11 * c)) : 0
                        }
                        let kerned = dense.indices.filter { dense[$0] != 0 }
                        let tables = ClusterTables(count: count, hasStarts: hasStarts, segmentCapacity: count / 2 + 1,
                                                   in: carved ? arena : nil)
                        #expect((tables.chunk != nil) == (carved && count < 3000))
                        // One advance past 16 bits where every other cluster kerns: those
                        // blocks keep the advances in 32 bits, the others narrow them.
                        let wideAt = every == 2 ? count / 2 : nil
                        Self.write(tables, wideAt: wideAt)
                        let segmentCount = count / 3 + 1
                        // Pieces and runs in some cases: one piece per 2 clusters up to 5,
                        // each of its own offsets and level; a run per cluster.
                        let pieces = every == 7 ? [] : (0..<min(5, (count + 1) / 2)).map { i in
                            ShapedPiece(glyphs: nil, font: font, script: HB_SCRIPT_LATIN, utf16Start: 2 * i,
                                        utf16End: min(count, 2 * i + 2), level: UInt8(i), run: keepsGlyphs ? 0 : i)
                        }
                        let runs = keepsGlyphs ? [] : (0..<count).map { UInt16(truncatingIfNeeded: 3 * $0 + 1) }
                        var kerns = dense
                        let (kept, chunk) = kerns.withUnsafeMutableBufferPointer {
                            tables.kept(segmentCount: segmentCount, keepsPlainGlyphs: keepsGlyphs, kerns: $0, pieces: pieces,
                                        clusterRuns: runs, in: arena)
                        }
                        let label = "\(count) clusters, every \(every), glyphs \(keepsGlyphs), carved \(carved)"
                        #expect(kept.plainGlyphs.count == (keepsGlyphs ? count : 0), "\(label)")
                        #expect(kept.segmentCapacity == segmentCount, "\(label)")
                        #expect(kept.hasNarrowAdvances == (wideAt == nil && count > 1), "\(label)")
                        Self.check(kept, count: count, glyphs: keepsGlyphs, wideAt: wideAt)
                        #expect(kept.pieces.map { [$0.utf16Start, $0.utf16End, Int($0.level), $0.run] }
                                == pieces.map { [$0.utf16Start, $0.utf16End, Int($0.level), $0.run] }, "\(label)")
                        #expect(Array(kept.clusterRuns) == runs, "\(label)")
                        if let first = kept.pieces.first {
                            #expect(Int(bitPattern: kept.pieces.baseAddress!) % 8 == 0 && first.font === font, "\(label)")
                        }
                        if 3 * kerned.count >= count {
                            #expect(kept.kernCount == count && kept.kernedClusters.isEmpty, "\(label)")
                            #expect(Array(kept.kernValues) == dense, "\(label)")
                        } else {
                            #expect(kept.kernCount == kerned.count, "\(label)")
                            #expect(Array(kept.kernedClusters) == kerned.map(Int32.init), "\(label)")
                            #expect(Array(kept.kernValues) == kerned.map { dense[$0] }, "\(label)")
                        }
                        if let clusters = kept.kernedClusters.baseAddress {
                            #expect(Int(bitPattern: clusters) % 4 == 0, "\(label)")
                        }
                        if let values = kept.kernValues.baseAddress {
                            #expect(Int(bitPattern: values) % 2 == 0, "\(label)")
                        }
                        let kernEnd = kept.kernsOffset + 2 * kept.kernCount + (kept.kernCount < count ? 4 * kept.kernCount : 0)
                        #expect(kept.piecesOffset == (kernEnd + 7) & ~7, "\(label)")
                        let block = kept.base!, bytes = kept.piecesOffset + 40 * pieces.count + 2 * runs.count
                        #expect(Int(bitPattern: block) % 8 == 0, "\(label)")
                        let offset = block - chunk!.base
                        if bytes > TextArena.sharedBlockBytes {
                            #expect(offset == 0 && chunk!.used == bytes, "\(label): a chunk of its own")
                        } else {
                            #expect(offset + bytes <= chunk!.capacity, "\(label)")
                            if let previous, previous.chunk === chunk! {
                                #expect(offset == (previous.end + 7) & ~7, "\(label): right after the block before")
                            }
                            previous = (chunk!, offset + bytes)
                        }
                        if carved && count < 3000 { #expect(block == tables.base!, "\(label): kept where it was written") }
                    }
                }
            }
        }
        var none: [Int16] = []
        #expect(ClusterTables.none.base == nil && ClusterTables.none.advances.isEmpty
                && none.withUnsafeMutableBufferPointer {
                    let (tables, chunk) = ClusterTables.none.kept(segmentCount: 0, keepsPlainGlyphs: false, kerns: $0, pieces: [],
                                                                 clusterRuns: [], in: arena)
                    return tables.base == nil && chunk == nil
                })
    }

    /// A block carved from the arena but no longer the last one carved from its lane (another
    /// block was carved after it) cannot give back or take room: it is copied to a new block
    /// at keeping, with every column, its pieces and its runs, after the block carved since.
    @Test func keepingABlockCarvedBeforeAnotherCopiesIt() {
        let arena = TextArena(), font = TestFonts.inter17
        let tables = ClusterTables(count: 9, hasStarts: true, segmentCapacity: 4, in: arena)
        Self.write(tables)
        let (otherChunk, other) = arena.carve(bytes: 24)
        let piece = ShapedPiece(glyphs: nil, font: font, script: HB_SCRIPT_LATIN, utf16Start: 0, utf16End: 9, level: 1,
                                run: 2)
        var kerns: [Int16] = [0, 0, -40, 0, 0, 0, 0, 0, 0]
        let (kept, chunk) = kerns.withUnsafeMutableBufferPointer {
            tables.kept(segmentCount: 4, keepsPlainGlyphs: true, kerns: $0, pieces: [piece],
                        clusterRuns: (0..<9).map { UInt16($0 % 3) }, in: arena)
        }
        #expect(chunk === otherChunk && kept.base! >= other + 24, "copied after the block carved since")
        Self.check(kept, count: 9, glyphs: true)
        #expect(Array(kept.kernedClusters) == [2] && Array(kept.kernValues) == [-40])
        #expect(kept.pieces.count == 1 && kept.pieces[0].utf16End == 9 && kept.pieces[0].run == 2
                && kept.pieces[0].font === font)
        #expect(Array(kept.clusterRuns) == [0, 1, 2, 0, 1, 2, 0, 1, 2])
    }

    /// A kerning Int16 does not hold — or whose value is the mark, Int16.min — is kept
    /// apart, a kerning written again over it (kerning across pieces) replaces it, and the
    /// paragraph (which keeps a kerning per cluster: most kern) reads every cluster's exact
    /// kerning back, at random and in order from any cluster on.
    @Test func kerningPastInt16IsKeptApart() {
        let kerns: [Int32] = [0, 1, -1, 32767, -32767, -32768, 32768, -40_000, 2_000_000, Int32.min, Int32.max, 7]
        var region = ScratchRegion()
        defer { region.free() }
        var measures = ParagraphBuilder.Measures(clusterCount: kerns.count, segmentCapacity: 1,
                                                 kerns: Scratch(count: kerns.count, in: &region))
        for (i, kern) in kerns.enumerated() { measures.setKern(i, kern) }
        #expect(measures.wideKerns == [5: -32768, 6: 32768, 7: -40_000, 8: 2_000_000, 9: Int32.min, 10: Int32.max])
        measures.setKern(6, -5)
        measures.setKern(0, 70_000)
        let expected = [70_000] + kerns[1..<6] + [-5] + kerns[7...]
        #expect(measures.kerns[6] == -5 && measures.kerns[0] == PreparedParagraph.wideKern)
        #expect((0..<kerns.count).map(measures.kern) == expected.map(Int64.init))
        let (tables, chunk) = measures.tables.kept(segmentCount: 0, keepsPlainGlyphs: false, kerns: measures.kerns.buffer,
                                                   pieces: [], clusterRuns: [], in: TextArena())
        let paragraph = PreparedParagraph(utf16Start: 0, tables: tables, chunk: chunk,
                                          wideKerns: measures.wideKerns, segmentCount: 0, fonts: .none,
                                          glyphs: .none)
        #expect(paragraph.kernedClusters.isEmpty && paragraph.kernValues.count == kerns.count)
        #expect((0..<kerns.count).map(paragraph.kern) == expected.map(Int64.init))
        for start in 0..<kerns.count {
            var cursor = KernCursor(paragraph, from: start)
            #expect((start..<kerns.count).map { cursor.kern($0, in: paragraph) } == expected[start...].map(Int64.init))
        }
    }

    /// The same among the kerned clusters alone: in a paragraph of 40 clusters, of which
    /// three kern (one past Int16), each reads its own kerning back, the rest 0 — at random
    /// (`kern(_:)`) and in order from any cluster on (`KernCursor`, reading every cluster or
    /// every third, so that it also passes kerned clusters unread).
    @Test func kerningPastInt16AmongTheKernedClusters() {
        var region = ScratchRegion()
        defer { region.free() }
        var measures = ParagraphBuilder.Measures(clusterCount: 40, segmentCapacity: 1,
                                                 kerns: Scratch(count: 40, in: &region))
        let kerns: [Int: Int32] = [3: -700, 17: 90_000, 38: 12]
        for (c, kern) in kerns { measures.setKern(c, kern) }
        let (tables, chunk) = measures.tables.kept(segmentCount: 0, keepsPlainGlyphs: false, kerns: measures.kerns.buffer,
                                                   pieces: [], clusterRuns: [], in: TextArena())
        let paragraph = PreparedParagraph(utf16Start: 0, tables: tables, chunk: chunk,
                                          wideKerns: measures.wideKerns, segmentCount: 0, fonts: .none,
                                          glyphs: .none)
        #expect(Array(paragraph.kernedClusters) == [3, 17, 38])
        let expected = (0..<40).map { Int64(kerns[$0] ?? 0) }
        #expect((0..<40).map(paragraph.kern) == expected)
        for start in 0..<40 {
            for step in [1, 3] {
                var cursor = KernCursor(paragraph, from: start)
                let read = stride(from: start, to: 40, by: step).map { cursor.kern($0, in: paragraph) }
                #expect(read == stride(from: start, to: 40, by: step).map { expected[$0] }, "from \(start) by \(step)")
            }
        }
    }

    /// An advance past Int32 and a kerning past Int16 on one cluster and on its neighbours,
    /// which the paragraph keeps in one dictionary, read back each its own: the two kinds
    /// do not take each other's entry, nor a neighbour's.
    @Test func wideAdvancesAndKerningAreKeptApart() {
        var region = ScratchRegion()
        defer { region.free() }
        var measures = ParagraphBuilder.Measures(clusterCount: 4, segmentCapacity: 1,
                                                 kerns: Scratch(count: 4, in: &region))
        let advances: [Int64] = [5_000_000_000, 7, 6_000_000_000, -3_000_000_000]
        let kerns: [Int32] = [-40_000, 50_000, 3, 2_000_000_000]
        for c in 0..<4 {
            measures.setAdvance(c, advances[c])
            measures.setKern(c, kerns[c])
        }
        let (tables, chunk) = measures.tables.kept(segmentCount: 0, keepsPlainGlyphs: false, kerns: measures.kerns.buffer,
                                                   pieces: [], clusterRuns: [], in: TextArena())
        let paragraph = PreparedParagraph(utf16Start: 0, tables: tables, chunk: chunk,
                                          wideKerns: measures.wideKerns, segmentCount: 0, fonts: .none,
                                          glyphs: .none, wideAdvances: measures.wide)
        #expect((0..<4).map(paragraph.advance) == advances)
        #expect((0..<4).map(paragraph.kern) == kerns.map(Int64.init))
    }

    /// `kept` keeps the advances in 16 bits exactly when every one fits (and there are two
    /// or more: one takes 4 bytes either way): the extremes of
    /// Int16 narrow, one past either end keeps 32 bits, and so does the mark of an advance
    /// kept apart (`PreparedParagraph.wideAdvance`); the columns after the advances (starts,
    /// segment ends, flags, glyphs, kerning) move up behind them, intact and aligned.
    @Test(arguments: [false, true])
    func advancesAreKeptNarrowWhenTheyFit(hasStarts: Bool) {
        let arena = TextArena()
        let cases: [(odd: Int32, narrow: Bool)] = [(Int32(Int16.max), true), (Int32(Int16.min), true),
                                                   (Int32(Int16.max) + 1, false), (Int32(Int16.min) - 1, false),
                                                   (PreparedParagraph.wideAdvance, false)]
        for count in [1, 2, 3, 7, 64] {
            for (odd, narrow) in cases {
                let tables = ClusterTables(count: count, hasStarts: hasStarts, segmentCapacity: count, in: arena)
                Self.write(tables)
                tables.advances[count - 1] = odd
                var kerns = [Int16](repeating: 0, count: count)
                kerns[0] = -7
                let (kept, _) = kerns.withUnsafeMutableBufferPointer {
                    tables.kept(segmentCount: (count + 1) / 2, keepsPlainGlyphs: true, kerns: $0, pieces: [],
                                clusterRuns: [], in: arena)
                }
                let label = "\(count) clusters, last advance \(odd)"
                let narrow = narrow && count > 1  // one cluster's advance takes 4 bytes either way
                #expect(kept.hasNarrowAdvances == narrow, "\(label)")
                let advances = narrow ? kept.narrowAdvances.map(Int32.init) : Array(kept.advances)
                #expect(advances == (0..<count).map { $0 == count - 1 ? odd : Int32(1000 + $0) }, "\(label)")
                #expect(Array(kept.flags) == (0..<count).map { UInt8(truncatingIfNeeded: 7 * $0 + 1) }, "\(label)")
                #expect(Array(kept.plainGlyphs) == (0..<count).map { UInt16(50_000 + $0) }, "\(label)")
                #expect(Array(kept.segmentEnds) == (0..<(count + 1) / 2).map { Int32(200_000 + $0) }, "\(label)")
                if let starts = kept.starts {
                    #expect(Array(starts) == (0...count).map { Int32(-100_000 - $0) }, "\(label)")
                    #expect(Int(bitPattern: starts.baseAddress!) % 4 == 0, "\(label)")
                }
                #expect(Int(bitPattern: kept.segmentEnds.baseAddress!) % 4 == 0, "\(label)")
                #expect(kept.kernValues.first == -7, "\(label)")
                #expect(kept.segmentsOffset == (narrow ? (2 * count + 3) & ~3 : 4 * count) + (hasStarts ? 4 * (count + 1) : 0),
                        "\(label): narrow advances take 2 bytes a cluster")
            }
        }
    }

    /// A paragraph object is one allocation of malloc's 128-byte size class (120 bytes
    /// usable, `PreparedParagraph`'s layout): a text keeps about two, each fresh memory.
    /// Checked on a plain, a general and an empty paragraph.
    @Test func aParagraphIsOneSmallObject() {
        let prepared = TestFonts.engine.prepare("Plain\n\nمرحبا 👍🏽", font: TestFonts.inter17)
        #expect(prepared.paragraphs.count == 3)
        for paragraph in prepared.paragraphs {
            #expect(mallocUsableSize(Unmanaged.passUnretained(paragraph).toOpaque()) <= 120)
        }
    }

    /// Inter's kerning of "AV" at 2,000 pt, far past Int16's ±32 pt in layout units, is the
    /// paragraph's, within a layout unit of HarfBuzz's: "A"'s advance in "AV" less its
    /// nominal advance, −192 font units of 2,816 (`hb-shape fonts/Inter/Inter-Regular.otf AV`
    /// gives `[2=0+1712|453=1+1904]`, and 1904 for "A" with `--features=-kern`; the head
    /// table's unitsPerEm is 2,816), so −192 / 2816 × 2000 pt ≈ −136.4 pt ≈ −139,636 layout
    /// units.
    @Test func kerningAtAHugeSizeIsExact() throws {
        let size = 2000.0
        let font = try TestFonts.library.font(family: "Inter", size: size)
        let paragraph = TestFonts.engine.prepare("AV", font: font).paragraphs[0]
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, "AV", -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.face.unscaled, buffer, nil, 0)
        var n: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &n)!, positions = hb_buffer_get_glyph_positions(buffer, &n)!
        let kernUnits = Int(positions[0].x_advance) - Int(hb_font_get_glyph_h_advance(font.face.unscaled, infos[0].codepoint))
        let expected = Double(kernUnits) * size / Double(hb_face_get_upem(hb_font_get_face(font.face.unscaled))) * 1024
        #expect(kernUnits == -192 && abs(expected + 139_636.4) < 0.1)
        #expect(abs(Double(paragraph.kern(0)) - expected) <= 1)
        #expect(paragraph.kernValues.first == PreparedParagraph.wideKern)
    }

    /// Writes every column: advance `1000 + i` (40,000, past 16 bits, at `wideAt`), ….
    static func write(_ tables: ClusterTables, wideAt: Int? = nil) {
        for i in 0..<tables.count {
            tables.advances[i] = i == wideAt ? 40_000 : Int32(1000 + i)
            tables.flags[i] = UInt8(truncatingIfNeeded: 7 * i + 1)
            tables.plainGlyphs[i] = UInt16(50_000 + i)
        }
        if let starts = tables.starts { for i in starts.indices { starts[i] = Int32(-100_000 - i) } }
        for i in tables.segmentEnds.indices { tables.segmentEnds[i] = Int32(200_000 + i) }
    }

    static func check(_ tables: ClusterTables, count: Int, glyphs: Bool, wideAt: Int? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let advances = tables.hasNarrowAdvances ? tables.narrowAdvances.map(Int32.init) : Array(tables.advances)
        #expect(advances == (0..<count).map { $0 == wideAt ? 40_000 : Int32(1000 + $0) }, sourceLocation: sourceLocation)
        #expect(Array(tables.flags) == (0..<count).map { UInt8(truncatingIfNeeded: 7 * $0 + 1) },
                sourceLocation: sourceLocation)
        if let starts = tables.starts {
            #expect(Array(starts) == (0...count).map { Int32(-100_000 - $0) }, sourceLocation: sourceLocation)
        }
        #expect(Array(tables.segmentEnds) == (0..<tables.segmentCapacity).map { Int32(200_000 + $0) },
                sourceLocation: sourceLocation)
        if glyphs {
            #expect(Array(tables.plainGlyphs) == (0..<count).map { UInt16(50_000 + $0) }, sourceLocation: sourceLocation)
        }
    }

    /// What the paragraphs of prepared texts read from their blocks, against the text
    /// itself: each cluster's start is the UTF-16 offset of a `Character` (Swift's grapheme
    /// clusters, UAX #29 as ICU's for these texts), white space flagged where the cluster is a
    /// space, a segment ending after each space and at the end (UAX #14's break after
    /// spaces: these texts have no other opportunity), plain glyphs kept where a run was measured from tables and dropped where every
    /// piece was shaped (Arabic in DejaVu Sans), and the second paragraph's starts counted
    /// in the whole text.
    @Test func paragraphsReadTheirColumns() {
        let engine = TestFonts.engine, font = TestFonts.inter17
        let texts = [
            "Plain text of one code unit a cluster",
            "e\u{301}te\u{301} 👍🏽 and 🇫🇷 flags\nsecond 👩‍👩‍👧 line é",
            "مرحبا بالعالم",
        ]
        for text in texts {
            let prepared = engine.prepare(text, font: font)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(prepared.paragraphs.count == lines.count)
            var offset = 0
            for (paragraph, line) in zip(prepared.paragraphs, lines) {
                var starts: [Int] = [], spaces: [Bool] = [], ends: [Int32] = []
                var unit = offset
                for character in line {
                    starts.append(unit)
                    spaces.append(character == " ")
                    if character == " " { ends.append(Int32(starts.count)) }
                    unit += character.utf16.count
                }
                ends.append(Int32(starts.count))
                #expect(Array(paragraph.segmentEnds) == ends, "\(line)")
                #expect(paragraph.clusterCount == starts.count, "\(line)")
                #expect((0...paragraph.clusterCount).map(paragraph.clusterStart) == starts + [unit], "\(line)")
                #expect((paragraph.clusterStarts == nil) == (line.utf16.count == line.count), "\(line)")
                #expect((0..<paragraph.clusterCount).map(paragraph.isWhiteSpace) == spaces, "\(line)")
                let plain = paragraph.pieces.contains { $0.glyphs == nil }
                #expect(paragraph.plainGlyphs.count == (plain ? paragraph.clusterCount : 0), "\(line)")
                offset = unit + 1
            }
        }
        // The Latin text's glyphs are its letters' in Inter: each cluster's, from the font's
        // cmap through HarfBuzz.
        let latin = engine.prepare("Hi", font: font).paragraphs[0]
        let cmap = "Hi".unicodeScalars.map { scalar in
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(font.face.unscaled, scalar.value, &glyph)
            return UInt16(glyph)
        }
        #expect(cmap.allSatisfy { $0 != 0 } && Array(latin.plainGlyphs) == cmap)
    }
}

/// glibc's `malloc_usable_size` (in malloc.h, which the Glibc module leaves out): the bytes
/// an allocation can hold, its size class less malloc's 8-byte header.
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int
