import CellLayoutCore

/// An array kept in blocks of about a thousand elements, so that inserting or removing in
/// the middle of a million moves one block, not the whole array.
///
/// Every block holds between `blockSize / 2` and `2 * blockSize` elements (a lone block may
/// hold fewer): an insert that overfills a block splits it evenly, a removal that leaves a
/// block short merges it with a neighbour. ``OffsetIndex`` keeps its heights in one, so
/// the table's rows and its offsets share this one blocked structure.
///
/// - Complexity: subscript O(log(n / blockSize)); insert and remove
///   O(blockSize + n / blockSize + inserted); moving elements within the array
///   (`moveSubrange(_:to:)`) O(log(n / blockSize) + the distance moved); iteration O(1)
///   per element.
public struct BlockedArray<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral
{
    /// The block length rows are stored in unless a caller asks for another.
    static var defaultBlockSize: Int { 1024 }

    /// The target block length: blocks hold `blockSize / 2 ... 2 * blockSize` elements.
    package let blockSize: Int
    /// The elements, block by block; never an empty block.
    package private(set) var blocks: [[Element]] = []
    /// The index of each block's first element, and the count at the end.
    private var starts: [Int] = [0]

    /// Which blocks a change replaced: `replaced` (old block numbers) are now `count`
    /// blocks starting at `replaced.lowerBound`; the blocks after it only moved.
    package struct BlockChange {
        package var replaced: Range<Int>
        package var count: Int
    }

    /// An array of `elements` in blocks of about `blockSize` (small sizes are for tests,
    /// so that splits and merges run on a few dozen elements).
    package init<S: Sequence>(_ elements: S, blockSize: Int) where S.Element == Element {
        precondition(blockSize >= 2, "a block holds at least 2 elements")
        self.blockSize = blockSize
        // Block by block as the elements come, so that a million rows from a lazy
        // sequence are never held twice over (once in one array, once in blocks).
        var block: [Element] = []
        for element in elements {
            if block.isEmpty { block.reserveCapacity(blockSize) }
            block.append(element)
            if block.count == blockSize {
                blocks.append(block)
                block = []
            }
        }
        // A short last block joins the one before it (at most 1.5 × blockSize).
        if !block.isEmpty {
            if block.count < blockSize / 2, let last = blocks.popLast() { block.insert(contentsOf: last, at: 0) }
            blocks.append(block)
        }
        reindex(from: 0)
    }

    /// An array of `elements`.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init(elements, blockSize: Self.defaultBlockSize)
    }

    /// An empty array.
    public init() { self.init(EmptyCollection(), blockSize: Self.defaultBlockSize) }

    /// An array of the literal's elements.
    public init(arrayLiteral elements: Element...) { self.init(elements) }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of elements.
    public var endIndex: Int { starts[blocks.count] }

    /// Element `index`.
    public subscript(index: Int) -> Element {
        get {
            let (b, i) = locate(index)
            return blocks[b][i]
        }
        set {
            let (b, i) = locate(index)
            blocks[b][i] = newValue
        }
    }

    /// Walks the blocks in order.
    public func makeIterator() -> FlattenSequence<[[Element]]>.Iterator {
        blocks.joined().makeIterator()
    }

    /// Replaces the elements in `range` with `elements` (the one edit the inserts,
    /// appends and removals of `RangeReplaceableCollection` are made of).
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C)
    where C.Element == Element {
        replaceElements(range, with: elements)
    }

    /// The first element of block `block`'s index.
    package func start(ofBlock block: Int) -> Int { starts[block] }

    /// The block holding element `index`, and its place in that block.
    package func locate(_ index: Int) -> (block: Int, item: Int) {
        precondition(index >= 0 && index < endIndex, "index \(index) out of 0..<\(endIndex)")
        let block = Bisection.lastStart(in: starts[..<blocks.count], notAfter: index)
        return (block, index - starts[block])
    }

    /// `replaceSubrange`, saying which blocks it replaced (for ``OffsetIndex``'s sums).
    @discardableResult
    mutating func replaceElements<C: Collection>(_ range: Range<Int>, with elements: C) -> BlockChange
    where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range \(range) out of 0..<\(endIndex)")
        if range.isEmpty && elements.isEmpty { return BlockChange(replaced: 0..<0, count: 0) }
        if blocks.isEmpty {
            blocks = evenBlocks(Array(elements))
            reindex(from: 0)
            return BlockChange(replaced: 0..<0, count: blocks.count)
        }
        // The blocks the range touches; an insert at a block boundary goes into the block before.
        let first = range.lowerBound == endIndex || (range.isEmpty && range.lowerBound > 0)
            ? locate(range.lowerBound - 1).block : locate(range.lowerBound).block
        let last = range.isEmpty ? first : locate(range.upperBound - 1).block
        let low = range.lowerBound - starts[first], high = range.upperBound - starts[last]
        let newCount = (starts[last + 1] - starts[first]) - range.count + elements.count
        // Within one block that stays in bounds: edit it in place (appends stay amortized O(1)).
        if first == last, newCount > 0, newCount <= 2 * blockSize, newCount >= blockSize / 2 || blocks.count == 1 {
            blocks[first].replaceSubrange(low..<high, with: elements)
            reindex(from: first)
            return BlockChange(replaced: first..<(first + 1), count: 1)
        }
        var merged: [Element] = []
        merged.reserveCapacity(newCount + 2 * blockSize)
        var window = first...last
        merged += blocks[first][..<low]
        merged += elements
        merged += blocks[last][high...]
        // A short remainder takes in a neighbour (which then is not short).
        if !merged.isEmpty, merged.count < blockSize / 2, window.count < blocks.count {
            if first > 0 {
                merged.insert(contentsOf: blocks[first - 1], at: 0)
                window = (first - 1)...last
            } else {
                merged += blocks[last + 1]
                window = first...(last + 1)
            }
        }
        let pieces = evenBlocks(merged)
        blocks.replaceSubrange(window, with: pieces)
        reindex(from: window.lowerBound)
        return BlockChange(replaced: window.lowerBound..<(window.upperBound + 1), count: pieces.count)
    }

    /// Moves the elements in `range` so that the first of them is at `destination`, as
    /// removing them and inserting them at `destination` would, but in place: every block
    /// keeps its length, so the block index is not rebuilt and only the blocks between the
    /// two places are rewritten.
    /// - Returns: the blocks whose elements changed (nil when nothing moved).
    /// - Complexity: O(log(n / blockSize) + the elements from one place to the other).
    @discardableResult
    package mutating func moveSubrange(_ range: Range<Int>, to destination: Int) -> ClosedRange<Int>? {
        precondition(range.lowerBound >= 0 && range.upperBound <= endIndex, "range \(range) out of 0..<\(endIndex)")
        precondition(destination >= 0 && destination + range.count <= endIndex, "destination \(destination) out of range")
        guard !range.isEmpty, destination != range.lowerBound else { return nil }
        let span = Swift.min(range.lowerBound, destination)..<Swift.max(range.upperBound, destination + range.count)
        let old = elements(in: span)
        let moved = old[(range.lowerBound - span.lowerBound)..<(range.upperBound - span.lowerBound)]
        let reordered = destination < range.lowerBound
            ? Array(moved) + old[..<(range.lowerBound - span.lowerBound)]
            : Array(old[(range.upperBound - span.lowerBound)...]) + moved
        // Written back block by block, each piece the length it replaces.
        var (b, i) = locate(span.lowerBound)
        let first = b
        var written = 0
        while written < reordered.count {
            let take = Swift.min(blocks[b].count - i, reordered.count - written)
            blocks[b].replaceSubrange(i..<(i + take), with: reordered[written..<(written + take)])
            written += take
            if written < reordered.count { (b, i) = (b + 1, 0) }
        }
        return first...b
    }

    /// The elements in `range`, read block by block.
    /// - Complexity: O(log(n / blockSize) + range.count).
    package func elements(in range: Range<Int>) -> [Element] {
        guard !range.isEmpty else { return [] }
        var result: [Element] = []
        result.reserveCapacity(range.count)
        var (b, i) = locate(range.lowerBound)
        while result.count < range.count {
            let take = Swift.min(blocks[b].count - i, range.count - result.count)
            result += blocks[b][i..<(i + take)]
            (b, i) = (b + 1, 0)
        }
        return result
    }

    /// What is wrong with the blocks (empty when nothing): the invariants every edit keeps.
    package func invariantViolations() -> [String] {
        var problems: [String] = []
        if starts.count != blocks.count + 1 { problems.append("\(starts.count) starts for \(blocks.count) blocks") }
        if starts.first != 0 { problems.append("the first block starts at \(starts.first ?? -1)") }
        for (b, block) in blocks.enumerated() {
            if block.isEmpty { problems.append("block \(b) is empty") }
            if block.count > 2 * blockSize { problems.append("block \(b) holds \(block.count) > \(2 * blockSize)") }
            if blocks.count > 1, block.count < blockSize / 2 {
                problems.append("block \(b) holds \(block.count) < \(blockSize / 2)")
            }
            if b + 1 < starts.count, starts.indices.contains(b), starts[b + 1] != starts[b] + block.count {
                problems.append("block \(b + 1) starts at \(starts[b + 1]), not \(starts[b] + block.count)")
            }
        }
        return problems
    }

    /// `elements` cut into the fewest blocks of at most `blockSize` (one block up to
    /// `2 * blockSize`), all the same length give or take one.
    private func evenBlocks(_ elements: [Element]) -> [[Element]] {
        guard !elements.isEmpty else { return [] }
        guard elements.count > 2 * blockSize else { return [elements] }
        let count = (elements.count + blockSize - 1) / blockSize
        return (0..<count).map { k in
            Array(elements[(k * elements.count / count)..<((k + 1) * elements.count / count)])
        }
    }

    private mutating func reindex(from block: Int) {
        starts.removeSubrange(Swift.min(block + 1, starts.count)...)
        for b in block..<Swift.max(block, blocks.count) { starts.append(starts[b] + blocks[b].count) }
    }
}

extension BlockedArray: Sendable where Element: Sendable {}
extension BlockedArray: Equatable where Element: Equatable {
    /// Element-wise equality.
    public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}
