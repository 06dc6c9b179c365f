import CHarfBuzz

/// What a face's OpenType layout tables (GSUB, GPOS) can do to text made of a given set
/// of glyphs: the static analysis behind plain shaping (`PlainShaping`).
///
/// HarfBuzz picks the lookups; this reads each one's subtables (types, coverage tables,
/// rule sequences) to find the glyphs at which it could start to act on text whose glyphs
/// all come from a candidate set. A lookup acts at a glyph only when the glyph is in its
/// first coverage *and* the rest of some rule (ligature components, context, marks) can
/// be matched; a rule that needs a glyph outside the candidate set can never match. The
/// answer is conservative: when in doubt, a glyph is reported.
package struct LayoutLookups {
    /// The features HarfBuzz applies to every horizontal left-to-right run (`rvrn`,
    /// `ltra`, `ltrm`, `rand`, the common and the horizontal features). `frac`, `numr` and
    /// `dnom` are left out: HarfBuzz applies them only around U+2044 FRACTION SLASH, which
    /// plain text never holds.
    static let defaultFeatures: Set<String> = [
        "rvrn", "ltra", "ltrm", "rand", "trak", "Harf", "HARF", "Buzz", "BUZZ",
        "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig",
        "calt", "clig", "curs", "dist", "kern", "liga", "rclt",
    ]

    /// Why a face cannot be analysed: plain shaping is then off for it.
    package struct Unsupported: Error {}

    let face: OpaquePointer
    /// One bit per glyph id: the glyphs plain text may hold.
    private let candidates: [UInt64]

    package init(face: OpaquePointer, candidates: [UInt64]) {
        self.face = face
        self.candidates = candidates
    }

    /// The lookup indexes of `table` ("GSUB" or "GPOS") that HarfBuzz applies to text of
    /// `script` in `language` (nil: none set): the script HarfBuzz selects (falling back
    /// to DFLT, dflt, latn as it does), the language system it selects for the language
    /// (else the default one), its required feature and the default features (and those
    /// named in `also`).
    package func lookups(in table: hb_tag_t, script: hb_script_t, language: hb_language_t? = nil,
                         also: Set<String> = []) -> Set<UInt32> {
        var lookups = Set<UInt32>()
        for (feature, _) in features(in: table, script: script, language: language, also: also) {
            let n = hb_ot_layout_feature_get_lookups(face, table, feature, 0, nil, nil)
            var got = n
            var list = [UInt32](repeating: 0, count: Int(n))
            hb_ot_layout_feature_get_lookups(face, table, feature, 0, &got, &list)
            lookups.formUnion(list.prefix(Int(got)))
        }
        return lookups
    }

    /// Whether the face has tables the analyses refuse for text of `script` in `language`:
    /// AAT tables (HarfBuzz would shape with them), or a legacy kern table HarfBuzz would use
    /// (GPOS has no kern feature for the script).
    func hasTablesRefused(script: hb_script_t, language: hb_language_t?) -> Bool {
        func has(_ table: String) -> Bool {
            let blob = hb_face_reference_table(face, Self.tag(table))
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
        if has("morx") || has("mort") || has("kerx") || has("trak") { return true }
        return has("kern") && !hasFeature("kern", in: Self.tag("GPOS"), script: script, language: language)
    }

    /// Whether HarfBuzz finds feature `tag` in `table` for text of `script` (in the
    /// language system it selects, as it decides, e.g., whether GPOS kerns).
    func hasFeature(_ tag: String, in table: hb_tag_t, script: hb_script_t, language: hb_language_t? = nil) -> Bool {
        features(in: table, script: script, language: language).contains { $0.tag == Self.tag(tag) }
    }

    /// The feature indexes and tags of `table` that HarfBuzz applies to text of `script`
    /// in `language`: the required feature and the default features of the language
    /// system HarfBuzz selects (the language's, else the default one) in the script it
    /// selects.
    private func features(in table: hb_tag_t, script: hb_script_t, language: hb_language_t? = nil,
                          also: Set<String> = []) -> [(index: UInt32, tag: hb_tag_t)] {
        var tagCount: UInt32 = 8, languageCount: UInt32 = 8
        var scriptTags = [hb_tag_t](repeating: 0, count: 8)
        var languageTags = [hb_tag_t](repeating: 0, count: 8)
        hb_ot_tags_from_script_and_language(script, language, &tagCount, &scriptTags, &languageCount, &languageTags)
        if language == nil { languageCount = 0 }
        var scriptIndex: UInt32 = 0
        var chosen: hb_tag_t = 0
        hb_ot_layout_table_select_script(face, table, tagCount, &scriptTags, &scriptIndex, &chosen)
        guard scriptIndex != UInt32(HB_OT_LAYOUT_NO_SCRIPT_INDEX) else { return [] }
        var languageIndex: UInt32 = 0
        hb_ot_layout_script_select_language(face, table, scriptIndex, languageCount, &languageTags, &languageIndex)

        var features: [(index: UInt32, tag: hb_tag_t)] = []
        var required: UInt32 = 0, requiredTag: hb_tag_t = 0
        if hb_ot_layout_language_get_required_feature(face, table, scriptIndex, languageIndex, &required, &requiredTag) != 0 {
            features.append((required, requiredTag))
        }
        let total = hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, languageIndex, 0, nil, nil)
        var count = total
        var indexes = [UInt32](repeating: 0, count: Int(total))
        var tags = [hb_tag_t](repeating: 0, count: Int(total))
        hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, languageIndex, 0, &count, &indexes)
        count = total
        hb_ot_layout_language_get_feature_tags(face, table, scriptIndex, languageIndex, 0, &count, &tags)
        for (index, tag) in zip(indexes, tags)
        where Self.defaultFeatures.contains(Self.string(tag)) || also.contains(Self.string(tag)) {
            features.append((index, tag))
        }
        return features
    }

    /// The candidate glyphs at which one of `lookups` of `table` could act on text of
    /// candidate glyphs, pairwise kerning aside: a GPOS pair adjustment that only moves the
    /// first glyph's advance is not reported, since it depends on nothing but the pair —
    /// unless the glyph is in the coverage of pairwise adjustments of two or more lookups.
    /// So a plain glyph's kerning comes from one value record: HarfBuzz scales each
    /// record to the font size on its own, and one value in font units, kept per face,
    /// scales the same way (`PlainFace`).
    /// - Throws: `Unsupported` for feature variations and for subtable types or formats
    ///   this reader does not know.
    /// - Parameter pairwiseActs: whether pairwise kerning counts as acting too (for a
    ///   glyph whose kerning must be nil, such as .notdef's in `PlainFace.notdefIsPlain`).
    func actingGlyphs(in table: hb_tag_t, lookups: Set<UInt32>, pairwiseActs: Bool = false) throws -> GlyphSet {
        let blob = hb_face_reference_table(face, table)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 10 else {
            if lookups.isEmpty { return [] }
            throw Unsupported()
        }
        let bytes = Bytes(base: UnsafeRawPointer(data), count: Int(length))
        // Version 1.1 tables may swap lookups by variation coordinates.
        if try bytes.u16(2) >= 1, length >= 14, try bytes.u32(10) != 0 { throw Unsupported() }
        let isGPOS = table == Self.tag("GPOS")
        let lookupList = Int(try bytes.u16(8))
        let lookupCount = Int(try bytes.u16(lookupList))
        var acting = GlyphSet()
        // Glyphs some lookup's pairwise adjustments cover, and those two lookups cover.
        var paired = GlyphSet(), pairedTwice = GlyphSet()
        // Indexes past the list and null offsets are skipped, as HarfBuzz skips them.
        for index in lookups.sorted() where Int(index) < lookupCount {
            let lookupOffset = Int(try bytes.u16(lookupList + 2 + 2 * Int(index)))
            guard lookupOffset != 0 else { continue }
            let lookup = lookupList + lookupOffset
            let type = try bytes.u16(lookup)
            let flags = try bytes.u16(lookup + 2)
            let subtableCount = Int(try bytes.u16(lookup + 4))
            var lookupPaired = GlyphSet()
            defer {
                pairedTwice.formUnion(paired.intersection(lookupPaired))
                paired.formUnion(lookupPaired)
            }
            for s in 0..<subtableCount {
                let subtableOffset = Int(try bytes.u16(lookup + 6 + 2 * s))
                guard subtableOffset != 0 else { continue }
                var subtable = lookup + subtableOffset
                var kind = type
                if kind == (isGPOS ? 9 : 7) {  // Extension: the real type and an offset32
                    kind = try bytes.u16(subtable + 2)
                    let extensionOffset = Int(try bytes.u32(subtable + 4))
                    guard extensionOffset != 0 else { continue }
                    subtable += extensionOffset
                }
                if isGPOS, kind == 2, !pairwiseActs, try Self.subtableIsPairwise(bytes, subtable, flags: flags) {
                    lookupPaired.formUnion(try covered(bytes, subtable + Int(try bytes.u16(subtable + 2))))
                } else {
                    acting.formUnion(try startGlyphs(bytes, subtable, type: kind, flags: flags, isGPOS: isGPOS))
                }
            }
        }
        return acting.union(pairedTwice)
    }

    /// Every lookup of `table`, whichever feature, script or language selects it.
    func allLookups(in table: hb_tag_t) -> Set<UInt32> {
        Set(0..<hb_ot_layout_table_get_lookup_count(face, table))
    }

    /// The candidate glyphs at which one subtable (of a lookup with `flags`) could start
    /// to act.
    private func startGlyphs(_ b: Bytes, _ at: Int, type: UInt16, flags: UInt16, isGPOS: Bool) throws -> GlyphSet {
        let format = try b.u16(at)
        switch (isGPOS, type) {
        case (false, 1), (false, 2), (false, 3), (true, 1), (true, 3), (true, 4), (true, 5), (true, 6):
            // Single, multiple, alternate substitution; single, cursive, mark positioning:
            // act wherever the (mark) coverage holds a candidate.
            return try covered(b, at + Int(try b.u16(at + 2)))
        case (true, 2):
            // Pair adjustment that is not pairwise (`subtableIsPairwise`): it acts at its coverage.
            return try covered(b, at + Int(try b.u16(at + 2)))
        case (false, 4):
            return try ligatureStarts(b, at)
        case (false, 5), (true, 7):
            return try contextStarts(b, at, format: format, chained: false)
        case (false, 6), (true, 8):
            return try contextStarts(b, at, format: format, chained: true)
        case (false, 8):
            // Reverse chaining single substitution: coverage, backtrack and lookahead coverages.
            var coverages = [at + Int(try b.u16(at + 2))]
            let backtrack = Int(try b.u16(at + 4))
            for i in 0..<backtrack { coverages.append(at + Int(try b.u16(at + 6 + 2 * i))) }
            let lookaheadAt = at + 6 + 2 * backtrack
            for i in 0..<Int(try b.u16(lookaheadAt)) { coverages.append(at + Int(try b.u16(lookaheadAt + 2 + 2 * i))) }
            for coverage in coverages.dropFirst() where try !coversCandidate(b, coverage) { return [] }
            return try covered(b, coverages[0])
        default:
            throw Unsupported()
        }
    }

    /// Ligature substitution: the first glyphs that have a ligature whose components are
    /// all candidates.
    private func ligatureStarts(_ b: Bytes, _ at: Int) throws -> GlyphSet {
        let firsts = try b.coverageGlyphs(at + Int(try b.u16(at + 2)))
        let setCount = Int(try b.u16(at + 4))
        var starts = GlyphSet()
        for (first, i) in firsts where isCandidate(first) && i < setCount {
            let setOffset = Int(try b.u16(at + 6 + 2 * i))
            guard setOffset != 0 else { continue }
            let set = at + setOffset
            for l in 0..<Int(try b.u16(set)) {
                let ligature = set + Int(try b.u16(set + 2 + 2 * l))
                let components = Int(try b.u16(ligature + 2))
                if try (0..<max(0, components - 1)).allSatisfy({ isCandidate(UInt32(try b.u16(ligature + 4 + 2 * $0))) }) {
                    starts.insert(first)
                    break
                }
            }
        }
        return starts
    }

    /// Contextual and chained contextual lookups, formats 1 (glyph rules), 2 (class rules)
    /// and 3 (coverage sequences): the first glyphs of rules whose every other position
    /// can be a candidate.
    private func contextStarts(_ b: Bytes, _ at: Int, format: UInt16, chained: Bool) throws -> GlyphSet {
        switch format {
        case 1:
            let firsts = try b.coverageGlyphs(at + Int(try b.u16(at + 2)))
            let setCount = Int(try b.u16(at + 4))
            var starts = GlyphSet()
            for (first, i) in firsts where isCandidate(first) && i < setCount {
                let set = at + Int(try b.u16(at + 6 + 2 * i))
                guard set != at else { continue }
                if try rules(b, set).contains(where: { rule in
                    try sequences(b, rule, chained: chained).allSatisfy { $0.allSatisfy(isCandidate) }
                }) { starts.insert(first) }
            }
            return starts
        case 2:
            let coverage = at + Int(try b.u16(at + 2))
            // A null class definition offset (an unused backtrack or lookahead) is nil: all class 0.
            let classDefs: [Int?] = try (chained ? [4, 6, 8] : [4]).map { field in
                let offset = Int(try b.u16(at + field))
                return offset == 0 ? nil : at + offset
            }
            let setCount = Int(try b.u16(at + (chained ? 10 : 6)))
            let setsAt = at + (chained ? 12 : 8)
            // Which classes of each class definition have a candidate member (class 0, the
            // glyphs listed nowhere, is assumed to).
            let live = try classDefs.map { try candidateClasses(b, $0) }
            let inputClasses = try b.classMap(classDefs[chained ? 1 : 0])
            var starts = GlyphSet()
            for (first, _) in try b.coverageGlyphs(coverage) where isCandidate(first) {
                // Every class a (malformed, overlapping) definition gives the glyph.
                for cls in (inputClasses[first] ?? [0]).map(Int.init) where cls < setCount {
                    let setOffset = Int(try b.u16(setsAt + 2 * cls))
                    guard setOffset != 0 else { continue }
                    if try rules(b, at + setOffset).contains(where: { rule in
                        let seqs = try sequences(b, rule, chained: chained)
                        // chained: backtrack, input, lookahead; plain: input
                        return seqs.enumerated().allSatisfy { k, seq in
                            let defs = live[chained ? k : 0]
                            return seq.allSatisfy { $0 == 0 || defs.contains($0) }
                        }
                    }) { starts.insert(first) }
                }
            }
            return starts
        case 3:
            var coverages: [[Int]] = []  // chained: backtrack, input, lookahead; plain: input
            if chained {
                var p = at + 2
                for _ in 0..<3 {
                    let n = Int(try b.u16(p))
                    coverages.append(try (0..<n).map { at + Int(try b.u16(p + 2 + 2 * $0)) })
                    p += 2 + 2 * n
                }
            } else {
                let n = Int(try b.u16(at + 2))
                coverages.append(try (0..<n).map { at + Int(try b.u16(at + 6 + 2 * $0)) })
            }
            let input = coverages[chained ? 1 : 0]
            guard let first = input.first else { return [] }
            for coverage in coverages.joined() where try !coversCandidate(b, coverage) { return [] }
            return try covered(b, first)
        default:
            throw Unsupported()
        }
    }

    /// The rule offsets of a rule set.
    private func rules(_ b: Bytes, _ set: Int) throws -> [Int] {
        try (0..<Int(try b.u16(set))).map { set + Int(try b.u16(set + 2 + 2 * $0)) }
    }

    /// A rule's sequences past its first glyph: [input] for a context rule, [backtrack,
    /// input, lookahead] for a chained one (glyph ids or class values).
    private func sequences(_ b: Bytes, _ rule: Int, chained: Bool) throws -> [[UInt32]] {
        if !chained {
            let count = Int(try b.u16(rule))
            return [try (0..<max(0, count - 1)).map { UInt32(try b.u16(rule + 4 + 2 * $0)) }]
        }
        var p = rule
        var result: [[UInt32]] = []
        for k in 0..<3 {
            var n = Int(try b.u16(p))
            if k == 1 { n = max(0, n - 1) }  // the input count includes the first glyph
            result.append(try (0..<n).map { UInt32(try b.u16(p + 2 + 2 * $0)) })
            p += 2 + 2 * n
        }
        return result
    }

    private func isCandidate(_ glyph: UInt32) -> Bool {
        let word = Int(glyph >> 6)
        return word < candidates.count && candidates[word] & (1 << UInt64(glyph & 63)) != 0
    }

    /// The candidate glyphs of a coverage table (read in place: listing every glyph of a
    /// coverage first, for every coverage of every context rule, was a third of what a new
    /// engine spent analysing Inter before its first text).
    private func covered(_ b: Bytes, _ at: Int) throws -> GlyphSet {
        var glyphs = GlyphSet()
        _ = try b.coveredGlyphs(at) { glyph in
            if isCandidate(glyph) { glyphs.insert(glyph) }
            return true
        }
        return glyphs
    }

    /// Whether a coverage table covers a candidate glyph: read up to the first one.
    private func coversCandidate(_ b: Bytes, _ at: Int) throws -> Bool {
        try !b.coveredGlyphs(at) { !isCandidate($0) }
    }

    /// The classes of a class definition that have at least one candidate member.
    private func candidateClasses(_ b: Bytes, _ at: Int?) throws -> Set<UInt32> {
        Set(try b.classMap(at).filter { isCandidate($0.key) }.flatMap { $0.value.map(UInt32.init) })
    }

    package static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) }
    }

    private static func string(_ tag: hb_tag_t) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
    }
}
