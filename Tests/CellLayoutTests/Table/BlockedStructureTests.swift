@testable import CellLayout
import Testing

/// `BlockedArray` and `OffsetIndex` (which keeps its heights in one) against a plain array:
/// seeded random inserts, deletes, moves and replacements, with blocks of 4 to 16 so
/// that splits and merges run every few steps; after every step the contents, the
/// blocks' invariants and (for the index) every offset and point lookup are checked.
@Suite struct BlockedStructureTests {
    typealias Random = TextPropertyTests.SeededRandom

    /// One random edit: where, how many, and what.
    enum Edit: CustomStringConvertible {
        case insert([Int], at: Int)
        case delete(Range<Int>)
        /// The elements `range` moved so that the first is at `to` (index after the move).
        case move(Range<Int>, to: Int)
        case set(Int, at: Int)

        var description: String {
            switch self {
            case .insert(let values, let at): "insert \(values) at \(at)"
            case .delete(let range): "delete \(range)"
            case .move(let range, let to): "move \(range) to \(to)"
            case .set(let value, let at): "set \(at) to \(value)"
            }
        }

        /// A random edit of an array of `count` elements; values 0...9 (zero included, so
        /// zero heights sit between the others). Past 120 elements, a delete (keeps the
        /// checks after each step short).
        static func random(count: Int, using random: inout Random) -> Edit {
            func values(_ n: Int) -> [Int] { (0..<n).map { _ in Int.random(in: 0...9, using: &random) } }
            switch count == 0 ? 0 : count > 120 ? 1 : Int.random(in: 0..<4, using: &random) {
            case 0:
                // Mostly one or a few; now and then a run long enough to split into several blocks.
                let n = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 1...60, using: &random)
                    : Int.random(in: 1...3, using: &random)
                return .insert(values(n), at: Int.random(in: 0...count, using: &random))
            case 1:
                let start = Int.random(in: 0..<count, using: &random)
                let length = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 1...40, using: &random)
                    : Int.random(in: 1...2, using: &random)
                return .delete(start..<min(count, start + length))
            case 2:
                // Mostly one row (moveRow), now and then a run (moveSection's items).
                let length = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...count, using: &random) : 1
                let from = Int.random(in: 0...(count - length), using: &random)
                return .move(from..<(from + length), to: Int.random(in: 0...(count - length), using: &random))
            default:
                return .set(Int.random(in: 0...9, using: &random), at: Int.random(in: 0..<count, using: &random))
            }
        }

        /// The edit on a plain array: the model.
        func apply(to model: inout [Int]) {
            switch self {
            case .insert(let values, let at): model.insert(contentsOf: values, at: at)
            case .delete(let range): model.removeSubrange(range)
            case .move(let range, let to):
                let moved = Array(model[range])
                model.removeSubrange(range)
                model.insert(contentsOf: moved, at: to)
            case .set(let value, let at): model[at] = value
            }
        }
    }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    @Test(arguments: seeds)
    func blockedArrayMatchesAPlainArray(seed: UInt64) {
        var random = Random(state: seed)
        let blockSize = [2, 4, 8][Int(seed) % 3]
        var model = (0..<Int.random(in: 0...50, using: &random)).map { $0 % 10 }
        var array = BlockedArray(model, blockSize: blockSize)
        #expect(array.invariantViolations() == [])
        var splitsAndMerges = 0
        for step in 0..<600 {
            let edit = Edit.random(count: model.count, using: &random)
            let blocksBefore = array.blocks.count
            edit.apply(to: &model)
            switch edit {
            case .insert(let values, let at): array.insert(contentsOf: values, at: at)
            case .delete(let range): array.removeSubrange(range)
            case .move(let range, let to):
                // In place: no block changes its length.
                let lengths = array.blocks.map(\.count)
                array.moveSubrange(range, to: to)
                #expect(array.blocks.map(\.count) == lengths, "seed \(seed) step \(step): a move changed a block's length")
            case .set(let value, let at): array[at] = value
            }
            if array.blocks.count != blocksBefore { splitsAndMerges += 1 }
            let problems = array.invariantViolations()
            #expect(problems == [], "seed \(seed) step \(step) (\(edit)), block size \(blockSize)")
            #expect(Array(array) == model, "seed \(seed) step \(step) (\(edit))")
            #expect(array.count == model.count && model.indices.allSatisfy { array[$0] == model[$0] },
                    "seed \(seed) step \(step): subscript")
            if !problems.isEmpty || Array(array) != model { return }
        }
        #expect(splitsAndMerges > 20, "seed \(seed): the block count changed only \(splitsAndMerges) times")
    }

    @Test(arguments: seeds)
    func offsetIndexMatchesPrefixSums(seed: UInt64) {
        var random = Random(state: seed)
        let blockSize = [2, 4, 16][Int(seed) % 3]
        // Whole-number heights: every sum is exact, so offsets compare with ==.
        var model = (0..<Int.random(in: 0...50, using: &random)).map { _ in Int.random(in: 0...9, using: &random) }
        var index = OffsetIndex(heights: model.map(Double.init), blockSize: blockSize)
        for step in 0..<400 {
            let edit = Edit.random(count: model.count, using: &random)
            edit.apply(to: &model)
            switch edit {
            case .insert(let values, let at): index.insert(values.map(Double.init), at: at)
            case .delete(let range): index.remove(range)
            case .move(let range, let to): index.move(range, to: to)
            case .set(let value, let at): index.setHeight(Double(value), at: at)
            }
            let context = "seed \(seed) step \(step) (\(edit)), block size \(blockSize)"
            let problems = index.invariantViolations()
            #expect(problems == [], "\(context)")
            guard problems.isEmpty, Self.expectSameOffsets(index, model, context) else { return }
        }
    }

    /// Every offset, height and point lookup of `index` equals the plain array's; false
    /// (after recording the first difference) when one does not.
    static func expectSameOffsets(_ index: OffsetIndex, _ heights: [Int], _ context: String) -> Bool {
        var starts = [0]
        for height in heights { starts.append(starts.last! + height) }
        guard index.count == heights.count, index.total == Double(starts.last!) else {
            Issue.record("\(context): count \(index.count) total \(index.total), expected \(heights.count) and \(starts.last!)")
            return false
        }
        for i in 0...heights.count where index.offset(of: i) != Double(starts[i]) {
            Issue.record("\(context): offset(of: \(i)) = \(index.offset(of: i)), expected \(starts[i])")
            return false
        }
        for i in heights.indices where index.height(at: i) != Double(heights[i])
            || index.span(of: i) != (Double(starts[i]), Double(heights[i])) {
            Issue.record("\(context): height(at: \(i)) = \(index.height(at: i)), span \(index.span(of: i)), expected \(heights[i]) at \(starts[i])")
            return false
        }
        // Below 0, each item's start and middle, the end and past it: the item whose span
        // holds y in the model (first whose end is past y), nil outside.
        func firstItem(where isPast: (Int) -> Bool) -> Int {
            var low = 0, high = heights.count
            while low < high { let mid = (low + high) / 2; if isPast(mid) { high = mid } else { low = mid + 1 } }
            return low
        }
        let total = Double(starts.last!)
        var ys: [Double] = [-1, total, total + 1]
        for i in heights.indices {
            let start = Double(starts[i])
            ys += [start, start + Double(heights[i]) / 2]
        }
        for (k, y) in ys.enumerated() {
            let holder = firstItem { Double(starts[$0 + 1]) > y }
            let expected = y >= 0 && holder < heights.count ? holder : nil
            if index.index(containing: y) != expected {
                Issue.record("\(context): index(containing: \(y)) = \(String(describing: index.index(containing: y))), expected \(String(describing: expected))")
                return false
            }
            // The walk is linear: every 7th y (and the ends), from a few places.
            guard k < 3 || k % 7 == 0 else { continue }
            let startingAfter = firstItem { Double(starts[$0]) >= y }
            // forEachItem over [y, y + span): from the holder of max(0, y) to the first item
            // starting at or after the end, each with its height (nothing outside the content).
            for span in [0.5, 17, 100] {
                let from = firstItem { Double(starts[$0 + 1]) > max(0, y) }
                let to = max(from + 1, firstItem { Double(starts[$0]) >= y + span })
                let expected = max(0, y) < total && y + span > 0 ? Array(from..<min(to, heights.count)) : []
                var seen: [Int] = []
                index.forEachItem(from: y, to: y + span) { item, height in
                    seen.append(item)
                    if height != Double(heights[item]) { Issue.record("\(context): height \(height) of \(item)") }
                }
                if seen != expected {
                    Issue.record("\(context): forEachItem(from: \(y), to: \(y + span)) = \(seen), expected \(expected)")
                    return false
                }
            }
            for from in [0, heights.count / 3, heights.count / 2, heights.count] {
                if index.firstIndex(startingAtOrAfter: y, from: from) != max(from, startingAfter) {
                    Issue.record("\(context): firstIndex(startingAtOrAfter: \(y), from: \(from)) = \(index.firstIndex(startingAtOrAfter: y, from: from)), expected \(max(from, startingAfter))")
                    return false
                }
            }
        }
        return true
    }

    @Test(arguments: seeds)
    func movesKeepOffsetsExactInThirdsOfAPoint(seed: UInt64) {
        // Heights at 3x are thirds of a point, which binary cannot add exactly: a move
        // changes block sums in their last bit, and the offsets after the moved span must
        // follow them to stay equal to sums of the blocks (the invariant every lookup
        // relies on), and within rounding of the plain prefix sums.
        var random = Random(state: seed)
        var model = (0..<300).map { _ in Double(Int.random(in: 100...200, using: &random)) / 3 }
        var index = OffsetIndex(heights: model, blockSize: 8)
        for step in 0..<200 {
            let length = Int.random(in: 1...20, using: &random)
            let from = Int.random(in: 0...(model.count - length), using: &random)
            let to = Int.random(in: 0...(model.count - length), using: &random)
            let moved = Array(model[from..<(from + length)])
            model.removeSubrange(from..<(from + length))
            model.insert(contentsOf: moved, at: to)
            index.move(from..<(from + length), to: to)
            #expect(index.invariantViolations() == [], "seed \(seed) step \(step)")
            var y = 0.0
            for (i, height) in model.enumerated() {
                guard abs(index.offset(of: i) - y) < 1e-9, index.height(at: i) == height else {
                    Issue.record("seed \(seed) step \(step): item \(i) at \(index.offset(of: i)), expected \(y)")
                    return
                }
                y += height
            }
        }
    }

    @Test func theDefaultBlockSizeSplitsAndMergesToo() {
        // 5,000 rows in the real block size, then most of them deleted from the middle.
        var model = (0..<5_000).map { $0 % 7 }
        var index = OffsetIndex(heights: model.map(Double.init))
        var array = BlockedArray(model)
        index.insert(Array(repeating: 3, count: 3_000), at: 2_500)
        array.insert(contentsOf: Array(repeating: 3, count: 3_000), at: 2_500)
        model.insert(contentsOf: Array(repeating: 3, count: 3_000), at: 2_500)
        for cut in [100..<7_900, 0..<50, 40..<50] {
            index.remove(cut)
            array.removeSubrange(cut)
            model.removeSubrange(cut)
            #expect(index.invariantViolations() == [] && array.invariantViolations() == [], "after removing \(cut)")
            #expect(Array(array) == model)
            #expect(Self.expectSameOffsets(index, model, "after removing \(cut)"))
        }
    }
}
