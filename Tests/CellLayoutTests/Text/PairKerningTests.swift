import CHarfBuzz
@testable import CellLayout
import Testing

/// Pair kerning read from GPOS (`PairKerning`) against HarfBuzz shaping the pair: for every
/// weight of Inter, every pair of its plain ASCII characters, and for Inter Regular every
/// pair of its plain letters of Latin-1 and Latin Extended-A too.
@Suite struct PairKerningTests {
    /// The kerning HarfBuzz gives `left` then `right` in the face's unscaled font (font
    /// units): the pair's width shaped together less each alone.
    static func shapedKern(_ face: FontFace, _ left: UInt16, _ right: UInt16, alone: inout [UInt16: Int64]) -> Int64 {
        func width(_ units: [UInt16]) -> Int64 {
            units.withUnsafeBufferPointer {
                Shaper.shape($0, hbFont: face.unscaled, script: HB_SCRIPT_LATIN, isRightToLeft: false).width
            }
        }
        for unit in [left, right] where alone[unit] == nil { alone[unit] = width([unit]) }
        return width([left, right]) - alone[left]! - alone[right]!
    }

    static func reader(_ face: FontFace) throws -> PairKerning {
        let lookups = LayoutLookups(face: face.hbFace, candidates: [])
            .lookups(in: LayoutLookups.tag("GPOS"), script: HB_SCRIPT_LATIN)
        return try #require(PairKerning(face: face.hbFace, font: face.unscaled, lookups: lookups))
    }

    @Test(arguments: ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"])
    func interPairsAreHarfBuzzs(_ weight: String) throws {
        let face = try #require(TestFonts.library.faces.first { $0.path.hasSuffix("/Inter-\(weight).otf") })
        let glyphs = try #require(FaceAnalyses().plainFace(of: face)?.glyphs)
        func isPlain(_ unit: UInt16) -> Bool { glyphs[Int(unit - PlainShaping.first)] != 0 }
        var units = (UInt16(0x20)..<0x7F).filter(isPlain)
        if weight == "Regular" { units += (UInt16(0xC0)..<0x180).filter(isPlain) }
        #expect(units.count > (weight == "Regular" ? 250 : 75))
        let reader = try Self.reader(face)
        var alone: [UInt16: Int64] = [:]
        var read = 0, kerned = 0, mismatches = 0
        for left in units {
            for right in units {
                guard let value = reader.kern(UInt32(glyphs[Int(left - PlainShaping.first)]),
                                              UInt32(glyphs[Int(right - PlainShaping.first)])) else { continue }
                read += 1
                let expected = Self.shapedKern(face, left, right, alone: &alone)
                if expected != 0 { kerned += 1 }
                if Int64(value) != expected {
                    mismatches += 1
                    if mismatches <= 5 { Issue.record("U+\(String(left, radix: 16)) U+\(String(right, radix: 16)): \(value), HarfBuzz \(expected)") }
                }
            }
        }
        #expect(mismatches == 0)
        // The tables settle (almost) every pair, and Inter kerns many: not a vacuous test.
        #expect(read * 100 >= units.count * units.count * 99, "\(read) of \(units.count * units.count) read")
        #expect(kerned > 300, "\(kerned) kerned pairs")
    }
}
