extension Double {
    /// The value rounded to at most three decimals and printed without a trailing ".0"
    /// (`21`, `20.5`, `343.125`), the form every number takes in the JSON output.
    public var formatted3: String {
        // Past 10¹⁵ a double has no thousandths to round (and × 1000 could overflow to inf).
        guard abs(self) < 1e15 else { return String(self) }
        let rounded = (self * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        return String(rounded)
    }
}
