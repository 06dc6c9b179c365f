/// Bits of `PreparedParagraph.flags`, and the rules read from them.
///
/// `@usableFromInline`, as `PreparedParagraph` is: an `@inlinable` member of a package type
/// that is not is never inlined into another module (each call a real call).
@usableFromInline
package enum ClusterFlags {
    /// The cluster is white space that hangs at a line end (does not count toward width).
    @inlinable
    package static var whitespace: UInt8 { 1 }

    /// Whether cluster `index` of `flags` is white space that hangs at a line end.
    @inlinable
    package static func isWhiteSpace(_ flags: UnsafeMutableBufferPointer<UInt8>, _ index: Int) -> Bool {
        flags[index] & whitespace != 0
    }

    /// Where the content of clusters `start..<end` ends: `end`, less the white space at
    /// its end, which hangs at a line end. The one place this rule is written: segments,
    /// lines, truncation, glyph runs and justification all ask it.
    @inlinable
    package static func contentEnd(_ flags: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var contentEnd = end
        while contentEnd > start, flags[contentEnd - 1] & whitespace != 0 { contentEnd -= 1 }
        return contentEnd
    }
}
