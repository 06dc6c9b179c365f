/// The y offsets of a long list of items of varying height: prefix sums kept in blocks,
/// so that "where does item i start", "which item is at y" and inserting or removing
/// items all stay cheap for a million rows.
///
/// Items are grouped in blocks of up to `blockSize`; each block keeps the running sum of
/// its own heights, and the blocks' start offsets and start indices are kept in arrays.
/// - Complexity: lookups O(log n); a change O(blockSize + n / blockSize).
public struct OffsetIndex: Sendable {
    /// The most items in one block.
    public static let blockSize = 1024

    /// Per block: the sum of its heights up to and including each item.
    private var blocks: [[Double]] = []
    /// Per block: the y where it starts; one more entry holds the total.
    private var blockOffsets: [Double] = [0]
    /// Per block: the index of its first item; one more entry holds the count.
    private var blockStarts: [Int] = [0]

    /// An index of items with these heights, in order.
    public init(heights: [Double] = []) {
        var start = 0
        while start < heights.count {
            let end = min(heights.count, start + Self.blockSize)
            blocks.append(Self.runningSums(heights[start..<end]))
            start = end
        }
        reindex(from: 0)
    }

    /// The number of items.
    public var count: Int { blockStarts[blocks.count] }

    /// The sum of all heights.
    public var total: Double { blockOffsets[blocks.count] }

    /// Where item `index` starts.
    public func offset(of index: Int) -> Double {
        if index == count { return total }
        let (b, i) = locate(index)
        return blockOffsets[b] + (i > 0 ? blocks[b][i - 1] : 0)
    }

    /// Item `index`'s height.
    public func height(at index: Int) -> Double {
        let (b, i) = locate(index)
        return blocks[b][i] - (i > 0 ? blocks[b][i - 1] : 0)
    }

    /// The item whose span `[offset, offset + height)` holds `y`, or nil when `y` is
    /// outside `[0, total)`. Zero-height items never hold a point.
    public func index(containing y: Double) -> Int? {
        guard y >= 0, y < total, !blocks.isEmpty else { return nil }
        let b = Self.lastIndex(in: blockOffsets[0..<blocks.count]) { $0 <= y }
        let local = y - blockOffsets[b]
        let i = Self.firstIndex(in: blocks[b]) { $0 > local }
        return blockStarts[b] + min(i, blocks[b].count - 1)
    }

    /// The first item at or after `index` that starts at or after `y` (`count` when none):
    /// a walk along the running sums from `index`, for short spans such as a screenful.
    public func firstIndex(startingAtOrAfter y: Double, from index: Int) -> Int {
        guard index < count else { return count }
        var (b, i) = locate(index)
        while b < blocks.count {
            let base = blockOffsets[b]
            while i < blocks[b].count {
                if base + (i > 0 ? blocks[b][i - 1] : 0) >= y { return blockStarts[b] + i }
                i += 1
            }
            b += 1
            i = 0
        }
        return count
    }

    /// Replaces item `index`'s height.
    public mutating func setHeight(_ height: Double, at index: Int) {
        let (b, i) = locate(index)
        var heights = Self.heights(blocks[b])
        heights[i] = height
        blocks[b] = Self.runningSums(heights[...])
        reindex(from: b)
    }

    /// Inserts items with `heights` before item `index`.
    public mutating func insert(_ heights: [Double], at index: Int) {
        guard !heights.isEmpty else { return }
        if blocks.isEmpty {
            self = OffsetIndex(heights: heights)
            return
        }
        let (b, i) = index == count ? (blocks.count - 1, blocks[blocks.count - 1].count) : locate(index)
        var merged = Self.heights(blocks[b])
        merged.insert(contentsOf: heights, at: i)
        var pieces: [[Double]] = []
        var start = 0
        while start < merged.count {
            let end = min(merged.count, start + Self.blockSize)
            pieces.append(Self.runningSums(merged[start..<end]))
            start = end
        }
        blocks.replaceSubrange(b...b, with: pieces)
        reindex(from: b)
    }

    /// Removes the items in `range`.
    public mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = locate(range.lowerBound).block, last = locate(range.upperBound - 1).block
        for b in stride(from: last, through: first, by: -1) {
            let start = blockStarts[b]
            var heights = Self.heights(blocks[b])
            heights.removeSubrange(max(0, range.lowerBound - start)..<min(heights.count, range.upperBound - start))
            if heights.isEmpty { blocks.remove(at: b) } else { blocks[b] = Self.runningSums(heights[...]) }
        }
        reindex(from: first)
    }

    private func locate(_ index: Int) -> (block: Int, item: Int) {
        precondition(index >= 0 && index < count, "item \(index) out of 0..<\(count)")
        let b = Self.lastIndex(in: blockStarts[0..<blocks.count]) { $0 <= index }
        return (b, index - blockStarts[b])
    }

    private mutating func reindex(from block: Int) {
        blockOffsets.removeSubrange((block + 1)...)
        blockStarts.removeSubrange((block + 1)...)
        for b in block..<max(block, blocks.count) {
            blockOffsets.append(blockOffsets[b] + (blocks[b].last ?? 0))
            blockStarts.append(blockStarts[b] + blocks[b].count)
        }
    }

    private static func runningSums(_ heights: ArraySlice<Double>) -> [Double] {
        var sum = 0.0
        return heights.map { sum += $0; return sum }
    }

    private static func heights(_ sums: [Double]) -> [Double] {
        sums.indices.map { sums[$0] - ($0 > 0 ? sums[$0 - 1] : 0) }
    }

    /// The last index in `values` (sorted ascending by the predicate) where `isBefore` holds.
    private static func lastIndex<C: RandomAccessCollection>(in values: C, where isBefore: (C.Element) -> Bool) -> Int
    where C.Index == Int {
        var low = values.startIndex, high = values.endIndex
        while low < high {
            let mid = (low + high) / 2
            if isBefore(values[mid]) { low = mid + 1 } else { high = mid }
        }
        return max(values.startIndex, low - 1)
    }

    /// The first index in `values` where `isAfter` holds (values.count when none).
    private static func firstIndex(in values: [Double], where isAfter: (Double) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(values[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
