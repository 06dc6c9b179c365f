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
    ]

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
