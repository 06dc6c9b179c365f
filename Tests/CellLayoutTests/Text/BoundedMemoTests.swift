@testable import CellLayout
import Foundation
import Synchronization
import Testing

/// The memo's open-addressing tables against a plain dictionary, and the memo's bound.
@Suite struct BoundedMemoTests {
    /// A key whose hash collides on purpose (only 3 bits), so probe runs are long and
    /// removal has to shift entries across them and across the table's end.
    struct Crowded: MemoKey {
        let value: Int
        var memoHash: UInt64 { UInt64(value & 7) &* 0x1234_5678_9ABC_DEF1 }
    }

    /// Seeded random inserts, removals and lookups, each checked against a dictionary.
    @Test(arguments: [1, 2, 3])
    func openTableActsAsADictionary(seed: UInt64) {
        var table = OpenTable<Crowded, Int>()
        var model: [Int: Int] = [:]
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<20_000 {
            let key = Crowded(value: next(300))
            let hash = key.memoHash
            switch next(3) {
            case 0:
                let added = table.insert(key, hash: hash, step)
                #expect(added == (model[key.value] == nil))
                if added { model[key.value] = step }
            case 1:
                #expect(table.remove(key, hash: hash) == model.removeValue(forKey: key.value))
            default:
                #expect(table.value(for: key, hash: hash) == model[key.value])
            }
            #expect(table.count == model.count)
        }
        for (key, value) in model {
            let k = Crowded(value: key)
            #expect(table.value(for: k, hash: k.memoHash) == value)
        }
    }

    @Test func theMemoStaysWithinItsBoundAndKeepsWhatIsUsed() {
        let memo = BoundedMemo<Int, Int>(maxEntries: 320, maxBytes: .max) { _, _ in 0 }
        var made = 0
        for round in 0..<10 {
            for key in 0..<1_000 {
                let value = memo.value(for: key) { made += 1; return key * 2 }
                #expect(value == key * 2, "round \(round)")
            }
            #expect(memo.count <= 320 + 16)
        }
        // A key looked up again and again is kept across everything else.
        _ = memo.value(for: -1) { -2 }
        made = 0
        for key in 0..<5_000 {
            _ = memo.value(for: key) { key }
            #expect(memo.value(for: -1) { made += 1; return -2 } == -2)
        }
        #expect(made == 0)
    }

    /// Two threads look up and make 600 keys of a memo bounded to 320 (so generations are
    /// dropped while both work), 100,000 times each: every value is its own key's, and every
    /// lookup is counted once. (ThreadSanitizer cannot judge it: on Linux it does not see
    /// the ordering `Synchronization.Mutex` gives, and reports any two threads that take one,
    /// as a two-thread counter in a `Mutex<[Int]>` alone shows.)
    @Test func twoThreadsGetEachKeysOwnValue() {
        let memo = BoundedMemo<Int, Int>(maxEntries: 320, maxBytes: .max) { _, _ in 0 }
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var state = UInt64(thread + 1)
            var localWrong = 0
            for _ in 0..<100_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let key = Int(state >> 33) % 600
                if memo.value(for: key, orMake: { key * 3 + 1 }) != key * 3 + 1 { localWrong += 1 }
            }
            wrong.withLock { $0 += localWrong }
        }
        #expect(wrong.withLock { $0 } == 0)
        let statistics = memo.statistics
        #expect(statistics.hits + statistics.misses == 200_000)
        #expect(memo.count <= 320 + 16)
    }
}
