/// An array kept in blocks of about a thousand elements, so that inserting or removing in
/// the middle of a million moves one block, not the whole array.
///
/// - Complexity: subscript O(log(n / blockSize)); insert and remove
///   O(blockSize + n / blockSize); iteration O(1) per element.
public struct BlockedArray<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// Blocks are split when they grow past twice this.
    static var blockSize: Int { 1024 }

    private var blocks: [[Element]] = []
    /// The index of each block's first element, and the count at the end.
    private var starts: [Int] = [0]

    /// An array of `elements`.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        var block: [Element] = []
        block.reserveCapacity(Self.blockSize)
        for element in elements {
            block.append(element)
            if block.count == Self.blockSize {
                blocks.append(block)
                block.removeAll(keepingCapacity: true)
            }
        }
        if !block.isEmpty { blocks.append(block) }
        reindex(from: 0)
    }

    /// An empty array.
    public init() {}

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

    /// Inserts `elements` before `index` (at the end when `index == count`).
    public mutating func insert<C: Collection>(contentsOf elements: C, at index: Int) where C.Element == Element {
        guard !elements.isEmpty else { return }
        guard !blocks.isEmpty else { return self = BlockedArray(elements) }
        let (b, i) = index == endIndex ? (blocks.count - 1, blocks[blocks.count - 1].count) : locate(index)
        blocks[b].insert(contentsOf: elements, at: i)
        if blocks[b].count > 2 * Self.blockSize {
            let pieces = stride(from: 0, to: blocks[b].count, by: Self.blockSize).map {
                Array(blocks[b][$0..<Swift.min(blocks[b].count, $0 + Self.blockSize)])
            }
            blocks.replaceSubrange(b...b, with: pieces)
        }
        reindex(from: b)
    }

    /// Inserts `element` before `index`.
    public mutating func insert(_ element: Element, at index: Int) {
        insert(contentsOf: CollectionOfOne(element), at: index)
    }

    /// Appends `element`.
    public mutating func append(_ element: Element) {
        insert(element, at: endIndex)
    }

    /// Removes the elements in `range`.
    public mutating func removeSubrange(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = locate(range.lowerBound).block, last = locate(range.upperBound - 1).block
        for b in stride(from: last, through: first, by: -1) {
            let start = starts[b]
            blocks[b].removeSubrange(Swift.max(0, range.lowerBound - start)..<Swift.min(blocks[b].count, range.upperBound - start))
            if blocks[b].isEmpty { blocks.remove(at: b) }
        }
        reindex(from: first)
    }

    /// Removes and returns element `index`.
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = self[index]
        removeSubrange(index..<(index + 1))
        return element
    }

    private func locate(_ index: Int) -> (block: Int, item: Int) {
        precondition(index >= 0 && index < endIndex, "index \(index) out of 0..<\(endIndex)")
        var low = 0, high = blocks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return (low, index - starts[low])
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
