extension Double {
    /// The value rounded to at most three decimals and printed without a trailing ".0"
    /// (`21`, `20.5`, `343.125`), the form every number takes in the JSON output.
    public var formatted3: String {
        switch rounded3 {
        case .whole(let whole): String(whole)
        case .fraction(let value): String(value)
        }
    }

    /// Appends `formatted3`'s text to `bytes`: a whole number (most of a layout's
    /// figures) digit by digit, without making a String of it.
    package func appendFormatted3(to bytes: inout [UInt8]) {
        switch rounded3 {
        case .whole(let whole):
            whole.appendDecimal(to: &bytes)
        case .fraction(let value):
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// What `formatted3` prints: a whole number, or a double to print as Swift does.
    private enum Rounded3 {
        case whole(Int64)
        case fraction(Double)
    }

    /// The value rounded to thousandths, the one rule of `formatted3` and `appendFormatted3`.
    private var rounded3: Rounded3 {
        // Past 10¹⁵ a double has no thousandths to round (and × 1000 could overflow to inf).
        guard abs(self) < 1e15 else { return .fraction(self) }
        let rounded = (self * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return .whole(Int64(rounded)) }
        return .fraction(rounded)
    }
}

extension Int64 {
    /// Appends the number in decimal (`String(self)`'s text) to `bytes`: its digits made
    /// from the last in a buffer on the stack, then appended in one copy.
    package func appendDecimal(to bytes: inout [UInt8]) {
        // Int64.min: a sign and 19 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count, magnitude = self.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if self < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
