/// The widths of a segment that filling lines reads.
@usableFromInline
package protocol SegmentWidths {
    /// The width without the trailing white space, in layout units.
    var width: Int64 { get }
    /// The width of the trailing white space (and of the kerning with the next segment),
    /// in layout units: it counts only when more text follows on the line.
    var trailing: Int64 { get }
}

/// A segment's widths at full size: a segment not packed (`PackedSegment.wide`: wider than
/// 32 bits, or of a negative advance).
@usableFromInline
package struct Segment: SegmentWidths, Sendable {
    @usableFromInline package let width: Int64
    @usableFromInline package let trailing: Int64

    @inlinable
    package init(width: Int64, trailing: Int64) {
        self.width = width
        self.trailing = trailing
    }
}

/// A segment's widths in 32 bits each (`PreparedText.packedSegments`), or a mark: the end
/// of a paragraph, the line metrics of the segments that follow, or a segment whose widths
/// follow at full size.
///
/// A segment keeps its width and its *advance* (the width with the trailing white space):
/// a line's reach grows by the advance, one add on the quick re-fit's dependency chain.
/// Marks take the three greatest widths, so that a mark fails the greedy rule by itself on
/// any line narrower than `joinableWidths` whose reach is not negative: every packed
/// advance is (`init?(width:trailing:)`), so the quick re-fit's loop needs no mark test.
/// Packed widths are not negative either, so that loop can count the room left on a line
/// in 32 bits (`GreedyRule.joins(_:room:)`).
@usableFromInline
package struct PackedSegment: SegmentWidths, Sendable {
    /// The width of a segment (never negative); a mark's kind.
    @usableFromInline package let packedWidth: Int32
    /// The advance of a segment (never negative); a metrics mark's value (`metricsIndex`).
    @usableFromInline package let packedAdvance: Int32

    @inlinable
    package var width: Int64 { Int64(packedWidth) }
    /// The width with the trailing white space: how far the next segment on the line starts
    /// after this one's start. Never negative.
    @inlinable
    package var advance: Int64 { Int64(packedAdvance) }
    @inlinable
    package var trailing: Int64 { Int64(packedAdvance) - Int64(packedWidth) }
    /// Whether this is a mark rather than a segment (widths of `Int32.max` and the two
    /// below it are not packed: they take `wide`).
    @inlinable
    package var isMark: Bool { packedWidth >= Int32.max - 2 }
    /// Whether this is the mark that ends a paragraph.
    @inlinable
    package var endsParagraph: Bool { packedWidth == Int32.max }
    /// Whether this is the mark of a segment whose widths are not packed: they are the two
    /// entries after it (`Segment(wide:trailing:)`).
    @inlinable
    var isWide: Bool { packedWidth == Int32.max - 2 }
    /// For a metrics mark: the index in `PreparedText.segmentMetrics`, or with
    /// `PreparedText.hasLinePitches` the bits of the runs' metrics (`SegmentMetrics.values`).
    @inlinable
    package var metricsIndex: Int { Int(packedAdvance) }

    /// Lines narrower than this, in layout units (2 million points), see every mark fail
    /// the greedy rule (`GreedyRule.joins`) after a reach that is not negative: a mark's
    /// width is at least `Int32.max - 2`.
    @inlinable
    package static var joinableWidths: Int64 { Int64(Int32.max - 2) }

    /// An entry of 64 bits `bits` (half a Double of the line metrics before the segments,
    /// or a wide segment's width or trailing width).
    @usableFromInline package init(bits: UInt64) {
        packedWidth = Int32(truncatingIfNeeded: bits)
        packedAdvance = Int32(truncatingIfNeeded: bits >> 32)
    }

    /// The entry's 64 bits.
    @inlinable
    package var bits: UInt64 { UInt64(UInt32(bitPattern: packedWidth)) | UInt64(UInt32(bitPattern: packedAdvance)) << 32 }

    @usableFromInline
    init(packedWidth: Int32, packedAdvance: Int32) {
        self.packedWidth = packedWidth
        self.packedAdvance = packedAdvance
    }

    /// The segment of widths `width` and `trailing` (layout units), if its width and its
    /// advance fit in 32 bits, are not negative, and the width is not taken for a mark; nil
    /// for a wide segment.
    /// (Each range in one unsigned comparison, wrapping arithmetic: the builder's widths are
    /// sums of at most 2^26 advances of at most 100,000 pt: within 2^53 layout units.)
    @inlinable
    package init?(width: Int64, trailing: Int64) {
        let advance = width &+ trailing
        guard UInt64(bitPattern: width) < UInt64(Int32.max - 2),
              UInt64(bitPattern: advance) <= UInt64(Int32.max) else { return nil }
        self.init(packedWidth: Int32(truncatingIfNeeded: width), packedAdvance: Int32(truncatingIfNeeded: advance))
    }

    /// The mark after each paragraph's segments.
    @usableFromInline package static let paragraphEnd = PackedSegment(packedWidth: Int32.max, packedAdvance: 0)

    /// The mark before a wide segment's two entries.
    @usableFromInline package static let wide = PackedSegment(packedWidth: Int32.max - 2, packedAdvance: 0)

    /// The mark before segments whose line metrics are `PreparedText.segmentMetrics[index]`
    /// (or the union of the bits `index`: `metricsIndex`).
    @usableFromInline package static func metrics(_ index: Int32) -> PackedSegment {
        PackedSegment(packedWidth: Int32.max - 1, packedAdvance: index)
    }

    /// Copies `entries` (segments and paragraph ends, as the builder wrote them) into
    /// `block`, with a metrics mark wherever `metrics` (`SegmentMetrics.values`: one per
    /// segment, and one per empty paragraph) changes.
    @usableFromInline package static func mark(_ entries: UnsafeBufferPointer<PackedSegment>, metrics: [Int32],
                     into block: UnsafeMutableBufferPointer<PackedSegment>) {
        var i = 0, entry = 0, current: Int32 = -1, r = 0
        var paragraphIsEmpty = true
        func mark() {
            if metrics[entry] != current {
                current = metrics[entry]
                block.initializeElement(at: i, to: .metrics(current))
                i += 1
            }
            entry += 1
        }
        func copy(_ count: Int) {
            for k in 0..<count { block.initializeElement(at: i + k, to: entries[r + k]) }
            i += count
            r += count
        }
        while r < entries.count {
            let item = entries[r]
            if item.endsParagraph {
                if paragraphIsEmpty { mark() }
                copy(1)
                paragraphIsEmpty = true
            } else {
                mark()
                copy(item.isWide ? 3 : 1)
                paragraphIsEmpty = false
            }
        }
    }
}

extension Segment {
    /// The wide segment whose widths are the two entries after a `PackedSegment.wide` mark.
    @inlinable
    package init(wide width: PackedSegment, trailing: PackedSegment) {
        self.width = Int64(bitPattern: width.bits)
        self.trailing = Int64(bitPattern: trailing.bits)
    }
}

/// Reads a text's packed segments paragraph after paragraph, for filling lines: the
/// next segment's widths (metrics marks skipped, wide segments unpacked), then past the
/// paragraph's end.
@usableFromInline
package struct PackedSegmentReader {
    @usableFromInline package let entries: UnsafeBufferPointer<PackedSegment>
    @usableFromInline var index = 0

    @inlinable
    package init(_ entries: UnsafeBufferPointer<PackedSegment>) { self.entries = entries }

    /// The widths of the paragraph's next segment.
    @inlinable
    package mutating func next() -> Segment {
        let entry = entries[index]
        index += 1
        return entry.isMark ? next(after: entry) : Segment(width: entry.width, trailing: entry.trailing)
    }

    /// The next segment after mark `mark` (not a paragraph's end): a wide segment, or the
    /// segment after metrics marks.
    @inline(never) @usableFromInline
    mutating func next(after mark: PackedSegment) -> Segment {
        guard mark.isWide else { return next() }
        defer { index += 2 }
        return Segment(wide: entries[index], trailing: entries[index + 1])
    }

    /// Goes past the end of the paragraph whose segments were all read.
    @inlinable
    package mutating func endParagraph() {
        while !entries[index].endsParagraph { index += 1 }
        index += 1
    }
}
