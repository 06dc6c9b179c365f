/// Big-endian reads from an OpenType table, bounds-checked: a truncated or corrupt table makes
/// the reader fail (`LayoutLookups.Unsupported`; plain shaping or the kerning read stays off)
/// instead of reading past the end.
struct Bytes {
    let base: UnsafeRawPointer
    let count: Int

    func u16(_ offset: Int) throws -> UInt16 {
        guard offset >= 0, offset + 2 <= count else { throw LayoutLookups.Unsupported() }
        return UInt16(base.load(fromByteOffset: offset, as: UInt8.self)) << 8
            | UInt16(base.load(fromByteOffset: offset + 1, as: UInt8.self))
    }

    func u32(_ offset: Int) throws -> UInt32 {
        UInt32(try u16(offset)) << 16 | UInt32(try u16(offset + 2))
    }
}

/// The coverage and class definition tables of GSUB and GPOS lookups (formats 1 and 2), read
/// two ways: one glyph by binary search, as HarfBuzz reads them (`PairKerning`; the table must
/// pass `checkSorted` first, so that both searches agree), and every glyph by enumeration
/// (`LayoutLookups`; ranges may touch or overlap, each is listed, so every index HarfBuzz could
/// find is seen). Other formats throw `LayoutLookups.Unsupported`.
extension Bytes {
    /// The coverage index of `glyph` in the coverage table at `at`, or nil.
    func coverageIndex(_ at: Int, of glyph: UInt32) throws -> Int? {
        let count = Int(try u16(at + 2)), g = Int(glyph)
        switch try u16(at) {
        case 1:
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2, value = Int(try u16(at + 4 + 2 * mid))
                if value == g { return mid }
                if value < g { low = mid + 1 } else { high = mid }
            }
            return nil
        case 2:
            guard let r = try range(at, count, g) else { return nil }
            return Int(try u16(at + 8 + 6 * r)) + g - Int(try u16(at + 4 + 6 * r))
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// The class of `glyph` in the class definition table at `at` (0 when not listed).
    func glyphClass(_ at: Int, of glyph: UInt32) throws -> Int {
        let g = Int(glyph)
        switch try u16(at) {
        case 1:
            let start = Int(try u16(at + 2)), count = Int(try u16(at + 4))
            let i = g - start
            return i >= 0 && i < count ? Int(try u16(at + 6 + 2 * i)) : 0
        case 2:
            guard let r = try range(at, Int(try u16(at + 2)), g) else { return 0 }
            return Int(try u16(at + 8 + 6 * r))
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// The range record of a format 2 coverage or class table that holds `glyph`, or nil.
    private func range(_ at: Int, _ count: Int, _ glyph: Int) throws -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            let start = Int(try u16(at + 4 + 6 * mid)), end = Int(try u16(at + 6 + 6 * mid))
            if glyph < start { high = mid } else if glyph > end { low = mid + 1 } else { return mid }
        }
        return nil
    }

    /// Checks that the coverage (or, with `classes`, class definition) table at `at` is sorted
    /// without overlaps and inside the table, as the binary searches above and HarfBuzz's need
    /// to agree.
    func checkSorted(_ at: Int, classes: Bool) throws {
        switch try u16(at) {
        case 1 where classes:
            _ = try u16(at + 4 + 2 * Int(try u16(at + 4)))  // the values are in the table
        case 1:
            var previous = -1
            for i in 0..<Int(try u16(at + 2)) {
                let g = Int(try u16(at + 4 + 2 * i))
                guard g > previous else { throw LayoutLookups.Unsupported() }
                previous = g
            }
        case 2:
            var previousEnd = -1
            for r in 0..<Int(try u16(at + 2)) {
                let start = Int(try u16(at + 4 + 6 * r)), end = Int(try u16(at + 6 + 6 * r))
                guard start > previousEnd, start <= end else { throw LayoutLookups.Unsupported() }
                _ = try u16(at + 8 + 6 * r)
                previousEnd = end
            }
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// The glyphs of the coverage table at `at` with their coverage indexes (a glyph of ranges
    /// that overlap is listed once per range).
    func coverageGlyphs(_ at: Int) throws -> [(glyph: UInt32, index: Int)] {
        let count = Int(try u16(at + 2))
        switch try u16(at) {
        case 1:
            return try (0..<count).map { (UInt32(try u16(at + 4 + 2 * $0)), $0) }
        case 2:
            // Counted first, then reserved and appended one by one: mapping each range into
            // an array of its own and appending that was a malloc per range, and growing the
            // result one more per doubling (~13,000 mallocs in a cold engine's font loads).
            var total = 0
            try ranges(at) { start, end, _ in total += end - start + 1 }
            var glyphs: [(glyph: UInt32, index: Int)] = []
            glyphs.reserveCapacity(total)
            try ranges(at) { start, end, startIndex in
                for glyph in start...end { glyphs.append((UInt32(glyph), startIndex + glyph - start)) }
            }
            return glyphs
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// Calls `body` with each glyph of the coverage table at `at` in the table's order (a
    /// glyph of ranges that overlap once per range) until it returns false, without making
    /// the list `coverageGlyphs` makes; false when `body` stopped it. The table is checked
    /// whole as `coverageGlyphs` checks it (each range, the last entry in bounds), however
    /// early `body` stops, so both reject the same tables.
    func coveredGlyphs(_ at: Int, while body: (UInt32) throws -> Bool) throws -> Bool {
        let count = Int(try u16(at + 2))
        switch try u16(at) {
        case 1:
            if count > 0 { _ = try u16(at + 2 + 2 * count) }
            for i in 0..<count where !(try body(UInt32(try u16(at + 4 + 2 * i)))) { return false }
            return true
        case 2:
            var going = true
            try ranges(at) { start, end, _ in
                var glyph = start
                while going && glyph <= end {
                    going = try body(UInt32(glyph))
                    glyph += 1
                }
            }
            return going
        default:
            throw LayoutLookups.Unsupported()
        }
    }

    /// The class definition table at `at` as glyph → its classes (one, unless ranges of a
    /// malformed table overlap; glyphs not listed are class 0; nil `at`: a null offset, every
    /// glyph in class 0).
    func classMap(_ at: Int?) throws -> [UInt32: [UInt16]] {
        var map: [UInt32: [UInt16]] = [:]
        guard let at else { return map }
        switch try u16(at) {
        case 1:
            let start = UInt32(try u16(at + 2)), count = Int(try u16(at + 4))
            for i in 0..<count { map[start + UInt32(i), default: []].append(try u16(at + 6 + 2 * i)) }
        case 2:
            try ranges(at) { start, end, cls in
                for g in start...end { map[UInt32(g), default: []].append(UInt16(cls)) }
            }
        default:
            throw LayoutLookups.Unsupported()
        }
        return map
    }

    /// Calls `body` with each range record (start, end, value) of the format 2 coverage or
    /// class definition table at `at`. Ranges must be sorted by their start (HarfBuzz's binary
    /// search assumes so) and may touch or overlap; more than two glyph spaces' worth of
    /// entries, only a hostile table has, is refused.
    private func ranges(_ at: Int, _ body: (Int, Int, Int) throws -> Void) throws {
        var previousStart = -1, total = 0
        for r in 0..<Int(try u16(at + 2)) {
            let start = Int(try u16(at + 4 + 6 * r)), end = Int(try u16(at + 6 + 6 * r))
            let value = Int(try u16(at + 8 + 6 * r))
            guard start >= previousStart, start <= end else { throw LayoutLookups.Unsupported() }
            total += end - start + 1
            guard total <= 2 << 16 else { throw LayoutLookups.Unsupported() }
            try body(start, end, value)
            previousStart = start
        }
    }
}
