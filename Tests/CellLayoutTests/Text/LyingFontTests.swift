@testable import CellLayout
import Foundation
import Testing

/// Fonts that lie about their own structure — made here from the bundled Inter (CFF) and
/// DejaVu Sans (TrueType) by cutting and patching bytes — are refused with a message naming
/// the file and what is wrong, never measured with plausible numbers.
@Suite struct LyingFontTests {
    static let inter = TestFonts.packageRoot.appendingPathComponent("fonts/Inter/Inter-Regular.otf").path
    static let dejavu = TestFonts.packageRoot.appendingPathComponent("fonts/DejaVu/DejaVuSans.ttf").path

    /// Where table `tag` starts and how long it is, from the file's own directory.
    static func table(_ tag: String, in bytes: [UInt8]) -> (offset: Int, length: Int, record: Int) {
        func u32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for record in stride(from: 12, to: 12 + 16 * count, by: 16)
        where String(decoding: bytes[record..<(record + 4)], as: UTF8.self) == tag {
            return (u32(record + 8), u32(record + 12), record)
        }
        fatalError("no \(tag) in the font")
    }

    static func put16(_ value: Int, at offset: Int, in bytes: inout [UInt8]) {
        bytes[offset] = UInt8(value >> 8 & 0xFF)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }

    static func put32(_ value: Int, at offset: Int, in bytes: inout [UInt8]) {
        put16(value >> 16, at: offset, in: &bytes)
        put16(value & 0xFFFF, at: offset + 2, in: &bytes)
    }

    /// The mutants: a name, the bundled font it comes from, the change, and the words the
    /// error must contain.
    static let mutants: [(name: String, font: String, mutate: @Sendable (inout [UInt8]) -> Void, says: String)] = [
        ("cut to 5,000 bytes", inter, { $0.removeSubrange(5_000...) }, "runs past the end of the file (5000 bytes)"),
        ("cut inside the directory", dejavu, { $0.removeSubrange(100...) }, "table directory"),
        ("hmtx shorter than numberOfHMetrics", dejavu, { bytes in
            let hmtx = table("hmtx", in: bytes)
            put32(hmtx.length / 2, at: hmtx.record + 12, in: &bytes)
        }, "'hmtx' holds"),
        ("numberOfHMetrics past numGlyphs", inter, { bytes in
            let hhea = table("hhea", in: bytes)
            put16(0xFFFF, at: hhea.offset + 34, in: &bytes)
        }, "numberOfHMetrics is 65535"),
        ("maxp with more glyphs than hmtx and loca hold", dejavu, { bytes in
            let maxp = table("maxp", in: bytes)
            put16(0xFFF0, at: maxp.offset + 4, in: &bytes)
        }, "glyphs need"),
        ("maxp with no glyphs", inter, { bytes in
            let maxp = table("maxp", in: bytes)
            put16(0, at: maxp.offset + 4, in: &bytes)
        }, "no glyphs"),
        ("a table moved past the end", dejavu, { bytes in
            let glyf = table("glyf", in: bytes)
            put32(bytes.count - 10, at: glyf.record + 8, in: &bytes)
        }, "'glyf'"),
        ("truncated CFF", inter, { bytes in
            let cff = table("CFF ", in: bytes)
            put32(40, at: cff.record + 12, in: &bytes)
        }, "'CFF '"),
        // Inter-Regular.otf's CharStrings INDEX, found by hand (Python over the file: the
        // 'CFF ' table at 28,080, its Top DICT's operator 17 gives offset 39,141): at byte
        // 67,221, count 2,548 (= maxp), offSize 3, so its 2,549 offsets start at 67,224.
        ("CFF with one charstring fewer than maxp's glyphs", inter, { put16(2547, at: 67_221, in: &$0) },
         "'CFF ' has 2547 charstrings, but 'maxp' says 2548 glyphs"),
        ("CFF charstring offsets going backwards", inter, { bytes in
            bytes[67_224 + 3 * 1] = 0xFF  // the second offset past the third
        }, "'CFF ' is truncated or malformed"),
        ("CFF charstrings ending past the table", inter, { bytes in
            for k in 0..<3 { bytes[67_224 + 3 * 2548 + k] = 0xFF }  // the last offset: 16,777,215
        }, "'CFF ' is truncated or malformed"),
        // OpenType 'head': "unitsPerEm: Set to a value from 16 to 16384." (issue 21: HarfBuzz
        // silently measured these at 1000 units per em).
        ("unitsPerEm 0", dejavu, { put16(0, at: table("head", in: $0).offset + 18, in: &$0) },
         "'head' unitsPerEm is 0, outside the 16…16384 the OpenType spec allows"),
        ("unitsPerEm 1", inter, { put16(1, at: table("head", in: $0).offset + 18, in: &$0) }, "unitsPerEm is 1,"),
        ("unitsPerEm 65535", dejavu, { put16(65535, at: table("head", in: $0).offset + 18, in: &$0) },
         "unitsPerEm is 65535,"),
    ]

    /// DejaVu Sans's glyph for "a" (its cmap; a long metric: numberOfHMetrics is 6,238),
    /// 1,255 of 2,048 units wide.
    static let aGlyph = 68

    /// `font` with `mutate` applied, written to a new folder; the folder (removed by the caller).
    static func mutant(of font: String, _ mutate: (inout [UInt8]) -> Void) throws -> (folder: URL, file: String) {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: font)))
        mutate(&bytes)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lying-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let file = folder.appendingPathComponent("mutant.ttf")
        try Data(bytes).write(to: file)
        return (folder, file.path)
    }

    /// The extremes of the legal range load.
    @Test(arguments: [16, 16384]) func unitsPerEmAtTheEdgesOfTheRangeLoad(_ unitsPerEm: Int) throws {
        let (folder, file) = try Self.mutant(of: Self.dejavu) { Self.put16(unitsPerEm, at: Self.table("head", in: $0).offset + 18, in: &$0) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try FontLibrary(fontDirectories: [folder], useSystemFonts: false)
        #expect(try library.font(file: file, size: 17).face.unitsPerEm == Int32(unitsPerEm))
    }

    /// At 16 units per em DejaVu's widest glyph (6,236: 3,838 units, fontTools) is 239.9
    /// em: at 10,000 pt that is 2.46e9 layout units, more than a glyph position (Int32)
    /// holds, so that size is refused; at 1,000 pt (2.46e8) it is measured.
    @Test func aSizeAtWhichAGlyphPassesInt32IsRefused() throws {
        let (folder, file) = try Self.mutant(of: Self.dejavu) { Self.put16(16, at: Self.table("head", in: $0).offset + 18, in: &$0) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try FontLibrary(fontDirectories: [folder], useSystemFonts: false)
        #expect(throws: FontError.glyphTooWide(path: file, size: 10_000, glyph: 6236, units: 3838, unitsPerEm: 16)) {
            try library.font(file: file, size: 10_000)
        }
        #expect(try library.font(file: file, size: 1000).size == 1000)
    }

    /// An advance of 32,768 units or more is legal (hmtx advances are uint16, UFWORD) and
    /// measured as it is; on main before issue 21 HarfBuzz 6.0 read it as 40,000 − 65,536
    /// and "a" measured 0 pt wide. 40,000 units × 17 pt / 2,048 units per em = 332.03125 pt
    /// (340,000 layout units of 1/1024 pt: exact).
    @Test func anAdvanceOf32768UnitsOrMoreIsUnsigned() throws {
        let (folder, file) = try Self.mutant(of: Self.dejavu) { Self.put16(40_000, at: Self.table("hmtx", in: $0).offset + 4 * Self.aGlyph, in: &$0) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = TextEngine(fonts: try FontLibrary(fontDirectories: [folder], useSystemFonts: false))
        let font = try engine.fonts.font(file: file, size: 17)
        #expect(engine.prepare("a", font: font).fit(width: 1000).usedWidth == 332.03125)
        // Three of them, a space (651 units) and "b" (1,300 units): each advance scaled to
        // layout units on its own (× 17,408 / 2,048 = 8.5, rounded half up as HarfBuzz's
        // em_mult does): 340,000 × 3 + 5,534 + 11,050 = 1,036,584 units = 1,012.2890625 pt.
        #expect(engine.prepare("aaa b", font: font).fit(width: 10_000).usedWidth == 1_036_584.0 / 1024)
        // The bundled face, unpatched, has no wide glyph: its fonts are HarfBuzz's own.
        #expect(try FontFace(path: Self.dejavu).wideAdvances == nil)
    }

    /// hhea lineGap is an FWORD: −32,768 is legal. TextKit clamps a negative leading to 0
    /// (NSLayoutManager: `if (leading < 0) leading = 0`), so the line is ascender −
    /// descender: (1,901 + 483) × 17 / 2,048 = 19.789 pt; on main before issue 21, −252 pt.
    @Test func aNegativeLineGapCountsAsNone() throws {
        let (folder, file) = try Self.mutant(of: Self.dejavu) { Self.put16(0x8000, at: Self.table("hhea", in: $0).offset + 8, in: &$0) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = TextEngine(fonts: try FontLibrary(fontDirectories: [folder], useSystemFonts: false))
        let font = try engine.fonts.font(file: file, size: 17)
        #expect(font.lineGap == 0)
        #expect(abs(font.lineHeight - Double(1901 + 483) * 17 / 2048) < 1e-9)
        #expect(engine.prepare("a\nb", font: font).fit(width: 100).height() == 40)  // 2 × 19.789, rounded up
    }

    /// A family whose only face is italic is found by name (on main before issue 21:
    /// "unknown font family", while the same message listed it as known). The patch renames
    /// DejaVu Sans (every "DejaVu Sans" in the name table, same length) and sets the italic
    /// bits (OS/2 fsSelection bit 0, head macStyle bit 1).
    @Test func aFamilyWithOnlyAnItalicFaceIsFound() throws {
        let (folder, _) = try Self.mutant(of: Self.dejavu) { bytes in
            for (from, to) in [("DejaVu Sans", "Lonely Sans"), ("DejaVuSans", "LonelySans")] {
                for utf16 in [false, true] {
                    let old = utf16 ? Array(from.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } : Array(from.utf8)
                    let new = utf16 ? Array(to.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } : Array(to.utf8)
                    var at = 0
                    while let found = bytes[at...].firstRange(of: old) {
                        bytes.replaceSubrange(found, with: new)
                        at = found.upperBound
                    }
                }
            }
            let os2 = Self.table("OS/2", in: bytes).offset
            Self.put16((Int(bytes[os2 + 62]) << 8 | Int(bytes[os2 + 63])) & ~0x40 | 1, at: os2 + 62, in: &bytes)
            Self.put16(2, at: Self.table("head", in: bytes).offset + 44, in: &bytes)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try FontLibrary(fontDirectories: [folder], useSystemFonts: false)
        let upright = try library.font(family: "Lonely Sans", size: 17)
        #expect(upright.face.family == "Lonely Sans" && upright.face.isItalic && !upright.isSlanted)
        let italic = try library.font(family: "Lonely Sans", italic: true, size: 17)
        #expect(italic.face === upright.face && !italic.isSlanted)
    }

    @Test(arguments: 0..<mutants.count)
    func aLyingFontIsRefusedWithWhatIsWrong(_ index: Int) throws {
        let mutant = Self.mutants[index]
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: mutant.font)))
        mutant.mutate(&bytes)
        #expect(bytes.count > 90, "\(mutant.name)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lying-\(index)-\(getpid()).otf")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let face = try FontFace(path: file.path)
            Issue.record("\(mutant.name): loaded as \(face.family), expected an error")
        } catch let error as FontError {
            let message = error.description
            #expect(message.contains(file.path) && message.contains(mutant.says), "\(mutant.name): \(message)")
        }
    }

    @Test func theBundledFontsPassTheChecks() throws {
        for path in [Self.inter, Self.dejavu] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.withUnsafeBytes { FontFileCheck.problem(in: $0, faceIndex: 0) } == nil, "\(path)")
        }
    }
}
