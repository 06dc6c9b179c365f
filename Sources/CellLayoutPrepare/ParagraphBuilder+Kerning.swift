import CHarfBuzz
import CellLayoutCore
import CellLayoutFontLibrary

/// Kerning across pieces: what HarfBuzz puts between two clusters it shapes together and
/// shaping each piece alone leaves out.
extension ParagraphBuilder {
    /// Kerning across piece boundaries goes onto the left cluster's advance (as HarfBuzz
    /// puts it on the first glyph of the pair) and into the left piece's `kernAfter`.
    /// The pieces are taken out of `measures` for the pass and read and written through one
    /// buffer pointer: an array subscript per boundary checked the array's uniqueness (and
    /// `withUnsafeBufferPointer` per boundary retained it) on ~180 k boundaries per 10 k rows.
    func kernAcrossPieces(_ clusters: ParagraphClusters, _ base: UnsafePointer<UInt16>, offset: Int,
                          into measures: inout Measures) {
        guard measures.pieces.count > 1 else { return }
        var pieces: [ShapedPiece] = []
        swap(&pieces, &measures.pieces)
        defer { swap(&pieces, &measures.pieces) }
        let glyphs = measures.plainGlyphs, unitToCluster = clusters.unitToCluster, starts = clusters.starts
        pieces.withUnsafeMutableBufferPointer { pieces in
            for i in 1..<pieces.count {
                let boundary = pieces[i].utf16Start - offset
                let leftCluster = Int(unitToCluster[boundary - 1])
                let leftStart = Int(starts[leftCluster]) - offset
                let rightEnd = Int(starts[leftCluster + 2]) - offset
                let kern = kerning(between: UnsafeBufferPointer(pieces), i - 1, base: base,
                                   leftCluster: leftStart..<boundary, rightCluster: boundary..<rightEnd,
                                   glyphs: glyphs, clusters: leftCluster)
                measures.setKern(leftCluster, kern)
                if kern != 0 { measures.add(kern, to: leftCluster) }
                pieces[i - 1].kernAfter = kern
            }
        }
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
    /// passed as an argument is copied, which retains its shaped text.
    private func kerning(between pieces: UnsafeBufferPointer<ShapedPiece>, _ i: Int, base: UnsafePointer<UInt16>,
                         leftCluster: Range<Int>, rightCluster: Range<Int>, glyphs: Scratch<UInt16>?,
                         clusters c: Int) -> Int32 {
        let left = pieces.baseAddress! + i, right = left + 1
        guard ObjectIdentifier(left.pointee.font) == ObjectIdentifier(right.pointee.font),
              left.pointee.script == right.pointee.script, left.pointee.level == right.pointee.level else { return 0 }
        var nominal: Int64?, glyphPair: (UInt16, UInt16)?
        if left.pointee.shaped == nil, right.pointee.shaped == nil, leftCluster.count == 1, rightCluster.count == 1,
           PlainShaping.isNotdefCandidate(base[leftCluster.lowerBound]),
           PlainShaping.isNotdefCandidate(base[rightCluster.lowerBound]),
           let glyphs, glyphs[c] != 0, glyphs[c + 1] != 0 {
            nominal = Unmanaged.passUnretained(left.pointee.font.glyphAdvances)._withUnsafeGuaranteedRef {
                Int64($0.advance(glyphs[c])) + Int64($0.advance(glyphs[c + 1]))
            }
            glyphPair = (glyphs[c], glyphs[c + 1])
        }
        // The font passed unretained: the paragraph holds it, and a retain and release per
        // boundary of a font every thread shares is what two cores contend on.
        return Unmanaged.passUnretained(left.pointee.font)._withUnsafeGuaranteedRef { font in
            kerning(in: font, script: left.pointee.script, level: left.pointee.level, base: base,
                    leftCluster: leftCluster, rightCluster: rightCluster, nominal: nominal, ideographs: glyphPair)
        }
    }

    /// The kerning HarfBuzz applies between clusters `leftCluster` and `rightCluster`
    /// (neighbours) in `font`, `script` and bidi level `level`, as `kerning(between:…)`.
    /// `nominal`, when given, is the two clusters' widths shaped alone (known for plain
    /// glyphs: their nominal advances), which spares shaping them. `ideographs`, when given, are the
    /// two clusters' glyphs from the ideograph route (`IdeographFace`, plain in the font's
    /// face for the script and language): their kerning is read from the face's pair
    /// adjustments where they settle it. The memo's answers are read first from its
    /// lock-free front (`TextEngine.pairFront`).
    package func kerning(in font: Font, script: hb_script_t, level: UInt8, base: UnsafePointer<UInt16>,
                 leftCluster: Range<Int>, rightCluster: Range<Int>, nominal: Int64? = nil,
                 ideographs: (UInt16, UInt16)? = nil) -> Int32 {
        guard leftCluster.count <= 3, rightCluster.count <= 3 else { return 0 }
        func pack(_ range: Range<Int>) -> UInt64 {
            range.reduce(UInt64(range.count)) { ($0 << 16) | UInt64(base[$1]) }
        }
        let rtl = level & 1 == 1
        let shapingKey = language.shapingKey(script)
        let left = pack(leftCluster), right = pack(rightCluster)
        // The front first: it holds only answers the memo gave, so a pair found there is one
        // whose clusters the font draws (the memo is asked only then).
        let front = Self.frontKey(fontID: font.id, script: script, isRightToLeft: rtl, language: shapingKey,
                                  left: left, right: right)
        if let front, let known = withEngine({ $0.pairFront.value(for: front) }) {
            return Int32(bitPattern: known)
        }
        guard Self.draws(font, base, leftCluster), Self.draws(font, base, rightCluster) else { return 0 }
        let key = PairKey(fontID: font.id, script: script.rawValue, isRightToLeft: rtl, language: shapingKey,
                          left: left, right: right)
        // Locals only in the closure: one that reads a property of the builder copies it.
        // The Han orthography (a String) is read only on a miss. The engine borrowed
        // (`withEngine`), its memo and analyses unretained (it holds them): bound to names
        // the closures capture, the memo, the analyses and the engine every thread shares
        // were retained and released per pair.
        let slot = language
        return withEngine { engine in
            let memo = Unmanaged.passUnretained(engine.pairMemo)
            let analyses = Unmanaged.passUnretained(engine.faceAnalyses)
            // The font too, captured unretained and borrowed inside (the paragraph holds it).
            let fontReference = Unmanaged.passUnretained(font)
            let kern = memo._withUnsafeGuaranteedRef { $0.value(for: key) { fontReference._withUnsafeGuaranteedRef { font in
                let shapingLanguage = Shaper.language(for: script, preferred: slot.han)
                // Two plain CJK glyphs (kana pairs, most of those met): their pair adjustment.
                if let (l, r) = ideographs, font.usesFaceTables,
                   let face = analyses._withUnsafeGuaranteedRef({
                       $0.ideographFace(of: font.face, script: script, language: shapingLanguage)
                   }),
                   let kern = face.kerning(l, r, in: font) {
                    return kern
                }
                // First a proof from the face's tables that the pair does not kern, which spares
                // shaping it (most pairs of Thai, Hangul and kana clusters).
                if !rtl, !font.hasVariations,
                   let boundaries = analyses._withUnsafeGuaranteedRef({
                       $0.pieceBoundaries(of: font.face, script: script, language: shapingLanguage)
                   }),
                   boundaries.provesNoKerning(
                       UnsafeBufferPointer(start: base + leftCluster.lowerBound, count: leftCluster.count),
                       UnsafeBufferPointer(start: base + rightCluster.lowerBound, count: rightCluster.count)) {
                    return 0
                }
                func width(_ units: UnsafeBufferPointer<UInt16>) -> Int64 {
                    Shaper.width(units, font: font, script: script, isRightToLeft: rtl, language: shapingLanguage)
                }
                // A cluster's width alone, memoized under the pair key with no right cluster
                // (a packed cluster is never 0): a cluster meets many neighbours, so most pairs
                // met for the first time shape the pair alone, not the pair and both halves.
                func alone(_ packed: UInt64, _ units: UnsafeBufferPointer<UInt16>) -> Int64 {
                    let aloneKey = PairKey(fontID: font.id, script: script.rawValue, isRightToLeft: rtl,
                                           language: shapingKey, left: packed, right: 0)
                    let memoized = memo._withUnsafeGuaranteedRef { $0.value(for: aloneKey) { Int32(clamping: width(units)) } }
                    // A width Int32 does not hold (a font's lie) is not memoized but measured.
                    return memoized == .max || memoized == .min ? width(units) : Int64(memoized)
                }
                // The pair's code units side by side on the stack (the clusters are neighbours,
                // at most three units each): no arrays built per pair met for the first time.
                return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 6) { units in
                    let l = leftCluster.count, r = rightCluster.count
                    _ = units.initialize(from: UnsafeBufferPointer(start: base + leftCluster.lowerBound, count: l))
                    _ = UnsafeMutableBufferPointer(rebasing: units[l..<(l + r)])
                        .initialize(from: UnsafeBufferPointer(start: base + rightCluster.lowerBound, count: r))
                    let pair = UnsafeBufferPointer(units)
                    let widths = nominal ?? alone(left, UnsafeBufferPointer(rebasing: pair[0..<l]))
                        + alone(right, UnsafeBufferPointer(rebasing: pair[l..<(l + r)]))
                    // Clamped: a kerning past Int32 is a font's lie, not a trap.
                    return Int32(clamping: width(UnsafeBufferPointer(rebasing: pair[0..<(l + r)])) - widths)
                }
            } } }
            // Kept in the front only where the memo keeps answers (an engine without a memo
            // measures every pair).
            if let front, engine.pairMemo.maxEntries > 0 { engine.pairFront.remember(UInt32(bitPattern: kern), for: front) }
            return kern
        }
    }

    /// The key of a pair in the engine's `pairFront`: font id, script, direction and
    /// language in the first word, the packed clusters in the others (as `PairKey`); nil
    /// when a font id past 24 bits or a language key past 7 bits does not fit.
    @inline(__always)
    private static func frontKey(fontID: Int, script: hb_script_t, isRightToLeft: Bool, language: UInt8,
                                 left: UInt64, right: UInt64) -> LockFreeFront.Key? {
        guard fontID >= 0, fontID < 1 << 24, language < 1 << 7 else { return nil }
        let context = UInt64(fontID) << 40 | UInt64(script.rawValue) << 8 | (isRightToLeft ? 1 << 7 : 0)
            | UInt64(language)
        return (context, left, right)
    }

    /// Whether `font` has a glyph for the first character of the cluster at `range`.
    private static func draws(_ font: Font, _ base: UnsafePointer<UInt16>, _ range: Range<Int>) -> Bool {
        var iterator = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count).makeIterator()
        var decoder = UTF16()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        return Unmanaged.passUnretained(font.face)._withUnsafeGuaranteedRef { $0.covers(scalar) }
    }
}
