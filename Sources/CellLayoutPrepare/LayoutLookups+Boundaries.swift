import CHarfBuzz

/// What the lookups of a face can do across the boundary between two neighbouring clusters
/// shaped together (`PieceBoundaries`): every glyph a lookup's subtables name, and the lookups
/// that contextual subtables call.
extension LayoutLookups {
    /// Which subtables `mentionedGlyphs` reads.
    package enum Crossing {
        /// Every subtable: a glyph named by none is never substituted, nor matched by any rule.
        case every
        /// The GPOS subtables that may match two neighbouring non-mark glyphs: pair adjustments
        /// (but for the `pairwise` ones, when asked), cursive attachment, contexts. Single
        /// adjustments act on one glyph, and mark attachments look back from a mark to the
        /// nearest non-mark: neither reaches across a non-mark glyph.
        case positioning(pairwise: Bool)
    }

    /// `lookups` of `table` with every lookup their contextual subtables call, recursively.
    /// - Throws: `Unsupported` for feature variations, unknown formats and tables cut short.
    package func withCalledLookups(in table: hb_tag_t, _ lookups: Set<UInt32>) throws -> Set<UInt32> {
        var all = lookups, pending = Array(lookups)
        while let index = pending.popLast() {
            try forEachSubtable(in: table, lookups: [index]) { b, type, _, at in
                for called in try calledLookups(b, at, type: type, isGPOS: table == Self.tag("GPOS"))
                where all.insert(called).inserted {
                    pending.append(called)
                }
            }
        }
        return all
    }

    /// Every glyph the subtables of `lookups` of `table` that `crossing` selects name — in a
    /// coverage, a class definition (class 0 aside), a ligature's components, a rule's
    /// sequences, a pair set — or nil when a rule matches any glyph (a class rule that
    /// uses class 0 past its first glyph, a class pair adjustment's second class 0).
    /// - Throws: `Unsupported` for lookups that may skip base glyphs or ligatures (flags 0x2,
    ///   0x4: the glyphs they match need not be neighbours) and as `withCalledLookups`.
    package func mentionedGlyphs(in table: hb_tag_t, lookups: Set<UInt32>, _ crossing: Crossing) throws -> GlyphSet? {
        var glyphs = GlyphSet(), any = false
        try forEachSubtable(in: table, lookups: lookups) { b, type, flags, at in
            guard flags & 0x0006 == 0 else { throw Unsupported() }
            if case .positioning(let pairwise) = crossing {
                guard type == 2 || type == 3 || type == 7 || type == 8 else { return }
                if type == 2, !pairwise, try Self.subtableIsPairwise(b, at, flags: flags) { return }
            }
            let isGPOS = table == Self.tag("GPOS")
            if try !mentions(b, at, type: type, isGPOS: isGPOS, into: &glyphs) { any = true }
        }
        return any ? nil : glyphs
    }

    /// Every glyph the GSUB `lookups` may replace: the coverage of single, multiple, alternate
    /// and reverse chaining substitutions, a ligature's components. Contextual subtables
    /// replace only through the lookups they call (to be in `lookups`); the glyphs their
    /// rules only match (backtrack, lookahead) are not replaced.
    /// - Throws: as `mentionedGlyphs`.
    package func replaceableGlyphs(in table: hb_tag_t, lookups: Set<UInt32>) throws -> GlyphSet {
        var glyphs = GlyphSet()
        try forEachSubtable(in: table, lookups: lookups) { b, type, flags, at in
            guard flags & 0x0006 == 0 else { throw Unsupported() }
            switch type {
            case 5, 6:
                return
            case 1, 2, 3, 4:
                _ = try mentions(b, at, type: type, isGPOS: false, into: &glyphs)
            case 8:
                for (glyph, _) in try b.coverageGlyphs(at + Int(try b.u16(at + 2))) { glyphs.insert(glyph) }
            default:
                throw Unsupported()
            }
        }
        return glyphs
    }

    /// Whether the GSUB `lookups` turn a mark only ever into marks (`isMark`: the face's
    /// GDEF class): every single, multiple, alternate or reverse chaining substitution of a
    /// mark outputs marks only, and every ligature whose first component is a mark is a mark.
    /// Contextual subtables substitute only through the lookups they call (to be in `lookups`).
    /// - Throws: as `withCalledLookups`.
    package func substitutesMarksByMarks(in table: hb_tag_t, lookups: Set<UInt32>,
                                         isMark: (UInt32) -> Bool) throws -> Bool {
        var kept = true
        try forEachSubtable(in: table, lookups: lookups) { b, type, _, at in
            guard kept, type != 5, type != 6 else { return }
            // Each covered mark with the glyphs it may become.
            func outputs(_ body: (_ index: Int) throws -> [UInt32]) throws {
                for (glyph, index) in try b.coverageGlyphs(at + Int(try b.u16(at + 2))) where isMark(glyph) {
                    if try !body(index).allSatisfy(isMark) { kept = false; return }
                }
            }
            // The glyphs of the list at `list` (a count, then glyph ids).
            func glyphs(_ list: Int) throws -> [UInt32] {
                try (0..<Int(try b.u16(list))).map { UInt32(try b.u16(list + 2 + 2 * $0)) }
            }
            // The offset (from the subtable) at `index` of the list of offsets counted at `countAt`.
            func listed(_ countAt: Int, _ index: Int) throws -> Int {
                guard index < Int(try b.u16(countAt)) else { throw Unsupported() }
                return at + Int(try b.u16(countAt + 2 + 2 * index))
            }
            switch (type, try b.u16(at)) {
            case (1, 1):
                let delta = UInt32(try b.u16(at + 4))
                for (glyph, _) in try b.coverageGlyphs(at + Int(try b.u16(at + 2))) where isMark(glyph) {
                    if !isMark((glyph + delta) & 0xFFFF) { kept = false; return }
                }
            case (1, 2):
                try outputs { [UInt32(try b.u16(at + 6 + 2 * $0))] }
            case (2, 1), (3, 1):
                try outputs { try glyphs(try listed(at + 4, $0)) }
            case (4, 1):
                try outputs { index in
                    let set = try listed(at + 4, index)
                    return try (0..<Int(try b.u16(set))).map { UInt32(try b.u16(set + Int(try b.u16(set + 2 + 2 * $0)))) }
                }
            case (8, 1):
                let backtrack = Int(try b.u16(at + 4))
                let lookahead = at + 6 + 2 * backtrack
                let substitutes = lookahead + 2 + 2 * Int(try b.u16(lookahead))
                try outputs { [UInt32(try b.u16(substitutes + 2 + 2 * $0))] }
            default:
                throw Unsupported()
            }
        }
        return kept
    }

    /// Whether no GPOS subtable that may act between two neighbours (`Crossing.positioning`,
    /// the pairwise adjustments included) in a lookup that does not skip marks (flag 0x8)
    /// names a mark (`isMark`): then a mark that ends the left cluster is skipped by every
    /// such lookup that could reach the right cluster, or named by none, and the glyph that
    /// meets the right cluster is the left cluster's base.
    /// - Throws: as `mentionedGlyphs`.
    package func skipsOrIgnoresMarks(in table: hb_tag_t, lookups: Set<UInt32>,
                                     isMark: (UInt32) -> Bool) throws -> Bool {
        var ignored = true
        try forEachSubtable(in: table, lookups: lookups) { b, type, flags, at in
            guard ignored, flags & 0x0008 == 0, type == 2 || type == 3 || type == 7 || type == 8 else { return }
            var named = GlyphSet()
            if try !mentions(b, at, type: type, isGPOS: true, into: &named) || named.contains(where: isMark) {
                ignored = false
            }
        }
        return ignored
    }

    /// Calls `body` with the table's bytes, each subtable's real type (extensions resolved),
    /// its lookup's flags and its offset, for `lookups` (indexes past the list and null
    /// offsets skipped, as HarfBuzz skips them).
    private func forEachSubtable(in table: hb_tag_t, lookups: Set<UInt32>,
                                 _ body: (Bytes, UInt16, UInt16, Int) throws -> Void) throws {
        let blob = hb_face_reference_table(face, table)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 10 else {
            if lookups.isEmpty { return }
            throw Unsupported()
        }
        let b = Bytes(base: UnsafeRawPointer(data), count: Int(length))
        if try b.u16(2) >= 1, length >= 14, try b.u32(10) != 0 { throw Unsupported() }
        let extensionType: UInt16 = table == Self.tag("GPOS") ? 9 : 7
        let lookupList = Int(try b.u16(8))
        let lookupCount = Int(try b.u16(lookupList))
        for index in lookups.sorted() where Int(index) < lookupCount {
            let lookupOffset = Int(try b.u16(lookupList + 2 + 2 * Int(index)))
            guard lookupOffset != 0 else { continue }
            let lookup = lookupList + lookupOffset
            let type = try b.u16(lookup), flags = try b.u16(lookup + 2)
            for s in 0..<Int(try b.u16(lookup + 4)) {
                let subtableOffset = Int(try b.u16(lookup + 6 + 2 * s))
                guard subtableOffset != 0 else { continue }
                var at = lookup + subtableOffset
                var kind = type
                if kind == extensionType {
                    kind = try b.u16(at + 2)
                    let extensionOffset = Int(try b.u32(at + 4))
                    guard extensionOffset != 0 else { continue }
                    at += extensionOffset
                }
                try body(b, kind, flags, at)
            }
        }
    }

    /// Whether a pair adjustment subtable changes only the first glyph's advance, between
    /// glyphs that are neighbours (as `PairKerning` reads it): a lookup that skips base
    /// glyphs or ligatures (flags 0x2, 0x4) may pair glyphs that are not neighbours.
    static func subtableIsPairwise(_ b: Bytes, _ at: Int, flags: UInt16) throws -> Bool {
        let valueFormat1 = try b.u16(at + 4), valueFormat2 = try b.u16(at + 6)
        return valueFormat2 == 0 && valueFormat1 & ~0x0044 == 0 && flags & 0x0006 == 0
    }

    /// Adds the glyphs the subtable at `at` names to `glyphs`; false when it matches any glyph.
    private func mentions(_ b: Bytes, _ at: Int, type: UInt16, isGPOS: Bool, into glyphs: inout GlyphSet) throws -> Bool {
        func cover(_ offset: Int) throws {
            guard offset != at else { return }  // a null offset: no coverage
            for (glyph, _) in try b.coverageGlyphs(offset) { glyphs.insert(glyph) }
        }
        func classes(_ offset: Int?) throws {
            for (glyph, values) in try b.classMap(offset) where values.contains(where: { $0 != 0 }) { glyphs.insert(glyph) }
        }
        let format = try b.u16(at)
        switch (isGPOS, type) {
        case (false, 1), (false, 2), (false, 3), (true, 1), (true, 3):
            try cover(at + Int(try b.u16(at + 2)))
        case (true, 4), (true, 5), (true, 6):
            try cover(at + Int(try b.u16(at + 2)))
            try cover(at + Int(try b.u16(at + 4)))
        case (false, 4):
            try cover(at + Int(try b.u16(at + 2)))
            for set in try offsets(b, at, countAt: at + 4) {
                for ligature in try offsets(b, set, countAt: set) {
                    let components = Int(try b.u16(ligature + 2))
                    for c in 0..<max(0, components - 1) { glyphs.insert(UInt32(try b.u16(ligature + 4 + 2 * c))) }
                }
            }
        case (true, 2):
            try cover(at + Int(try b.u16(at + 2)))
            if format == 1 {
                let recordSize = 2 * (try b.u16(at + 4)).nonzeroBitCount + 2 * (try b.u16(at + 6)).nonzeroBitCount
                for set in try offsets(b, at, countAt: at + 8) {
                    for i in 0..<Int(try b.u16(set)) { glyphs.insert(UInt32(try b.u16(set + 2 + i * (2 + recordSize)))) }
                }
            } else if format == 2 {
                return false  // a glyph no class lists is class 0: any glyph may be the second
            } else {
                throw Unsupported()
            }
        case (false, 5), (true, 7), (false, 6), (true, 8):
            let chained = type == 6 || type == 8
            switch format {
            case 1:
                try cover(at + Int(try b.u16(at + 2)))
                for set in try offsets(b, at, countAt: at + 4) {
                    for rule in try offsets(b, set, countAt: set) {
                        for sequence in try ruleSequences(b, rule, chained: chained).sequences {
                            for glyph in sequence { glyphs.insert(glyph) }
                        }
                    }
                }
            case 2:
                try cover(at + Int(try b.u16(at + 2)))
                for field in chained ? [4, 6, 8] : [4] {
                    let offset = Int(try b.u16(at + field))
                    try classes(offset == 0 ? nil : at + offset)
                }
                for set in try offsets(b, at, countAt: at + (chained ? 10 : 6)) {
                    for rule in try offsets(b, set, countAt: set) {
                        if try ruleSequences(b, rule, chained: chained).sequences.joined().contains(0) { return false }
                    }
                }
            case 3:
                for coverage in try formatThree(b, at, chained: chained).coverages { try cover(coverage) }
            default:
                throw Unsupported()
            }
        case (false, 8):
            try cover(at + Int(try b.u16(at + 2)))
            let backtrack = Int(try b.u16(at + 4))
            for i in 0..<backtrack { try cover(at + Int(try b.u16(at + 6 + 2 * i))) }
            let lookaheadAt = at + 6 + 2 * backtrack
            for i in 0..<Int(try b.u16(lookaheadAt)) { try cover(at + Int(try b.u16(lookaheadAt + 2 + 2 * i))) }
        default:
            throw Unsupported()
        }
        return true
    }

    /// The lookups a contextual subtable calls (none for other types).
    private func calledLookups(_ b: Bytes, _ at: Int, type: UInt16, isGPOS: Bool) throws -> [UInt32] {
        guard isGPOS ? type == 7 || type == 8 : type == 5 || type == 6 else { return [] }
        let chained = type == 6 || type == 8
        switch try b.u16(at) {
        case 1, 2:
            let format = try b.u16(at)
            let countAt = at + (format == 1 ? 4 : (chained ? 10 : 6))
            var called: [UInt32] = []
            for set in try offsets(b, at, countAt: countAt) {
                for rule in try offsets(b, set, countAt: set) { called += try ruleSequences(b, rule, chained: chained).lookups }
            }
            return called
        case 3:
            return try formatThree(b, at, chained: chained).lookups
        default:
            throw Unsupported()
        }
    }

    /// The non-null offsets (from `base`) of the list whose count is at `countAt`.
    private func offsets(_ b: Bytes, _ base: Int, countAt: Int) throws -> [Int] {
        try (0..<Int(try b.u16(countAt))).compactMap { i in
            let offset = Int(try b.u16(countAt + 2 + 2 * i))
            return offset == 0 ? nil : base + offset
        }
    }

    /// A format 1 or 2 rule's sequences past its first glyph ([input], or [backtrack, input,
    /// lookahead] chained: glyphs or classes) and the lookups its records call.
    private func ruleSequences(_ b: Bytes, _ rule: Int, chained: Bool) throws -> (sequences: [[UInt32]], lookups: [UInt32]) {
        var sequences: [[UInt32]] = []
        var p = rule
        if chained {
            for k in 0..<3 {
                let n = Int(try b.u16(p)), listed = k == 1 ? max(0, n - 1) : n
                sequences.append(try (0..<listed).map { UInt32(try b.u16(p + 2 + 2 * $0)) })
                p += 2 + 2 * listed
            }
        } else {
            let n = Int(try b.u16(p)), records = Int(try b.u16(p + 2))
            sequences.append(try (0..<max(0, n - 1)).map { UInt32(try b.u16(p + 4 + 2 * $0)) })
            p += 4 + 2 * max(0, n - 1)
            return (sequences, try (0..<records).map { UInt32(try b.u16(p + 4 * $0 + 2)) })
        }
        let records = Int(try b.u16(p))
        return (sequences, try (0..<records).map { UInt32(try b.u16(p + 2 + 4 * $0 + 2)) })
    }

    /// A format 3 subtable's coverages (all sequences) and the lookups its records call.
    private func formatThree(_ b: Bytes, _ at: Int, chained: Bool) throws -> (coverages: [Int], lookups: [UInt32]) {
        var coverages: [Int] = []
        var p = at + 2
        if chained {
            for _ in 0..<3 {
                let n = Int(try b.u16(p))
                coverages += try (0..<n).map { at + Int(try b.u16(p + 2 + 2 * $0)) }
                p += 2 + 2 * n
            }
            let records = Int(try b.u16(p))
            return (coverages, try (0..<records).map { UInt32(try b.u16(p + 2 + 4 * $0 + 2)) })
        }
        let n = Int(try b.u16(p)), records = Int(try b.u16(p + 2))
        coverages = try (0..<n).map { at + Int(try b.u16(p + 4 + 2 * $0)) }
        p += 4 + 2 * n
        return (coverages, try (0..<records).map { UInt32(try b.u16(p + 4 * $0 + 2)) })
    }
}
