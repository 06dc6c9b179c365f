import CHarfBuzz
import CellLayoutFontLibrary
@testable import CellLayoutPrepare
import Testing

/// `ShapedText`'s columns (count, width and six columns in one allocation) read back what
/// they were made of: HarfBuzz's own buffer for shaped text, the given columns for the
/// columns initializer.
@Suite struct ShapedTextTests {
    /// Seeded random strings of Latin, Hebrew (with points), Devanagari and Arabic letters
    /// in DejaVu Sans and Inter, with the script's sample language or none, shaped by
    /// `Shaper.shape` (in the thread's kept buffer, `ShapingBuffer`, one after another: what
    /// one shaping set must not reach the next) and by `hb_shape` here in a new buffer: each
    /// glyph's id, advance, offsets and cluster are HarfBuzz's, and the width is the
    /// advances' sum. One string in 20 is longer than a kept buffer's text.
    @Test(arguments: [1, 2])
    func shapedColumnsAreHarfBuzzsGlyphs(seed: UInt64) throws {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabets: [(script: hb_script_t, rtl: Bool, units: [UInt16])] = [
            (HB_SCRIPT_LATIN, false, Array("AVTaofi.éWy".utf16)),
            (HB_SCRIPT_HEBREW, true, [0x5E9, 0x5B8, 0x5C1, 0x5DC, 0x5D5, 0x5B9, 0x5DD]),
            (HB_SCRIPT_DEVANAGARI, false, [0x915, 0x94D, 0x937, 0x93F, 0x928, 0x926, 0x940]),
            (HB_SCRIPT_ARABIC, true, [0x644, 0x627, 0x645, 0x639, 0x631, 0x628, 0x64A]),
        ]
        let fonts = try ["DejaVu Sans", "Inter"].map { try TestFonts.library.font(family: $0, size: 17) }
        for _ in 0..<200 {
            let alphabet = alphabets[next(alphabets.count)]
            let font = fonts[next(fonts.count)]
            let length = next(20) == 0 ? ShapingBuffer.keptUnits + next(100) : next(24)
            let units = (0..<length).map { _ in alphabet.units[next(alphabet.units.count)] }
            let language = next(2) == 0 ? Shaper.language(for: alphabet.script, preferred: nil) : nil
            let shaped = units.withUnsafeBufferPointer {
                Shaper.shape($0, font: font, script: alphabet.script, isRightToLeft: alphabet.rtl, language: language)
            }
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_utf16(buffer, units, Int32(units.count), 0, Int32(units.count))
            hb_buffer_set_script(buffer, alphabet.script)
            if let language { hb_buffer_set_language(buffer, language) }
            hb_buffer_set_direction(buffer, alphabet.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_shape(font.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            // Nil for an empty buffer.
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            #expect(shaped.count == Int(count))
            var width: Int64 = 0
            for i in 0..<min(shaped.count, Int(count)) {
                guard let infos, let positions else { break }
                #expect(shaped.glyph(i) == infos[i].codepoint)
                #expect(shaped.advance(i) == positions[i].x_advance)
                #expect(shaped.xOffset(i) == positions[i].x_offset)
                #expect(shaped.yOffset(i) == positions[i].y_offset)
                #expect(shaped.cluster(i) == Int32(infos[i].cluster))
                width += Int64(positions[i].x_advance)
            }
            #expect(shaped.width == width)
        }
    }

    /// Random columns of 0 to 50 glyphs read back column by column.
    @Test func columnsReadBackWhatTheyWereMadeOf() {
        var state: UInt64 = 7
        func next() -> Int32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32(truncatingIfNeeded: state >> 32)
        }
        for n in 0...50 {
            let columns = (0..<6).map { _ in (0..<n).map { _ in next() } }
            let shaped = ShapedText(glyphs: columns[0].map { UInt32(bitPattern: $0) }, advances: columns[1],
                                    xOffsets: columns[2], yOffsets: columns[3], clusters: columns[4], kerns: columns[5])
            #expect(shaped.count == n)
            #expect(shaped.width == columns[1].reduce(0) { $0 + Int64($1) })
            for i in 0..<n {
                #expect(shaped.glyph(i) == UInt32(bitPattern: columns[0][i]))
                #expect(shaped.advance(i) == columns[1][i])
                #expect(shaped.xOffset(i) == columns[2][i])
                #expect(shaped.yOffset(i) == columns[3][i])
                #expect(shaped.cluster(i) == columns[4][i])
                #expect(shaped.kern(i) == columns[5][i])
            }
        }
    }
}
