import CHarfBuzz
@testable import CellLayout
import Foundation
import Testing

/// Plain shaping (font tables instead of HarfBuzz for Latin text the layout tables leave
/// alone) against HarfBuzz itself and against the engine with plain shaping off.
@Suite struct PlainShapingTests {
    /// Characters Inter covers that are not plain, worked out independently with fontTools
    /// from Inter's GSUB/GPOS (`Tests/Oracles/plain_chars.py`, which reads Unicode's
    /// scripts from fontTools' own data): the `calt` lookups' case and arrow forms start
    /// at these. Inter has script records for `DFLT` and `latn` only, so Greek and
    /// Cyrillic text gets the default lookups, Latin's: every Greek and Cyrillic
    /// character Inter covers is plain.
    static let interNotPlain = "()*+-:<=>@[]x{}~±×÷"

    static func plainCharacters(_ face: FontFace) -> String {
        var result = String.UnicodeScalarView()
        guard let glyphs = FaceAnalyses().plainFace(of: face)?.glyphs else { return "" }
        for (i, glyph) in glyphs.enumerated() where glyph != 0 {
            result.append(Unicode.Scalar(PlainShaping.first + UInt16(i))!)
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
        // Greek and Cyrillic are in: `plain_chars.py` counts 1,067 covered candidates in
        // Inter Regular (by fontTools' Unicode data), 19 of them not plain.
        #expect(plain.unicodeScalars.filter { (0x370..<0x530).contains($0.value) }.count > 300)
        if name == "Inter-Regular" { #expect(plain.unicodeScalars.count == 1_067 - 19) }
    }

    /// The script and language the engine shapes a piece of `units` in (the one real
    /// script among them, else Common), as the itemizer and `Shaper.language` give them.
    static func script(of units: [UInt16]) -> (hb_script_t, hb_language_t?) {
        var script = HB_SCRIPT_COMMON
        for unit in units {
            let s = Shaper.script(of: Unicode.Scalar(unit)!)
            if Shaper.isSpecific(s) { script = s; break }
        }
        return (script, Shaper.language(for: script, preferred: nil))
    }

    static func shape(_ units: [UInt16], _ font: Font) -> ShapedText {
        let (script, language) = script(of: units)
        return units.withUnsafeBufferPointer {
            Shaper.shape($0, font: font, script: script, isRightToLeft: false, language: language)
        }
    }

    /// DejaVu Sans selects different lookups for Latin and for Common text, so it gets
    /// no plain shaping (the analysis refuses rather than guess).
    @Test func dejaVuHasNoPlainSet() throws {
        let face = try #require(TestFonts.library.faces.first { $0.path.hasSuffix("/DejaVuSans.ttf") })
        #expect(Self.plainCharacters(face).isEmpty)
    }

    /// Every pair of plain ASCII characters, and of plain Greek or Cyrillic letters with
    /// each other and with ASCII punctuation, at three sizes: the kerning kept per face
    /// in font units and scaled to the size equals HarfBuzz's width of the pair (in the
    /// pair's script and language) less the two alone — measured when the pair is first
    /// met, and read back from the face's table (kept with its sign bit flipped, 0 meaning
    /// never met) the second time.
    @Test(arguments: [17.0, 13.5, 31])
    func pairKerningIsHarfBuzzs(size: Double) throws {
        let font = try TestFonts.library.font(family: "Inter", size: size)
        let plain = try #require(PlainShaping(font: font, analyses: FaceAnalyses()))
        let ascii = (UInt16(0x20)..<0x7F).filter(plain.isPlain)
        #expect(ascii.count == 95 - 16)  // printable ASCII less the 16 of `interNotPlain`
        let punctuation = ascii.filter { !Character(Unicode.Scalar($0)!).isLetter }
        let greek = (UInt16(0x391)...0x3C9).filter(plain.isPlain)
        let cyrillic = (UInt16(0x410)...0x44F).filter(plain.isPlain)
        #expect(greek.count > 40 && cyrillic.count == 64)
        var pairs = ascii.flatMap { a in ascii.map { [a, $0] } }
        for letters in [greek, cyrillic] {
            let units = letters + punctuation
            pairs += units.flatMap { a in units.map { [a, $0] } }
        }
        func width(_ text: [UInt16]) -> Int64 { Self.shape(text, font).width }
        var kerned = 0
        for pair in pairs {
            let expected = width(pair) - width([pair[0]]) - width([pair[1]])
            #expect(Int64(plain.kern(pair[0], pair[1])) == expected, "\(pair)")
            if expected != 0 { kerned += 1 }
        }
        for pair in pairs {
            let expected = width(pair) - width([pair[0]]) - width([pair[1]])
            #expect(Int64(plain.kern(pair[0], pair[1])) == expected, "known: \(pair)")
        }
        #expect(kerned > 200)  // Inter kerns: the test would be empty otherwise
    }

    /// Every plain character alone, at two sizes: HarfBuzz gives its nominal glyph and
    /// advance, in its own script and language.
    @Test func everyPlainCharacterAloneIsNominal() throws {
        for size in [17.0, 11] {
            let font = try TestFonts.library.font(family: "Inter", size: size)
            let plain = try #require(PlainShaping(font: font, analyses: FaceAnalyses()))
            for unit in PlainShaping.first..<PlainShaping.end where plain.isPlain(unit) {
                let shaped = Self.shape([unit], font)
                #expect(shaped.count == 1 && shaped.glyph(0) == UInt32(plain.glyph(unit)) && shaped.advance(0) == plain.advance(unit),
                        "U+\(String(unit, radix: 16)) at \(size)")
            }
        }
    }

    /// Every distinct plain word of the committed corpus slices (Latin, Greek or Cyrillic),
    /// shaped by HarfBuzz as one piece in its script and language: the same glyphs,
    /// advances (nominal + pair kerning) and zero offsets the tables give.
    @Test func corpusWordsShapeAsTheTablesSay() throws {
        let font = TestFonts.inter17
        let plain = try #require(PlainShaping(font: font, analyses: FaceAnalyses()))
        var words = Set<[UInt16]>()
        for text in TestFonts.sliceTexts {
            for word in text.split(separator: " ") {
                let units = Array((word + " ").utf16)
                guard units.allSatisfy(plain.isPlain) else { continue }
                let scripts = Set(units.map { PlainShaping.scriptClass($0) }).subtracting([.common])
                if scripts.count <= 1 { words.insert(units) }
            }
        }
        #expect(words.count > 8_000)
        // The slices hold no Greek: Greek is checked by pairs and alone (above).
        let cyrillic = words.filter { $0.contains { PlainShaping.scriptClass($0) == .cyrillic } }.count
        #expect(cyrillic > 300, "\(cyrillic) Cyrillic words")
        var mismatches = 0
        for word in words {
            let shaped = Self.shape(word, font)
            let advances = word.indices.map { i in
                plain.advance(word[i]) + (i + 1 < word.count ? plain.kern(word[i], word[i + 1]) : 0)
            }
            let glyphs = (0..<shaped.count).map(shaped.glyph)
            let same = glyphs == word.map { UInt32(plain.glyph($0)) } && (0..<shaped.count).map(shaped.advance) == advances
                && (0..<shaped.count).allSatisfy { shaped.xOffset($0) == 0 && shaped.yOffset($0) == 0 }
            if !same {
                mismatches += 1
                if mismatches <= 5 { Issue.record("\(String(decoding: word, as: UTF16.self)) differs") }
            }
        }
        #expect(mismatches == 0)
    }

    /// Paragraphs measured from the tables in an engine of their own — first while their
    /// pairs are new to the face's kerning table (each unit met with a new pair leaves the
    /// loop over known pairs for the general step, and the loop takes over again after it),
    /// then again with every pair known — against the engine with plain shaping off
    /// (HarfBuzz for every piece): every cluster's advance and kerning the same, and the same
    /// glyph runs. Plain paragraphs (one script, "Wave, Tokyo…") and plain pieces between
    /// shaped ones (Han, an emoji, Arabic) both.
    @Test func newAndKnownPairsMeasureAsHarfBuzz() throws {
        let engine = TextEngine(fonts: TestFonts.library)
        let harfBuzzOnly = TextEngine(
            fonts: TestFonts.library, shapeMemoEntries: 10_000, shapeMemoBytes: 16 << 20, usesPlainShaping: false)
        let texts = [
            "AVATAR Wave To your Yacht, Vanya. Tyler's Voyage AWAY at Tokyo; 7.5 V.A LT Fjord",
            "Wave To AVA: PRIVET, Лёва ВАТА «Утро» — Yo! T.V. P.A.W.",
            "AVATAR 東京 Wave To 🚀 your Yacht مرحبا Tyler AWAY",
            "Quick zephyrs blow, vexing daft Jim. AVATAR Wave To your Yacht",
        ]
        for pass in 0..<2 {
            for text in texts {
                let plain = engine.prepare(text, font: TestFonts.inter17)
                let shaped = harfBuzzOnly.prepare(text, font: TestFonts.inter17)
                #expect(plain.paragraphs.count == 1 && shaped.paragraphs.count == 1)
                let a = plain.paragraphs[0], b = shaped.paragraphs[0]
                #expect(a.clusterCount == b.clusterCount, "\(text)")
                let clusters = 0..<min(a.clusterCount, b.clusterCount)
                #expect(clusters.map(a.advance) == clusters.map(b.advance), "advances, pass \(pass): \(text)")
                #expect(clusters.map(a.kern) == clusters.map(b.kern), "kerning, pass \(pass): \(text)")
                #expect(a.pieces.contains { $0.shaped == nil }, "a piece measured from the tables: \(text)")
                #expect(clusters.contains { a.kern($0) != 0 }, "kerned pairs: \(text)")
                let x = plain.fit(width: 10_000), y = shaped.fit(width: 10_000)
                #expect(Self.same(x.glyphRuns(ofLine: 0), y.glyphRuns(ofLine: 0)), "glyph runs: \(text)")
            }
        }
    }

    static func same(_ a: [GlyphRun], _ b: [GlyphRun]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.font === y.font && x.glyphs == y.glyphs && x.positions == y.positions && x.utf16Offsets == y.utf16Offsets
                && x.x == y.x && x.width == y.width && x.isRightToLeft == y.isRightToLeft
        }
    }
}
