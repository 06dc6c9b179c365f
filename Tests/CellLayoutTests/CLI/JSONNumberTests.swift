@testable import CellLayout
import Testing

/// Numbers in the JSON output: rounded to thousandths, whole ones without ".0". The writer
/// prints whole numbers digit by digit (no String made): the same text as `formatted3`.
@Suite struct JSONNumberTests {
    private func written(_ number: Double) -> String {
        var writer = JSONWriter()
        writer.write(number)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Each expected text by hand: the value × 1000 rounded half away from zero, ÷ 1000;
    /// from 10¹⁵ on, not rounded, as Swift prints a double (exponent form from 2⁵³).
    @Test func wholeAndFractionalNumbersAreWrittenAsFormatted3Prints() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (7, "7"), (-7, "-7"), (10, "10"), (100, "100"), (375, "375"),
            (1_000_000, "1000000"), (999_999_999_999_999, "999999999999999"),
            (20.5, "20.5"), (343.125, "343.125"), (-12.0004, "-12"), (0.0005, "0.001"), (44.33333, "44.333"),
            (20.9996, "21"), (-0.0004, "0"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (.infinity, "null"), (.nan, "null"),
        ]
        for (value, text) in cases {
            #expect(written(value) == text, "\(value)")
            if value.isFinite { #expect(value.formatted3 == text, "\(value)") }
        }
    }

    /// Every whole number of a few digits and their halves and thirds: the digit-by-digit
    /// path and `formatted3` agree.
    @Test func theWriterAndFormatted3Agree() {
        for n in -2_000...2_000 {
            for value in [Double(n), Double(n) / 2, Double(n) / 3, Double(n) * 1_234.5] {
                #expect(written(value) == value.formatted3, "\(value)")
            }
        }
    }

    /// The rule written out as it reads (× 1000, rounded half away from zero, ÷ 1000; whole
    /// when that is whole, else Swift's shortest text; from 10¹⁵ on, not rounded). The
    /// writer takes a shortcut for whole numbers below 2⁵³ ÷ 1000, where × 1000 ÷ 1000 is
    /// exact; above it the rule moves about one whole number in eight by its rounding.
    static func byTheRule(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        guard abs(x) < 1e15 else { return String(x) }
        let rounded = (x * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// Whole numbers on both sides of the shortcut's bound, seeded random whole numbers up to
    /// 10¹⁵ and random fractions, both signs.
    @Test func wholeNumbersNearAndPastTheShortcutFollowTheRule() {
        var random = TextPropertyTests.SeededRandom(state: 3)
        var values: [Double] = [-0.0, 0.5, -0.5, 8_999_999_999_999, 9_000_000_000_000, 9_007_199_254_740, 9_007_199_254_741]
        for n in 8_999_999_999_000...9_000_000_001_000 as ClosedRange<Int64> where n % 7 == 0 { values.append(Double(n)) }
        for _ in 0..<20_000 {
            values.append(Double(Int64.random(in: 0..<1_000_000_000_000_000, using: &random)))
            values.append(Double.random(in: -1e6...1e6, using: &random))
            values.append(Double(Int64.random(in: -1_000_000_000..<1_000_000_000, using: &random)) / 1000)
        }
        for value in values + values.map(-) {
            #expect(written(value) == Self.byTheRule(value), "\(value)")
        }
    }
}
