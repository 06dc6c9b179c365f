/// Binary search, written once: the offset index, the blocked arrays, the table's sections
/// and the glyph runs' clusters all find their place with it.
///
/// `@usableFromInline`: the `@inlinable` members of a package type that is not are kept
/// calls from every other module (the generic `lastStart` unspecialized).
@usableFromInline
package enum Bisection {
    /// The first index in `range` at which `isPast` holds, or `range.upperBound` when it
    /// holds nowhere. `isPast` must be false, then true, across the range (a partition).
    /// - Complexity: O(log n) calls of `isPast`.
    @inlinable
    package static func firstIndex(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The last index `i` of the ascending `starts` with `starts[i] <= value`: the block,
    /// section or run that holds `value` (0 when `value` precedes every start).
    @inlinable
    package static func lastStart<C: RandomAccessCollection>(in starts: C, notAfter value: C.Element) -> Int
    where C.Element: Comparable, C.Index == Int {
        max(0, firstIndex(in: starts.startIndex..<starts.endIndex) { starts[$0] > value } - 1)
    }
}
