extension Double {
    /// The value rounded to at most three decimals and printed without a trailing ".0"
    /// (`21`, `20.5`, `343.125`), the form every number takes in the JSON output.
    public var formatted3: String {
        let rounded = (self * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        return String(rounded)
    }
}
