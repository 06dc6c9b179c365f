import CHarfBuzz
import Foundation
@testable import CellLayout
import Testing

/// The proof that two neighbouring clusters do not kern (`PieceBoundaries`) against HarfBuzz,
/// in Noto Sans Thai and Noto Sans Lao at 17 pt: every pair of one-character clusters of the
/// script's letters, vowels and digits, and random pairs of random clusters (a character and
/// up to two marks), each pair shaped together and each cluster alone. Wherever the proof
/// holds, the pair's width must be the two widths' sum; the fonts kern some of the pairs
/// (Thai leading vowels, digits), which must not be proved, and the proof must settle many,
/// in Thai many whose left cluster ends with a mark (Noto Sans Thai keeps its marks apart:
/// its kerning skips marks, its GSUB makes marks of marks).
@Suite struct PieceBoundariesTests {
    struct Case: Sendable, CustomStringConvertible {
        let path: String
        let family: String
        let script: hb_script_t
        /// Characters a cluster starts with.
        let bases: [ClosedRange<UInt32>]
        /// Characters that may follow in the cluster.
        let marks: [UInt32]
        /// The least share of pairs (in %) the proof must settle, of the pairs whose left
        /// cluster ends with a mark too, and the least number of pairs the font must kern
        /// (Noto Sans Lao kerns none of them).
        let settled: Int
        let settledAfterMark: Int
        let kerned: Int
        var description: String { family }
    }

    static let laoPath = "/usr/share/fonts/truetype/noto/NotoSansLao-Regular.ttf"

    static let cases = [
        Case(path: ScriptGoldenTests.thaiPath, family: "Noto Sans Thai", script: HB_SCRIPT_THAI,
             bases: [0x0E01...0x0E2E, 0x0E30...0x0E33, 0x0E40...0x0E46, 0x0E50...0x0E59, 0x20...0x20],
             marks: [0x0E31, 0x0E33, 0x0E34, 0x0E35, 0x0E36, 0x0E37, 0x0E38, 0x0E39, 0x0E47, 0x0E48, 0x0E49, 0x0E4A,
                     0x0E4B, 0x0E4C], settled: 35, settledAfterMark: 35, kerned: 20),
        Case(path: laoPath, family: "Noto Sans Lao", script: HB_SCRIPT_LAO,
             bases: [0x0E81...0x0EAE, 0x0EB0...0x0EB3, 0x0EBD...0x0EBD, 0x0EC0...0x0EC4, 0x0ED0...0x0ED9],
             marks: [0x0EB1, 0x0EB4, 0x0EB5, 0x0EB6, 0x0EB7, 0x0EB8, 0x0EB9, 0x0EBB, 0x0EC8, 0x0EC9, 0x0ECA, 0x0ECB,
                     0x0ECC, 0x0ECD], settled: 3, settledAfterMark: 0, kerned: 0),
    ]

    static let engine = try! TestFonts.withLibrary(
        adding: [ScriptGoldenTests.thaiPath, laoPath].filter { FileManager.default.fileExists(atPath: $0) }) {
            TextEngine(fonts: $0)
        }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: ScriptGoldenTests.thaiPath)
                   && FileManager.default.fileExists(atPath: laoPath), "needs fonts-noto-core (scripts/deps.sh)"),
          arguments: cases)
    func provedPairsDoNotKern(_ test: Case) throws {
        let font = try Self.engine.fonts.font(family: test.family, size: 17)
        let language = Shaper.language(for: test.script, preferred: nil)
        let boundaries = try #require(PieceBoundaries.analyse(font.face, script: test.script, language: language))
        func width(_ units: [UInt16]) -> Int64 {
            units.withUnsafeBufferPointer {
                Shaper.width($0, font: font, script: test.script, isRightToLeft: false, language: language)
            }
        }
        func units(_ scalars: [UInt32]) -> [UInt16] { scalars.flatMap { Array(String(Unicode.Scalar($0)!).utf16) } }
        var pairs: [([UInt16], [UInt16])] = []
        let singles = test.bases.flatMap { $0 }.filter { font.face.covers(Unicode.Scalar($0)!) }
        for left in singles { for right in singles { pairs.append((units([left]), units([right]))) } }
        var random = TextPropertyTests.SeededRandom(state: UInt64(test.script.rawValue))
        func cluster() -> [UInt16] {
            var scalars = [singles[Int(random.next() % UInt64(singles.count))]]
            for _ in 0..<Int(random.next() % 3) { scalars.append(test.marks[Int(random.next() % UInt64(test.marks.count))]) }
            return units(scalars)
        }
        for _ in 0..<3000 { pairs.append((cluster(), cluster())) }
        var proved = 0, kerned = 0, wrong = 0
        // Pairs whose left cluster ends with a mark, and how many of them are proved.
        var afterMark = 0, provedAfterMark = 0
        for (left, right) in pairs {
            let endsWithMark = test.marks.contains(UInt32(left.last!))
            if endsWithMark { afterMark += 1 }
            let kern = width(left + right) - width(left) - width(right)
            if kern != 0 { kerned += 1 }
            guard Self.proves(boundaries, left, right) else { continue }
            proved += 1
            if endsWithMark { provedAfterMark += 1 }
            if kern != 0 {
                wrong += 1
                if wrong <= 5 {
                    Issue.record("\(String(decoding: left, as: UTF16.self))|\(String(decoding: right, as: UTF16.self)): proved, HarfBuzz kerns \(kern)")
                }
            }
        }
        #expect(wrong == 0)
        #expect(kerned >= test.kerned, "\(kerned) kerned pairs")
        #expect(proved * 100 >= pairs.count * test.settled, "\(proved) of \(pairs.count) proved")
        #expect(provedAfterMark * 100 >= afterMark * test.settledAfterMark, "\(provedAfterMark) of \(afterMark) after a mark proved")
    }

    /// Whether `boundaries` proves that clusters `left` and `right` do not kern.
    static func proves(_ boundaries: PieceBoundaries, _ left: [UInt16], _ right: [UInt16]) -> Bool {
        left.withUnsafeBufferPointer { l in right.withUnsafeBufferPointer { boundaries.provesNoKerning(l, $0) } }
    }

    /// The fonts of `Tests/Oracles/make_boundary_fonts.py`: each has a pair HarfBuzz kerns
    /// though the pair's nominal glyphs have no kerning record, which one of the proof's
    /// checks alone refuses (the script's docstring tells which), and a pair that does not
    /// kern, which the proof settles (so that the traps are refused by those checks, not
    /// by a refused face).
    static let trapFonts: [(file: String, family: String, kerned: [String: Int64], settled: [String])] = [
        // ccmp makes ข kho.alt, which ก kerns (-100 units): the right glyph is substituted.
        // A lookup that sees marks kerns ง after ่ (-80 units on ง): marks are not apart.
        ("BoundaryTestA-Regular.ttf", "Boundary Test A", ["ก|ข": -100, "ก่|ง": -80], ["ก|ง", "ง|ก"]),
        // ccmp makes ิ (a mark) sarai.alt (a base), which kerns ง (-70 units) past no mark.
        ("BoundaryTestB-Regular.ttf", "Boundary Test B", ["กิ|ง": -70], ["ก|ง", "ง|ก"]),
        // ccmp makes ข kho.alt, which kerns ง (-90 units): the left glyph is replaced. A rule
        // that names ก only as its backtrack (่ after ก) replaces nothing of ก, which may be
        // the left glyph (not the right one: "ง|ก" is shaped).
        ("BoundaryTestC-Regular.ttf", "Boundary Test C", ["ข|ง": -90], ["ก|ง", "ก่|ง"]),
    ]

    /// Each trap font's kerned pairs kern as its script built them and are not proved; its
    /// plain pairs are.
    @Test(arguments: trapFonts.indices)
    func trapsAreNotProved(_ index: Int) throws {
        let trap = Self.trapFonts[index]
        let path = TestFonts.fixture("Fonts/\(trap.file)").path
        let engine = try TestFonts.withLibrary(adding: [path]) { TextEngine(fonts: $0) }
        let font = try engine.fonts.font(family: trap.family, size: 1000)
        let language = Shaper.language(for: HB_SCRIPT_THAI, preferred: nil)
        let boundaries = try #require(PieceBoundaries.analyse(font.face, script: HB_SCRIPT_THAI, language: language))
        func width(_ text: String) -> Int64 {
            Array(text.utf16).withUnsafeBufferPointer {
                Shaper.width($0, font: font, script: HB_SCRIPT_THAI, isRightToLeft: false, language: language)
            }
        }
        func kern(_ pair: String) -> (left: [UInt16], right: [UInt16], kern: Int64) {
            let parts = pair.split(separator: "|").map(String.init)
            return (Array(parts[0].utf16), Array(parts[1].utf16), width(parts[0] + parts[1]) - width(parts[0]) - width(parts[1]))
        }
        for (pair, units) in trap.kerned {
            let (left, right, kerned) = kern(pair)
            // In the font's units: ก is 500 units wide.
            #expect(kerned * 500 == units * width("ก"), "\(pair): HarfBuzz kerns \(kerned)")
            #expect(!Self.proves(boundaries, left, right), "\(pair) proved, HarfBuzz kerns \(kerned)")
        }
        for pair in trap.settled {
            let (left, right, kerned) = kern(pair)
            #expect(kerned == 0 && Self.proves(boundaries, left, right), "\(pair): kerns \(kerned)")
        }
    }

    /// Scripts whose faces the analysis is not worth reading are refused.
    @Test func otherScriptsAreNotAnalysed() throws {
        let font = try TestFonts.library.font(family: "Inter", size: 17)
        #expect(PieceBoundaries.analyse(font.face, script: HB_SCRIPT_LATIN, language: nil) == nil)
    }
}
