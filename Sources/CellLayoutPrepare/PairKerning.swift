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
        /// (`LayoutLookups.subtableIsPairwise`); a plain glyph is never covered by one that is not.
        let pairwise: Bool
    }

    /// The GPOS table, held for the reader's lifetime.
    private let blob: OpaquePointer
    /// Its bytes; nil when the face has no GPOS (then nothing kerns: a plain face has no
    /// legacy kern table either).
    private let bytes: Bytes?
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
        let bytes = length == 0 ? nil : data.map { Bytes(base: UnsafeRawPointer($0), count: Int(length)) }
        let read: [[Subtable]]? = if let bytes { try? Self.subtables(bytes, selected) } else { [] }
        guard let lookups = read else {
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

    /// Whether the tables settle that no value record moves the pair (`left` then `right`):
    /// none applies, or each that applies is 0 (`PieceBoundaries`). A total of 0 is not
    /// enough: HarfBuzz rounds each record to the font size on its own.
    package func kernsNothing(_ left: UInt32, _ right: UInt32) -> Bool {
        (try? kerning(left, right, zeroOnly: true)) == 0
    }

    /// The kerning, or nil when the tables do not settle it (or, `zeroOnly`, when a record
    /// that applies is not 0).
    private func kerning(_ left: UInt32, _ right: UInt32, zeroOnly: Bool = false) throws -> Int32? {
        guard let b = bytes else { return 0 }
        var total: Int32 = 0
        for subtables in lookups {
            for (s, subtable) in subtables.enumerated() {
                guard let index = try b.coverageIndex(subtable.coverage, of: left) else { continue }
                guard subtable.pairwise else { return nil }
                let at = subtable.at
                let record: Int
                if subtable.format == 1 {
                    guard index < Int(try b.u16(at + 8)) else { continue }
                    let setOffset = Int(try b.u16(at + 10 + 2 * index))
                    guard setOffset != 0, let found = try pairRecord(b, at + setOffset, subtable.recordSize, right)
                    else { continue }
                    record = found
                } else {
                    let class1 = try subtable.classes1.map { try b.glyphClass($0, of: left) } ?? 0
                    let class2 = try subtable.classes2.map { try b.glyphClass($0, of: right) } ?? 0
                    let class1Count = Int(try b.u16(at + 12)), class2Count = Int(try b.u16(at + 14))
                    guard class1 < class1Count, class2 < class2Count else { continue }
                    record = at + 16 + (class1 * class2Count + class2) * subtable.recordSize
                    if class2 == 0 {
                        // HarfBuzz 6.0 and later skip the subtable here, earlier versions
                        // apply it: the same only when its value is 0 and no later subtable
                        // of the lookup covers the glyph.
                        guard try value(b, record, subtable) == 0 else { return nil }
                        for later in subtables[(s + 1)...] where try b.coverageIndex(later.coverage, of: left) != nil {
                            return nil
                        }
                    }
                }
                if subtable.hasDevice, !devicesIgnored { return nil }
                let recordValue = Int32(try value(b, record, subtable))
                if zeroOnly, recordValue != 0 { return nil }
                total = total &+ recordValue
                break
            }
        }
        return total
    }

    /// The XAdvance of the value record at `record`.
    private func value(_ b: Bytes, _ record: Int, _ subtable: Subtable) throws -> Int16 {
        guard let x = subtable.xAdvance else { return 0 }
        return Int16(bitPattern: try b.u16(record + x))
    }

    /// The value record of the pair whose second glyph is `right` in the pair set at `set`
    /// (records of 2 + `recordSize` bytes, sorted by second glyph), or nil.
    private func pairRecord(_ b: Bytes, _ set: Int, _ recordSize: Int, _ right: UInt32) throws -> Int? {
        let count = Int(try b.u16(set)), stride = 2 + recordSize
        var previous = -1
        var found: Int?
        // A linear pass checks the order HarfBuzz's binary search relies on.
        for i in 0..<count {
            let glyph = Int(try b.u16(set + 2 + i * stride))
            guard glyph > previous else { throw LayoutLookups.Unsupported() }
            if glyph == Int(right) { found = set + 4 + i * stride }
            previous = glyph
        }
        return found
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
                try b.checkSorted(coverage, classes: false)
                var classes: [Int?] = [nil, nil]
                if format == 2 {
                    for k in 0..<2 {
                        let offset = Int(try b.u16(at + 8 + 2 * k))
                        guard offset != 0 else { continue }
                        try b.checkSorted(at + offset, classes: true)
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
