@testable import CellLayout
import Testing

/// Strings and whole numbers in the JSON output. The writer appends the runs of a string
/// between escapes whole and a number's digits from a buffer; each is checked against the
/// rule written out byte by byte here (RFC 8259 §7 as SPEC.md's output uses it: `"`, `\`,
/// line feed, carriage return and tab by their short escapes, every other byte below 0x20
/// as `\u00xx` in lower-case hex, every other byte as it is) and `String(n)`.
@Suite struct JSONStringTests {
    /// The escaping rule, one byte at a time.
    static func escaped(_ string: String) -> String {
        var out: [UInt8] = [0x22]
        for byte in string.utf8 {
            switch byte {
            case 0x22: out += Array(#"\""#.utf8)
            case 0x5C: out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        return String(decoding: out + [0x22], as: UTF8.self)
    }

    private func written(_ string: String) -> String {
        var writer = JSONWriter()
        writer.write(string)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func handPickedStrings() throws {
        let cases: [(String, String)] = [
            ("", #""""#), ("textLabel", #""textLabel""#), ("a\"b", #""a\"b""#), ("\\", #""\\""#),
            ("\n\r\t", #""\n\r\t""#), ("\u{0}\u{1f}", #""\u0000\u001f""#), ("é😀\u{7f}", "\"é😀\u{7f}\""),
            ("\"\"", #""\"\"""#), ("end\\", #""end\\""#),
        ]
        for (string, text) in cases {
            #expect(written(string) == text, "\(string.debugDescription)")
            #expect(try JSONParser.parse(text) == .string(string))
        }
    }

    /// Seeded random strings of quotes, backslashes, control characters, ASCII and
    /// multi-byte characters, from empty to long (escapes at the ends, side by side, none).
    @Test func randomStringsAreWrittenAsTheRuleSays() throws {
        var random = TextPropertyTests.SeededRandom(state: 22)
        let pieces: [String] = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1b}", "\u{1f}", " ", "a", "Z", "0", "é", "→", "😀",
                                "\u{7f}", "\u{2028}", "word", "/"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &random)
            let string = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            let text = written(string)
            #expect(text == Self.escaped(string), "\(string.debugDescription)")
            #expect(try JSONParser.parse(text) == .string(string))
        }
    }

    /// Whole numbers: the text `String(n)` gives, at the extremes and on seeded random values
    /// of every length.
    @Test func wholeNumbersAreWrittenAsStringPrintsThem() {
        var random = TextPropertyTests.SeededRandom(state: 5)
        var values = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for digits in 1...18 {
            let limit = (0..<digits).reduce(1) { r, _ in r * 10 }
            for _ in 0..<20 { values.append(Int.random(in: -limit...limit, using: &random)) }
        }
        for value in values {
            var writer = JSONWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }
}
