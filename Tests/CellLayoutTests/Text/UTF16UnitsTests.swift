import CellLayoutPrepare
import Testing

/// `UTF16Units`, the one-pass UTF-8 → UTF-16 transcoder every prepared text starts with,
/// against the standard library's UTF-16 view (`Array(text.utf16)`) and Unicode's encoding
/// forms (chapter 3, Tables 3-6 and 3-7).
@Suite struct UTF16UnitsTests {
    static func units(_ bytes: [UInt8]) -> [UInt16]? {
        bytes.withUnsafeBufferPointer { UTF16Units.transcode($0) }
    }

    /// Every path gives the standard library's units for `text`: the array, the scalar
    /// fallback, and the temporary buffer (on the stack or the heap, by the text's length).
    func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Array(text.utf16)
        #expect(UTF16Units.of(text) == expected, "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(UTF16Units.byScalars(text) == expected, "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(UTF16Units.withUnits(of: text) { Array($0) } == expected, "\(text.debugDescription)",
                sourceLocation: sourceLocation)
        // Written after three units already there, into room for its UTF-8 count (an
        // attributed text's runs, one after another in one buffer): the units before it kept.
        var buffer = [UInt16](repeating: 0xFFFF, count: 3 + text.utf8.count)
        let written = buffer.withUnsafeMutableBufferPointer { UTF16Units.write(text, into: $0.baseAddress! + 3) }
        #expect(written == expected.count && Array(buffer[3..<(3 + written)]) == expected
                && buffer[..<3].allSatisfy { $0 == 0xFFFF }, "\(text.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func unitsByHand() {
        // Bytes and units from the Unicode Standard, 3.9: a scalar below U+10000 is one unit
        // of its own value; above, D800 + (v − 10000) >> 10 and DC00 + (v − 10000) & 3FF.
        #expect(Self.units([]) == [])
        #expect(Self.units([0x41, 0x0A]) == [0x41, 0x0A])
        #expect(Self.units([0xC3, 0xA9]) == [0xE9], "é U+00E9: 110_00011 10_101001")
        #expect(Self.units([0xE2, 0x80, 0x9C, 0x61]) == [0x201C, 0x61], "“ U+201C then a")
        #expect(Self.units([0xE2, 0x82, 0xAC]) == [0x20AC], "€ U+20AC: 1110_0010 10_000010 10_101100")
        #expect(Self.units([0xF0, 0x9F, 0x98, 0x80]) == [0xD83D, 0xDE00],
                "😀 U+1F600: F600 → D800 + 0x3D, DC00 + 0x200")
        #expect(Self.units([0xEF, 0xBB, 0xBF]) == [0xFEFF], "a byte order mark is a character like any other")
    }

    @Test func everyScalarClassBoundary() {
        // The last and first scalar of each UTF-8 length and of the surrogate gap, alone,
        // between ASCII, and next to each other.
        let edges: [UInt32] = [0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF,
                               0x10000, 0x10FFFF, 0xFFFE, 0x1000, 0xCFFF, 0x40000, 0x100000]
        let scalars = edges.map { Character(Unicode.Scalar($0)!) }
        for c in scalars {
            check(String(c))
            check("a\(c)b")
            for d in scalars { check("\(c)\(d)") }
        }
        #expect(UTF16Units.of("\u{7F}\u{80}") == [0x7F, 0x80])
        #expect(UTF16Units.of("\u{7FF}\u{800}") == [0x7FF, 0x800])
        #expect(UTF16Units.of("\u{FFFF}\u{10000}") == [0xFFFF, 0xD800, 0xDC00])
        #expect(UTF16Units.of("\u{10FFFF}") == [0xDBFF, 0xDFFF])
    }

    @Test func everyPositionAroundTheSixteenByteChunks() {
        // ASCII goes 16 bytes at a time: a scalar of each length at every offset of the
        // first three chunks, with ASCII before and after, and ill-formed bytes likewise.
        let scalars = ["\u{7F}", "é", "“", "\u{FFFF}", "😀", "\u{10FFFF}"]
        for before in 0..<50 {
            for scalar in scalars {
                for after in [0, 1, 15, 16, 17, 40] {
                    check(String(repeating: "a", count: before) + scalar + String(repeating: "z", count: after))
                }
            }
            let ascii = [UInt8](repeating: 0x61, count: before)
            #expect(Self.units(ascii + [0x80] + ascii) == nil, "a stray continuation byte after \(before) ASCII bytes")
            #expect(Self.units(ascii + [0xE2, 0x82] + ascii) == nil, "a cut sequence after \(before) ASCII bytes")
            #expect(Self.units(ascii) == ascii.map(UInt16.init))
        }
    }

    @Test func everyBMPScalarAndEveryPlaneStart() {
        var text = ""
        for value in UInt32(0)..<0x11_0000 where value < 0x10000 || value & 0xFFF == 0 || value & 0xFFF == 0xFFF {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        check(text)
    }

    @Test func illFormedBytesAreRefused() {
        // Unicode's Table 3-7 and the sequences it leaves out: the slow path takes these.
        let refused: [(bytes: [UInt8], why: String)] = [
            ([0x80], "a stray continuation byte"),
            ([0x61, 0xBF], "a continuation byte after ASCII"),
            ([0xC0, 0x80], "overlong U+0000"), ([0xC1, 0xBF], "overlong U+007F"),
            ([0xC3], "a 2-byte lead at the end"), ([0xC3, 0x41], "a 2-byte lead before ASCII"),
            ([0xE0, 0x9F, 0xBF], "overlong U+07FF"), ([0xED, 0xA0, 0x80], "surrogate U+D800"),
            ([0xED, 0xBF, 0xBF], "surrogate U+DFFF"), ([0xE2, 0x82], "a 3-byte sequence cut short"),
            ([0xE2, 0x82, 0x41], "a 3-byte sequence's last byte ASCII"),
            ([0xF0, 0x8F, 0xBF, 0xBF], "overlong U+FFFF"), ([0xF4, 0x90, 0x80, 0x80], "U+110000"),
            ([0xF5, 0x80, 0x80, 0x80], "a lead above F4"), ([0xFF], "FF"),
            ([0xF0, 0x9F, 0x98], "a 4-byte sequence cut short"),
            ([0xF0, 0x9F, 0x98, 0x41], "a 4-byte sequence's last byte ASCII"),
        ]
        for (bytes, why) in refused { #expect(Self.units(bytes) == nil, "\(why)") }
        // The extremes Table 3-7 allows.
        #expect(Self.units([0xED, 0x9F, 0xBF]) == [0xD7FF])
        #expect(Self.units([0xEE, 0x80, 0x80]) == [0xE000])
        #expect(Self.units([0xF4, 0x8F, 0xBF, 0xBF]) == [0xDBFF, 0xDFFF])
        #expect(Self.units([0xF0, 0x90, 0x80, 0x80]) == [0xD800, 0xDC00])
    }

    @Test func seededRandomStrings() {
        // Runs of ASCII and of scalars drawn from each UTF-8 length, as in real text.
        var random = TextPropertyTests.SeededRandom(state: 22)
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x00...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let range = ranges.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
            check(text)
        }
    }

    @Test func emptyAndOneMegabyteStrings() {
        check("")
        check(String(repeating: "The quick brown fox. ", count: 50_000))
        check(String(repeating: "naïve café “quoted” 中文 😀 ", count: 30_000))
        let ascii = String(repeating: "x", count: 1 << 20)
        #expect(UTF16Units.of(ascii).count == 1 << 20)
    }

    @Test func aroundTheStackBuffersEnd() {
        // Texts of stackBytes - 4 ... stackBytes + 4 UTF-8 bytes, ending in a scalar of each
        // length: the last ones on the stack and the first ones on the heap, whole.
        let limit = UTF16Units.stackBytes
        for tail in ["a", "é", "€", "😀"] {
            for length in limit - 4...limit + 4 where length >= tail.utf8.count {
                let text = String(repeating: "x", count: length - tail.utf8.count) + tail
                #expect(text.utf8.count == length)
                check(text)
            }
        }
        // Nested calls each have their own units.
        let outer = UTF16Units.withUnits(of: "outer text") { outer in
            UTF16Units.withUnits(of: "inner") { Array($0) } + Array(outer)
        }
        #expect(outer == Array("innerouter text".utf16))
    }

    @Test func theSlicesTexts() {
        for text in TestFonts.sliceTexts { check(text) }
    }
}
