@testable import CellLayout
import Foundation
import Synchronization
import Testing

/// The pinned front (`PinnedFront`): it answers only the object kept for a key, keeps each
/// object as long as it lives and within its bounds, and two threads keeping and reading one
/// small front (before a memo that drops generations) never see one key's object under
/// another. Its race freedom is checked under ThreadSanitizer:
/// `swift test --sanitize=thread --filter PinnedFrontTests`.
@Suite struct PinnedFrontTests {
    final class Box: Sendable {
        let key: Int
        init(_ key: Int) { self.key = key }
    }

    /// Key `k` in six words, each of which tells some keys apart (a front that compared
    /// fewer words would mix them up).
    static func words(_ k: Int) -> PinnedFront<Box>.Key {
        let k = UInt64(k)
        return (k % 3, k / 3 % 5, k / 15 % 2, k / 30 % 2, k / 60 % 2, k / 120)
    }

    /// A hash that crowds the keys: 64 distinct values, so windows fill and keys share them.
    static func hash(_ k: Int) -> UInt64 { UInt64(k % 64) }

    /// Seeded random keeps and lookups on a front of 16 slots: a key found is the object
    /// kept for it, a key kept while its window had room is found from then on, nothing is
    /// kept past the byte bound, and the front releases what it kept when it goes.
    @Test func answersWhatWasKeptAndReleasesItAtTheEnd() {
        weak var watched: Box?
        var kept: [Int: ObjectIdentifier] = [:]
        do {
            let front = PinnedFront<Box>(slotBits: 4, maxBytes: 12 * 100)
            var state: UInt64 = 11
            func next(_ bound: UInt64) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % bound)
            }
            var found = 0
            for _ in 0..<20_000 {
                let k = next(240)
                if let object = front.object(for: Self.words(k), hash: Self.hash(k)) {
                    found += 1
                    let box = object.takeUnretainedValue()
                    #expect(box.key == k)
                    #expect(kept[k] == ObjectIdentifier(box))
                } else {
                    #expect(kept[k] == nil)
                    let box = Box(k)
                    front.keep(box, bytes: 100, for: Self.words(k), hash: Self.hash(k))
                    if let object = front.object(for: Self.words(k), hash: Self.hash(k)) {
                        #expect(object.takeUnretainedValue() === box)
                        kept[k] = ObjectIdentifier(box)
                        found += 1
                        if watched == nil { watched = box }
                    }
                }
            }
            // 12 objects of 100 bytes, though 16 slots.
            #expect(kept.count == 12)
            #expect(front.count == 12)
            #expect(front.hits == found)
            #expect(watched != nil)
        }
        #expect(watched == nil)
    }

    /// Two threads ask a front of 16 slots for 600 keys, 100,000 times each; a key it lacks
    /// comes from a memo bounded to 320 (so generations are dropped while both work) and is
    /// kept in the front. Every object found is its own key's.
    @Test func twoThreadsGetEachKeysOwnObject() {
        let front = PinnedFront<Box>(slotBits: 4, maxBytes: .max)
        let memo = BoundedMemo<Int, Box>(maxEntries: 320, maxBytes: .max) { _, _ in 0 }
        let wrong = Mutex(0), found = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var state = UInt64(thread + 1)
            var localWrong = 0, localFound = 0
            for _ in 0..<100_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let k = Int(state >> 33) % 600
                let words = Self.words(k), hash = UInt64(k % 32)
                if let object = front.object(for: words, hash: hash) {
                    localFound += 1
                    if object.takeUnretainedValue().key != k { localWrong += 1 }
                } else {
                    let box = memo.value(for: k) { Box(k) }
                    if box.key != k { localWrong += 1 }
                    front.keep(box, bytes: 1, for: words, hash: hash)
                }
            }
            wrong.withLock { $0 += localWrong }
            found.withLock { $0 += localFound }
        }
        #expect(wrong.withLock { $0 } == 0)
        #expect(found.withLock { $0 } > 0)
        #expect(front.hits == found.withLock { $0 })
        #expect(front.count == 16)
    }
}
