import CHarfBuzz
@testable import CellLayout
import Foundation
import Testing

/// Plain shaping (font tables instead of HarfBuzz for Latin text the layout tables leave
/// alone) against HarfBuzz itself and against the engine with plain shaping off.
@Suite struct PlainShapingTests {
    /// Characters Inter covers that are not plain, worked out independently with fontTools
    /// from Inter's GSUB/GPOS (`Tests/Oracles/plain_chars.py`): the `calt` lookups' case
    /// and arrow forms start at these.
    static let interNotPlain = "()*+-:<=>@[]x{}~±×÷"

    static func plainCharacters(_ face: FontFace) -> String {
        let bits = face.plainScalars
        var result = String.UnicodeScalarView()
        guard !bits.isEmpty else { return "" }
        for unit in PlainShaping.first..<PlainShaping.end {
            let bit: UInt64 = 1 << UInt64(unit & 63)
            if bits[Int(unit >> 6)] & bit != 0, let scalar = Unicode.Scalar(unit) { result.append(scalar) }
        }
        return String(result)
    }

    static func coveredCandidates(_ face: FontFace) -> String {
        var result = String.UnicodeScalarView()
        for unit in PlainShaping.first..<PlainShaping.end where PlainShaping.mayBePlain(unit) {
            if let scalar = Unicode.Scalar(unit), face.covers(scalar) { result.append(scalar) }
        }
        return String(result)
    }

    @Test(arguments: ["Inter-Regular", "Inter-Bold"])
    func interPlainSetMatchesTheFontToolsAnalysis(_ name: String) throws {
        let face = try #require(TestFonts.library.faces.first { $0.path.hasSuffix("/\(name).otf") })
        let plain = Self.plainCharacters(face)
        let expected = Self.coveredCandidates(face).unicodeScalars.filter { !Self.interNotPlain.unicodeScalars.contains($0) }
        #expect(plain == String(String.UnicodeScalarView(expected)))
    }

    /// DejaVu Sans selects different lookups for Latin and for Common text, so it gets
    /// no plain shaping (the analysis refuses rather than guess).
    @Test func dejaVuHasNoPlainSet() throws {
        let face = try #require(TestFonts.library.faces.first { $0.path.hasSuffix("/DejaVuSans.ttf") })
        #expect(Self.plainCharacters(face).isEmpty)
    }

    /// Every pair of plain ASCII characters: the kerning from the table equals HarfBuzz's
    /// width of the pair less the two alone.
    @Test func pairKerningIsHarfBuzzs() throws {
        let font = TestFonts.inter17
        let plain = try #require(PlainShaping(font: font))
        let units = (UInt16(0x20)..<0x7F).filter(plain.isPlain)
        #expect(units.count == 95 - 16)  // printable ASCII less the 16 of `interNotPlain`
        func width(_ text: [UInt16]) -> Int64 {
            text.withUnsafeBufferPointer { Shaper.shape($0, font: font, script: HB_SCRIPT_LATIN, isRightToLeft: false).width }
        }
        var kerned = 0
        for a in units {
            for b in units {
                let expected = width([a, b]) - width([a]) - width([b])
                #expect(Int64(plain.kern(a, b)) == expected, "\(a) \(b)")
                if expected != 0 { kerned += 1 }
            }
        }
        #expect(kerned > 100)  // Inter kerns: the test would be empty otherwise
    }

    /// Every distinct plain word of both corpora, shaped by HarfBuzz as one piece: the same
    /// glyphs, advances (nominal + pair kerning) and zero offsets the tables give.
    @Test(.enabled(if: TestFonts.hasCorpus, "needs ../shared/corpus beside the clone"))
    func corpusWordsShapeAsTheTablesSay() throws {
        let font = TestFonts.inter17
        let plain = try #require(PlainShaping(font: font))
        var words = Set<[UInt16]>()
        for file in ["public-10k.jsonl", "public-intl-10k.jsonl"] {
            for row in try TestFonts.jsonLines(TestFonts.corpus(file)) {
                for word in row["text"]!.string!.split(separator: " ") {
                    let units = Array((word + " ").utf16)
                    if units.allSatisfy(plain.isPlain) { words.insert(units) }
                }
            }
        }
        #expect(words.count > 20_000)
        var mismatches = 0
        for word in words {
            let shaped = word.withUnsafeBufferPointer {
                Shaper.shape($0, font: font, script: HB_SCRIPT_LATIN, isRightToLeft: false)
            }
            let advances = word.indices.map { i in
                plain.advance(word[i]) + (i + 1 < word.count ? plain.kern(word[i], word[i + 1]) : 0)
            }
            let same = shaped.glyphs == word.map { UInt32(plain.glyph($0)) } && shaped.advances == advances
                && shaped.xOffsets.allSatisfy { $0 == 0 } && shaped.yOffsets.allSatisfy { $0 == 0 }
            if !same {
                mismatches += 1
                if mismatches <= 5 { Issue.record("\(String(decoding: word, as: UTF16.self)) differs") }
            }
        }
        #expect(mismatches == 0)
    }

    /// The engine with plain shaping on and off gives the same layouts — line breaks,
    /// widths and every glyph run — for the corpus rows at three widths.
    @Test(.enabled(if: TestFonts.hasCorpus, "needs ../shared/corpus beside the clone"),
          arguments: ["public-10k.jsonl", "public-intl-10k.jsonl"])
    func engineAgreesWithPlainShapingOff(_ file: String) throws {
        let harfBuzzOnly = TextEngine(
            fonts: TestFonts.library, shapeMemoEntries: 200_000, shapeMemoBytes: 64 << 20, usesPlainShaping: false)
        let texts = try TestFonts.jsonLines(TestFonts.corpus(file)).map { $0["text"]!.string! }
        var differing: [Int] = []
        for (i, text) in texts.enumerated() where i % 4 == 0 {
            let plain = TestFonts.engine.prepare(text, font: TestFonts.inter17)
            let shaped = harfBuzzOnly.prepare(text, font: TestFonts.inter17)
            let same = [200.0, 343, 600].allSatisfy { width in
                let a = plain.fit(width: width), b = shaped.fit(width: width)
                return a.breakOffsets == b.breakOffsets && a.usedWidth == b.usedWidth
                    && (0..<a.lineCount).allSatisfy { Self.same(a.glyphRuns(ofLine: $0), b.glyphRuns(ofLine: $0)) }
            }
            if !same { differing.append(i) }
        }
        #expect(differing.isEmpty, "rows \(differing.prefix(20))")
    }

    static func same(_ a: [GlyphRun], _ b: [GlyphRun]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.font === y.font && x.glyphs == y.glyphs && x.positions == y.positions && x.utf16Offsets == y.utf16Offsets
                && x.x == y.x && x.width == y.width && x.isRightToLeft == y.isRightToLeft
        }
    }
}
