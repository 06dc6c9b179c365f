extension Double {
    /// The value rounded to at most three decimals and printed without a trailing ".0"
    /// (`21`, `20.5`, `343.125`), the form every number takes in the JSON output.
    public var formatted3: String {
        switch rounded3 {
        case .whole(let whole): String(whole)
        case .fraction(let value): String(value)
        }
    }

    /// The most bytes `writeFormatted3(to:)` writes: Swift's longest double,
    /// `-2.2250738585072014e-308`, is 24.
    package static var formatted3Capacity: Int { 32 }

    /// Writes `formatted3`'s text at `start`, which has room for `formatted3Capacity` bytes:
    /// a whole number (most of a layout's figures) digit by digit, without making a String
    /// of it. Returns how many bytes it wrote.
    package func writeFormatted3(to start: UnsafeMutablePointer<UInt8>) -> Int {
        switch rounded3 {
        case .whole(let whole):
            return whole.writeDecimal(to: start)
        case .fraction(let value):
            var text = String(value)
            return text.withUTF8 { utf8 in
                precondition(utf8.count <= Self.formatted3Capacity, "a double printed in more than 32 bytes")
                start.initialize(from: utf8.baseAddress!, count: utf8.count)
                return utf8.count
            }
        }
    }

    /// What `formatted3` prints: a whole number, or a double to print as Swift does.
    private enum Rounded3 {
        case whole(Int64)
        case fraction(Double)
    }

    /// The value rounded to thousandths, the one rule of `formatted3` and `writeFormatted3`.
    private var rounded3: Rounded3 {
        // A whole number below 2⁵³ ÷ 1000 comes back from × 1000 ÷ 1000 exactly (every step
        // exact), so it is itself: most of a layout's figures, without two calls to round().
        if abs(self) < 9e12, let whole = Int64(exactly: self) { return .whole(whole) }
        // Past 10¹⁵ a double has no thousandths to round (and × 1000 could overflow to inf).
        guard abs(self) < 1e15 else { return .fraction(self) }
        let rounded = (self * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return .whole(Int64(rounded)) }
        return .fraction(rounded)
    }
}

extension Int64 {
    /// Writes the number in decimal (`String(self)`'s text) at `start`, which has room for
    /// 20 bytes (`Int64.min`: a sign and 19 digits). Returns how many bytes it wrote.
    package func writeDecimal(to start: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1, rest = self.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        var end = digits
        if self < 0 {
            start.initialize(to: UInt8(ascii: "-"))
            end += 1
        }
        var magnitude = self.magnitude, i = end
        repeat {
            i -= 1
            (start + i).initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        return end
    }
}
