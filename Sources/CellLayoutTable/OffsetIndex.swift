import CellLayoutCore

/// The y offsets of a long list of items of varying height, so that "where does item i
/// start", "which item is at y" and inserting or removing items all stay cheap for a
/// million rows.
///
/// The heights live in a ``BlockedArray`` (blocks of about `blockSize`); beside it, each
/// block's sum and the y where each block starts. A lookup finds the block by binary
/// search and walks at most one block's heights.
/// - Complexity: lookups O(log n + blockSize); a change O(blockSize + n / blockSize); a
///   move (`move(_:to:)`) O(log n + blockSize + the items it passes).
public struct OffsetIndex: Sendable {
    /// The target block length (blocks hold half to twice this): short, because a lookup
    /// adds up to one block's heights.
    public static let blockSize = 64

    /// The heights, in blocks.
    private var heights: BlockedArray<Double>
    /// Per block: the sum of its heights.
    private var blockSums: [Double] = []
    /// Per block: the y where it starts; one more entry holds the total.
    private var blockOffsets: [Double] = [0]

    /// An index of items with these heights, in order.
    public init(heights: [Double] = []) { self.init(heights: heights, blockSize: Self.blockSize) }

    /// An index in blocks of about `blockSize` (small sizes are for tests).
    package init(heights: [Double], blockSize: Int) {
        self.heights = BlockedArray(heights, blockSize: blockSize)
        apply(.init(replaced: 0..<0, count: self.heights.blocks.count))
    }

    /// The number of items.
    public var count: Int { heights.count }

    /// The sum of all heights.
    public var total: Double { blockOffsets[blockSums.count] }

    /// Where item `index` starts.
    public func offset(of index: Int) -> Double {
        if index == count { return total }
        return span(of: index).offset
    }

    /// Item `index`'s height.
    public func height(at index: Int) -> Double { heights[index] }

    /// Where item `index` starts and its height, with one lookup.
    public func span(of index: Int) -> (offset: Double, height: Double) {
        let (b, i) = heights.locate(index)
        return heights.blocks[b].withUnsafeBufferPointer { block in (blockOffsets[b] + Self.sum(block[..<i]), block[i]) }
    }

    /// The item whose span `[offset, offset + height)` holds `y`, or nil when `y` is
    /// outside `[0, total)`. Zero-height items never hold a point.
    public func index(containing y: Double) -> Int? {
        guard y >= 0, y < total else { return nil }
        // The first block that ends after y.
        let low = Bisection.firstIndex(in: 0..<(blockSums.count - 1)) { blockOffsets[$0 + 1] > y }
        let base = blockOffsets[low]
        let item = heights.blocks[low].withUnsafeBufferPointer { block in
            var local = 0.0
            for i in block.indices {
                local += block[i]
                if base + local > y { return i }
            }
            return block.count - 1
        }
        return heights.start(ofBlock: low) + item
    }

    /// The first item at or after `index` that starts at or after `y` (`count` when none):
    /// a walk along the heights from `index`, for short spans such as a screenful.
    public func firstIndex(startingAtOrAfter y: Double, from index: Int) -> Int {
        guard index < count else { return count }
        var (b, i) = heights.locate(index)
        var local = offset(of: index) - blockOffsets[b]
        while b < blockSums.count {
            let block = heights.blocks[b]
            while i < block.count {
                if blockOffsets[b] + local >= y { return heights.start(ofBlock: b) + i }
                local += block[i]
                i += 1
            }
            b += 1
            i = 0
            local = 0
        }
        return count
    }

    /// Calls `body` with each item whose span meets `[y, end)`, in order, and its height:
    /// from the item that holds `max(0, y)` (as `index(containing:)`) up to the first that
    /// starts at or after `end`. One binary search, then a walk along the heights, with
    /// each start summed as `offset(of:)` sums it.
    /// - Complexity: O(log n + blockSize + the items it passes).
    public func forEachItem(from y: Double, to end: Double, _ body: (_ index: Int, _ height: Double) -> Void) {
        let y = Swift.max(0, y)
        guard y < total, end > y else { return }
        // The first block that ends after y, as in `index(containing:)`.
        var b = Bisection.firstIndex(in: 0..<(blockSums.count - 1)) { blockOffsets[$0 + 1] > y }
        var started = false
        while b < blockSums.count {
            let base = blockOffsets[b], first = heights.start(ofBlock: b)
            let ended = heights.blocks[b].withUnsafeBufferPointer { block -> Bool in
                var local = 0.0
                for i in block.indices {
                    let height = block[i]
                    if started {
                        if base + local >= end { return true }
                    } else {
                        // The item holding y, or the block's last when rounding leaves none.
                        started = base + (local + height) > y || i == block.count - 1
                    }
                    if started { body(first + i, height) }
                    local += height
                }
                return false
            }
            if ended { return }
            b += 1
        }
    }

    /// Replaces item `index`'s height.
    public mutating func setHeight(_ height: Double, at index: Int) {
        apply(heights.replaceElements(index..<(index + 1), with: CollectionOfOne(height)))
    }

    /// Inserts items with `heights` before item `index`.
    public mutating func insert(_ heights: [Double], at index: Int) {
        apply(self.heights.replaceElements(index..<index, with: heights))
    }

    /// Removes the items in `range`.
    public mutating func remove(_ range: Range<Int>) {
        apply(heights.replaceElements(range, with: EmptyCollection()))
    }

    /// Moves the items in `range` so that the first of them is item `destination`, as
    /// removing and re-inserting them would. The blocks keep their lengths
    /// (`BlockedArray.moveSubrange(_:to:)`), so only the sums and offsets of the blocks
    /// between the two places change; the offsets after them are carried on only when the
    /// new sums differ in the last bit (heights in thirds of a point, which binary cannot
    /// add exactly).
    /// - Complexity: O(log n + blockSize + the items from one place to the other).
    public mutating func move(_ range: Range<Int>, to destination: Int) {
        guard let touched = heights.moveSubrange(range, to: destination) else { return }
        for b in touched { blockSums[b] = Self.sum(heights.blocks[b][...]) }
        for b in touched.lowerBound..<blockSums.count {
            let next = blockOffsets[b] + blockSums[b]
            if b > touched.upperBound, next == blockOffsets[b + 1] { break }
            blockOffsets[b + 1] = next
        }
    }

    /// What is wrong with the index (empty when nothing): the blocks' invariants, and
    /// sums and offsets that match the heights.
    package func invariantViolations() -> [String] {
        var problems = heights.invariantViolations()
        if blockSums.count != heights.blocks.count { problems.append("\(blockSums.count) sums for \(heights.blocks.count) blocks") }
        if blockOffsets.count != blockSums.count + 1 { problems.append("\(blockOffsets.count) offsets for \(blockSums.count) sums") }
        guard problems.isEmpty else { return problems }
        for (b, block) in heights.blocks.enumerated() {
            if blockSums[b] != Self.sum(block[...]) { problems.append("block \(b) sums to \(Self.sum(block[...])), not \(blockSums[b])") }
            if blockOffsets[b + 1] != blockOffsets[b] + blockSums[b] {
                problems.append("block \(b + 1) starts at y \(blockOffsets[b + 1]), not \(blockOffsets[b] + blockSums[b])")
            }
        }
        return problems
    }

    /// The heights added up in order: the one way every offset is summed, so that
    /// `offset(of:)`, `index(containing:)` and the block sums agree to the last bit.
    private static func sum<C: Collection<Double>>(_ heights: C) -> Double {
        var total = 0.0
        for height in heights { total += height }
        return total
    }

    /// Brings the sums and offsets up to date after the heights' blocks changed.
    private mutating func apply(_ change: BlockedArray<Double>.BlockChange) {
        let first = change.replaced.lowerBound
        guard !change.replaced.isEmpty || change.count > 0 else { return }
        blockSums.replaceSubrange(change.replaced, with: heights.blocks[first..<(first + change.count)].map { Self.sum($0[...]) })
        blockOffsets.removeSubrange((first + 1)...)
        for b in first..<blockSums.count { blockOffsets.append(blockOffsets[b] + blockSums[b]) }
    }
}
