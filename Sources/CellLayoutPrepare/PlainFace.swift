import CHarfBuzz
import Glibc
import Synchronization
import CellLayoutFontLibrary

/// The size-independent half of plain shaping (`PlainShaping`) for one face: which
/// characters are plain, their nominal glyphs, and the kerning between plain characters
/// in font units — one table per face, however many sizes the face is used at.
///
/// A character is plain when HarfBuzz shapes it in this face as its nominal glyph with
/// its nominal advance, changed by nothing but pairwise kerning, whatever its neighbours
/// are. Worked out once per face from its layout tables (`LayoutLookups`): the glyph is
/// no mark, no lookup of the default features can start to act at it in text of such
/// glyphs, and at most one lookup's pair adjustments cover it. Latin, Greek, Cyrillic and
/// Common characters from U+0020 to U+052F may be plain; Greek and Cyrillic only when
/// HarfBuzz selects the same lookups for them (script `grek` / `cyrl`, the languages
/// Greek and Russian the engine shapes them in) as for Latin text, and Latin only when
/// Common text gets the same lookups too. None for faces with AAT tables (morx, kerx,
/// trak), a legacy kern table without GPOS kerning, or tables the analysis cannot read.
///
/// Kerning is measured the first time a pair is met: the pair shaped by HarfBuzz at the
/// face's own scale (units per em), less the two nominal advances — read from the GPOS pair
/// adjustments (`PairKerning`) where they settle it, else shaped. Thread-safe: the table
/// is filled with relaxed atomic stores, and two threads that meet a new pair at once
/// store the same value.
package final class PlainFace: @unchecked Sendable {
    /// The face's nominal glyph of each code unit from `PlainShaping.first`, or 0 where
    /// the unit is not plain.
    package let glyphs: [UInt16]
    /// The scripts (`PlainShaping.ScriptClass` bits) whose text may be shaped plain.
    package let scripts: UInt8
    /// Whether text of characters the face lacks is its .notdef glyph (glyph 0) at its
    /// nominal advance, one per character, unkerned: no lookup of the face's (of any
    /// feature) can act on a run of .notdef glyphs, and there is no legacy kern table.
    /// `PlainShaping.drawsAsNotdef(_:)` says which characters HarfBuzz leaves so.
    let notdefIsPlain: Bool
    /// Each plain unit's row in the kerning table (from `PlainShaping.first`).
    private let rows: [UInt16]
    private let rowCount: Int
    /// Kerning in font units of each pair of plain units, `rowCount × rowCount`, each kept
    /// with its sign bit flipped (`KerningTable.stored(_:)`), so that 0 is a pair not yet
    /// met: the table is mapped zeroed (`mmap`), not written, and only the pages of the
    /// rows a text meets are ever touched. Inter's table is ~2.4 MB (~1,100 plain units);
    /// writing a mark into every entry cost each new engine ~1.2 million stores and a page
    /// fault per 4 KB before its first text, where a Latin text's pairs touch a few dozen
    /// pages. The mapping is shared, not private: a private anonymous page read before it
    /// is written is the kernel's zero page, and the first write replaces it — a change of
    /// mapping that every other CPU running the process must drop from its TLB, one
    /// inter-processor interrupt per page (~1.8 ms of CPU a two-thread cold pass over
    /// public-10k, none at one thread). A shared anonymous page is the page's own from its
    /// first read. (A child process forked after the table is made shares it: both write
    /// the same kernings, measured from the same face.)
    private let kerning: UnsafeMutablePointer<Atomic<Int16>>
    /// The unscaled HarfBuzz font of the face (owned by the face, which outlives its tables).
    private let unscaled: OpaquePointer
    /// The face's pair adjustments, read for a pair met for the first time (nil: every new
    /// pair is shaped).
    private let pairs: PairKerning?

    /// About the bytes the tables hold.
    package var byteCount: Int { glyphs.count * 4 + kerningBytes }
    /// The kerning table's mapped size.
    private var kerningBytes: Int { rowCount * rowCount * MemoryLayout<Atomic<Int16>>.stride }

    private init(glyphs: [UInt16], scripts: UInt8, notdefIsPlain: Bool, unscaled: OpaquePointer,
                 pairs: PairKerning?) {
        self.glyphs = glyphs
        self.scripts = scripts
        self.notdefIsPlain = notdefIsPlain
        self.unscaled = unscaled
        self.pairs = pairs
        var rows = [UInt16](repeating: 0, count: glyphs.count)
        var count = 0
        for i in glyphs.indices where glyphs[i] != 0 {
            rows[i] = UInt16(count)
            count += 1
        }
        self.rows = rows
        self.rowCount = count
        let bytes = count * count * MemoryLayout<Atomic<Int16>>.stride
        guard let table = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0),
              table != UnsafeMutableRawPointer(bitPattern: -1) else {
            fatalError("out of memory (a kerning table of \(bytes) bytes)")
        }
        kerning = table.bindMemory(to: Atomic<Int16>.self, capacity: count * count)
    }

    deinit {
        munmap(kerning, kerningBytes)
    }

    /// The kerning between plain units `left` and `right`, in font units.
    @inline(__always)
    package func kern(_ left: UInt16, _ right: UInt16) -> Int32 {
        let table = kerningTable, index = table.index(rows: row(left), row(right))
        return table.known(at: index) ?? firstKern(left, right, at: index)
    }

    /// Plain unit `unit`'s row in the kerning table.
    @inline(__always)
    package func row(_ unit: UInt16) -> UInt16 { rows[Int(unit &- PlainShaping.first)] }

    /// The kerning table, for a loop over pairs to read without loading it from the face
    /// per pair (`PlainShaping.Pairs`).
    var kerningTable: KerningTable { KerningTable(pairs: kerning, rowCount: rowCount) }

    /// The face's kerning table as a loop reads it: the pairs met before, by their units'
    /// rows (`row(_:)`), one entry a pair.
    struct KerningTable {
        fileprivate let pairs: UnsafeMutablePointer<Atomic<Int16>>
        fileprivate let rowCount: Int

        /// The kerning of the units of rows `leftRow` and `rightRow` in font units, or nil
        /// when the pair was never met (`PlainFace.kern` measures it).
        @inline(__always)
        func known(rows leftRow: UInt16, _ rightRow: UInt16) -> Int32? {
            known(at: index(rows: leftRow, rightRow))
        }

        /// The entry of the units of rows `leftRow` and `rightRow`.
        @inline(__always)
        fileprivate func index(rows leftRow: UInt16, _ rightRow: UInt16) -> Int {
            Int(leftRow) &* rowCount &+ Int(rightRow)
        }

        /// The kerning at entry `index`, or nil when its pair was never met.
        @inline(__always)
        fileprivate func known(at index: Int) -> Int32? {
            let stored = pairs[index].load(ordering: .relaxed)
            return stored != 0 ? Int32(stored ^ Int16.min) : nil
        }

        /// How the table keeps `kerning`: its sign bit flipped, so that a zeroed entry is a
        /// pair never met (and `Int16.min`, no real kerning, is never kept).
        @inline(__always)
        fileprivate static func stored(_ kerning: Int16) -> Int16 { kerning ^ Int16.min }
    }

    /// The kerning of a pair met for the first time, kept at `index` of the table when
    /// Int16 holds it (out of line: the callers' loops run per unit).
    @inline(never)
    private func firstKern(_ left: UInt16, _ right: UInt16, at index: Int) -> Int32 {
        let measured = pairs?.kern(UInt32(glyphs[Int(left &- PlainShaping.first)]),
                                   UInt32(glyphs[Int(right &- PlainShaping.first)])) ?? measureKern(left, right)
        if let narrow = Int16(exactly: measured), narrow != .min {
            kerning[index].store(KerningTable.stored(narrow), ordering: .relaxed)
        }
        return measured
    }

    /// The pair shaped by HarfBuzz in font units, less the two nominal advances. The
    /// script does not matter: every plain script selects the same lookups.
    private func measureKern(_ left: UInt16, _ right: UInt16) -> Int32 {
        let pair = [left, right]
        let shaped = pair.withUnsafeBufferPointer {
            Shaper.shape($0, hbFont: unscaled, script: HB_SCRIPT_LATIN, isRightToLeft: false)
        }
        let nominal = Int64(hb_font_get_glyph_h_advance(unscaled, hb_codepoint_t(glyphs[Int(left - PlainShaping.first)])))
            + Int64(hb_font_get_glyph_h_advance(unscaled, hb_codepoint_t(glyphs[Int(right - PlainShaping.first)])))
        return Int32(clamping: shaped.width - nominal)
    }

    /// The tables of `face`, or nil when it has no plain characters.
    static func analyse(_ face: FontFace) -> PlainFace? {
        guard let (glyphs, scripts, positionings) = try? plainGlyphs(face), glyphs.contains(where: { $0 != 0 })
        else { return nil }
        return PlainFace(glyphs: glyphs, scripts: scripts, notdefIsPlain: (try? notdefIsPlain(face)) ?? false,
                         unscaled: face.unscaled,
                         pairs: PairKerning(face: face.hbFace, font: face.unscaled, lookups: positionings))
    }

    /// Whether no lookup of the face, of any feature, can act on text of .notdef glyphs
    /// (kerning of a .notdef pair included), and no legacy kern table can kern one.
    private static func notdefIsPlain(_ face: FontFace) throws -> Bool {
        let kern = hb_face_reference_table(face.hbFace, LayoutLookups.tag("kern"))
        defer { hb_blob_destroy(kern) }
        guard hb_blob_get_length(kern) == 0 else { return false }
        let lookups = LayoutLookups(face: face.hbFace, candidates: [1])  // glyph 0 alone
        for table in ["GSUB", "GPOS"].map(LayoutLookups.tag) {
            let acting = try lookups.actingGlyphs(in: table, lookups: lookups.allLookups(in: table), pairwiseActs: true)
            if acting.contains(0) { return false }
        }
        return true
    }

    /// The plain glyph of each unit from `PlainShaping.first`, the plain scripts, and the
    /// GPOS lookups plain text gets.
    private static func plainGlyphs(_ face: FontFace) throws -> ([UInt16], UInt8, Set<UInt32>)? {
        let hbFace = face.hbFace
        func has(_ table: String) -> Bool {
            let blob = hb_face_reference_table(hbFace, LayoutLookups.tag(table))
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
        if has("morx") || has("mort") || has("kerx") || has("trak") { return nil }
        let gsub = LayoutLookups.tag("GSUB"), gpos = LayoutLookups.tag("GPOS")

        var candidates = [UInt64](repeating: 0, count: (Int(hb_face_get_glyph_count(hbFace)) + 63) / 64)
        var glyphs = [UInt16](repeating: 0, count: Int(PlainShaping.end - PlainShaping.first))
        for unit in PlainShaping.first..<PlainShaping.end where PlainShaping.mayBePlain(unit) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(face.unscaled, hb_codepoint_t(unit), &glyph) != 0, glyph != 0,
                  glyph <= UInt16.max, Int(glyph >> 6) < candidates.count,
                  hb_ot_layout_get_glyph_class(hbFace, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK else { continue }
            glyphs[Int(unit - PlainShaping.first)] = UInt16(glyph)
            candidates[Int(glyph >> 6)] |= 1 << UInt64(glyph & 63)
        }
        let lookups = LayoutLookups(face: hbFace, candidates: candidates)
        typealias Class = PlainShaping.ScriptClass
        // Latin and Common text decide the lookups; Greek and Cyrillic join when theirs are the same.
        var scripts = Class.latin.rawValue | Class.common.rawValue | Class.greek.rawValue | Class.cyrillic.rawValue
        for table in [gsub, gpos] {
            let latin = lookups.lookups(in: table, script: HB_SCRIPT_LATIN)
            guard latin == lookups.lookups(in: table, script: HB_SCRIPT_COMMON) else { return nil }
            for other in [Class.greek, .cyrillic] where scripts & other.rawValue != 0 {
                if lookups.lookups(in: table, script: other.script, language: other.language) != latin {
                    scripts &= ~other.rawValue
                }
            }
        }
        // HarfBuzz kerns with the legacy table (which may kern the second glyph, or be a
        // state machine) when GPOS has no kern feature for the script it selects.
        if has("kern") {
            guard lookups.hasFeature("kern", in: gpos, script: HB_SCRIPT_LATIN),
                  lookups.hasFeature("kern", in: gpos, script: HB_SCRIPT_COMMON) else { return nil }
            for other in [Class.greek, .cyrillic]
            where !lookups.hasFeature("kern", in: gpos, script: other.script, language: other.language) {
                scripts &= ~other.rawValue
            }
        }
        let latin = [gsub, gpos].map { lookups.lookups(in: $0, script: HB_SCRIPT_LATIN) }
        let acting = try lookups.actingGlyphs(in: gsub, lookups: latin[0])
            .union(try lookups.actingGlyphs(in: gpos, lookups: latin[1]))
        for i in glyphs.indices where glyphs[i] != 0 {
            let unit = PlainShaping.first + UInt16(i)
            if acting.contains(UInt32(glyphs[i])) || PlainShaping.scriptClass(unit).rawValue & scripts == 0 {
                glyphs[i] = 0
            }
        }
        return (glyphs, scripts, latin[1])
    }
}
