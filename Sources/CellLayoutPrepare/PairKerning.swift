import CHarfBuzz

/// The kerning between two plain glyphs (`PlainFace`) read from the pair adjustment
/// subtables of a face's GPOS, instead of shaping the pair: what HarfBuzz adds to the first
/// glyph's advance when the two are shaped together.
///
/// For plain glyphs the analysis proved that only pairwise adjustments act
/// (`LayoutLookups.actingGlyphs`: value format 1 of XAdvance and its device, no value
/// format 2, neighbours only), so the kerning of a pair is, for each lookup in order, the
/// first of its pair adjustment subtables that applies to the pair, as HarfBuzz applies
/// them: a glyph pair subtable (format 1) applies when the left glyph is covered and the
/// right one is listed in its pair set; a class pair subtable (format 2) when the left
/// glyph is covered and both classes are in range. One case HarfBuzz versions disagree
/// on — a class pair subtable where the right glyph is of class 0 (6.0 and later skip
/// the subtable; earlier ones apply the class 0 value) — and anything this reader does not
/// know (other formats, unsorted tables, device adjustments HarfBuzz would apply) is left
/// to shaping: `kern` returns nil.
package final class PairKerning: @unchecked Sendable {
    /// A pair adjustment subtable: where it starts, its format, its coverage and the
    /// byte offset of XAdvance in its first value record (nil: no XAdvance).
    private struct Subtable {
        let at: Int
        let format: UInt16
        let coverage: Int
        /// A class pair subtable's class definitions (nil: a null offset, every glyph in class 0).
        let classes1: Int?
        let classes2: Int?
        let recordSize: Int
        let xAdvance: Int?
        let hasDevice: Bool
        /// Whether it moves only the first glyph's advance, between neighbours
        /// (`LayoutLookups.isPairwise`); a plain glyph is never covered by one that is not.
        let pairwise: Bool
    }

    /// The GPOS table, held for the reader's lifetime.
    private let blob: OpaquePointer
    private let bytes: Bytes
    /// The pair adjustment subtables of each lookup, in lookup order.
    private let lookups: [[Subtable]]
    /// Whether HarfBuzz leaves device adjustments out in the face's unscaled font (no ppem,
    /// no variation coordinates).
    private let devicesIgnored: Bool

    /// The reader for `lookups` of the GPOS of `face` (the ones HarfBuzz applies to the
    /// plain text), with device adjustments as in `font` (the face's unscaled font); nil
    /// when its lookups cannot be read.
    package init?(face: OpaquePointer, font: OpaquePointer, lookups selected: Set<UInt32>) {
        let blob = hb_face_reference_table(face, LayoutLookups.tag("GPOS"))!
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        let bytes = Bytes(base: UnsafeRawPointer(data) ?? UnsafeRawPointer(blob), count: Int(length))
        // No GPOS: nothing kerns (a plain face has no legacy kern table either).
        guard let lookups = length == 0 ? [] : try? Self.subtables(bytes, selected) else {
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        self.bytes = bytes
        self.lookups = lookups
        var xPPEM: UInt32 = 0, yPPEM: UInt32 = 0, coordinates: UInt32 = 0
        hb_font_get_ppem(font, &xPPEM, &yPPEM)
        _ = hb_font_get_var_coords_normalized(font, &coordinates)
        devicesIgnored = xPPEM == 0 && coordinates == 0
    }

    deinit { hb_blob_destroy(blob) }

    /// The kerning HarfBuzz gives the plain glyph `left` followed by the plain glyph
    /// `right`, in font units; nil when the tables do not settle it (shape the pair).
    package func kern(_ left: UInt32, _ right: UInt32) -> Int32? {
        try? kerning(left, right)
    }

    private func kerning(_ left: UInt32, _ right: UInt32) throws -> Int32? {
        var total: Int32 = 0
        for subtables in lookups {
            for (s, subtable) in subtables.enumerated() {
                guard let index = try coverageIndex(subtable.coverage, left) else { continue }
                guard subtable.pairwise else { return nil }
                let b = bytes, at = subtable.at
                let record: Int
                if subtable.format == 1 {
                    guard index < Int(try b.u16(at + 8)) else { continue }
                    let setOffset = Int(try b.u16(at + 10 + 2 * index))
                    guard setOffset != 0, let found = try pairRecord(at + setOffset, subtable.recordSize, right)
                    else { continue }
                    record = found
                } else {
                    let class1 = try subtable.classes1.map { try classOf($0, left) } ?? 0
                    let class2 = try subtable.classes2.map { try classOf($0, right) } ?? 0
                    let class1Count = Int(try b.u16(at + 12)), class2Count = Int(try b.u16(at + 14))
                    guard class1 < class1Count, class2 < class2Count else { continue }
                    record = at + 16 + (class1 * class2Count + class2) * subtable.recordSize
                    if class2 == 0 {
                        // HarfBuzz 6.0 and later skip the subtable here, earlier versions
                        // apply it: the same only when its value is 0 and no later subtable
                        // of the lookup covers the glyph.
                        guard try value(record, subtable) == 0 else { return nil }
                        for later in subtables[(s + 1)...] where try coverageIndex(later.coverage, left) != nil {
                            return nil
                        }
                    }
                }
                if subtable.hasDevice, !devicesIgnored { return nil }
                total = total &+ Int32(try value(record, subtable))
                break
            }
        }
        return total
    }

    /// The XAdvance of the value record at `record`.
    private func value(_ record: Int, _ subtable: Subtable) throws -> Int16 {
        guard let x = subtable.xAdvance else { return 0 }
        return Int16(bitPattern: try bytes.u16(record + x))
    }

    /// The value record of the pair whose second glyph is `right` in the pair set at `set`
    /// (records of 2 + `recordSize` bytes, sorted by second glyph), or nil.
    private func pairRecord(_ set: Int, _ recordSize: Int, _ right: UInt32) throws -> Int? {
        let count = Int(try bytes.u16(set)), stride = 2 + recordSize
        var previous = -1
        var found: Int?
        // A linear pass checks the order HarfBuzz's binary search relies on.
        for i in 0..<count {
            let glyph = Int(try bytes.u16(set + 2 + i * stride))
            guard glyph > previous else { throw LayoutLookups.Unsupported() }
            if glyph == Int(right) { found = set + 4 + i * stride }
            previous = glyph
        }
        return found
    }

    /// The coverage index of `glyph` in the coverage table at `at` (checked sorted by
    /// `checkSorted`), or nil.
    private func coverageIndex(_ at: Int, _ glyph: UInt32) throws -> Int? {
        let b = bytes, count = Int(try b.u16(at + 2)), g = Int(glyph)
        switch try b.u16(at) {
        case 1:
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2, value = Int(try b.u16(at + 4 + 2 * mid))
                if value == g { return mid }
                if value < g { low = mid + 1 } else { high = mid }
            }
            return nil
        case 2:
            guard let r = try range(at, count, g) else { return nil }
            return Int(try b.u16(at + 8 + 6 * r)) + g - Int(try b.u16(at + 4 + 6 * r))
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// The class of `glyph` in the class definition table at `at` (checked sorted by
    /// `checkSorted`; 0 when not listed).
    private func classOf(_ at: Int, _ glyph: UInt32) throws -> Int {
        let b = bytes, g = Int(glyph)
        switch try b.u16(at) {
        case 1:
            let start = Int(try b.u16(at + 2)), count = Int(try b.u16(at + 4))
            let i = g - start
            return i >= 0 && i < count ? Int(try b.u16(at + 6 + 2 * i)) : 0
        case 2:
            guard let r = try range(at, Int(try b.u16(at + 2)), g) else { return 0 }
            return Int(try b.u16(at + 8 + 6 * r))
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// The range record of a format 2 coverage or class table that holds `glyph`, or nil.
    private func range(_ at: Int, _ count: Int, _ glyph: Int) throws -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            let start = Int(try bytes.u16(at + 4 + 6 * mid)), end = Int(try bytes.u16(at + 6 + 6 * mid))
            if glyph < start { high = mid } else if glyph > end { low = mid + 1 } else { return mid }
        }
        return nil
    }

    /// Checks that a coverage (or class definition) table at `at` is sorted without
    /// overlaps, as the binary searches above and HarfBuzz's need to agree.
    private static func checkSorted(_ b: Bytes, _ at: Int, classes: Bool) throws {
        switch try b.u16(at) {
        case 1 where classes:
            _ = try b.u16(at + 4 + 2 * Int(try b.u16(at + 4)))  // the values are in the table
        case 1:
            var previous = -1
            for i in 0..<Int(try b.u16(at + 2)) {
                let g = Int(try b.u16(at + 4 + 2 * i))
                guard g > previous else { throw LayoutLookups.Unsupported() }
                previous = g
            }
        case 2:
            var previousEnd = -1
            for r in 0..<Int(try b.u16(at + 2)) {
                let start = Int(try b.u16(at + 4 + 6 * r)), end = Int(try b.u16(at + 6 + 6 * r))
                guard start > previousEnd, start <= end else { throw LayoutLookups.Unsupported() }
                _ = try b.u16(at + 8 + 6 * r)
                previousEnd = end
            }
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// The pair adjustment subtables of each of `selected`, in lookup order (extension
    /// subtables resolved); a subtable of another format, or whose coverage or class tables
    /// are not sorted, makes the reader refuse the face.
    private static func subtables(_ b: Bytes, _ selected: Set<UInt32>) throws -> [[Subtable]] {
        if try b.u16(2) >= 1, b.count >= 14, try b.u32(10) != 0 { throw LayoutLookups.Unsupported() }
        let lookupList = Int(try b.u16(8))
        let lookupCount = Int(try b.u16(lookupList))
        var lookups: [[Subtable]] = []
        for index in selected.sorted() where Int(index) < lookupCount {
            let lookupOffset = Int(try b.u16(lookupList + 2 + 2 * Int(index)))
            guard lookupOffset != 0 else { continue }
            let lookup = lookupList + lookupOffset
            let flags = try b.u16(lookup + 2)
            var subtables: [Subtable] = []
            for s in 0..<Int(try b.u16(lookup + 4)) {
                let subtableOffset = Int(try b.u16(lookup + 6 + 2 * s))
                guard subtableOffset != 0 else { continue }
                var at = lookup + subtableOffset
                var kind = try b.u16(lookup)
                if kind == 9 {  // Extension: the real type and an offset32
                    kind = try b.u16(at + 2)
                    let extensionOffset = Int(try b.u32(at + 4))
                    guard extensionOffset != 0 else { continue }
                    at += extensionOffset
                }
                guard kind == 2 else { continue }
                let format = try b.u16(at)
                guard format == 1 || format == 2 else { throw LayoutLookups.Unsupported() }
                let valueFormat1 = try b.u16(at + 4), valueFormat2 = try b.u16(at + 6)
                // A null offset is HarfBuzz's empty table: no coverage, or every glyph in class 0.
                let coverageOffset = Int(try b.u16(at + 2))
                guard coverageOffset != 0 else { continue }
                let coverage = at + coverageOffset
                try checkSorted(b, coverage, classes: false)
                var classes: [Int?] = [nil, nil]
                if format == 2 {
                    for k in 0..<2 {
                        let offset = Int(try b.u16(at + 8 + 2 * k))
                        guard offset != 0 else { continue }
                        try checkSorted(b, at + offset, classes: true)
                        classes[k] = at + offset
                    }
                }
                subtables.append(Subtable(
                    at: at, format: format, coverage: coverage, classes1: classes[0], classes2: classes[1],
                    recordSize: 2 * valueFormat1.nonzeroBitCount,
                    xAdvance: valueFormat1 & 0x0004 != 0 ? 0 : nil, hasDevice: valueFormat1 & 0x0040 != 0,
                    pairwise: valueFormat2 == 0 && valueFormat1 & ~0x0044 == 0 && flags & 0x0006 == 0))
            }
            if !subtables.isEmpty { lookups.append(subtables) }
        }
        return lookups
    }
}
