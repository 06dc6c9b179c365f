@testable import CellLayout
import Foundation
import Synchronization
import Testing

/// The lock-free front (`LockFreeFront`): it answers what was kept and nothing else, and two
/// threads writing and reading one small table never see one key's value under another.
/// Its race freedom is checked under ThreadSanitizer:
/// `swift test --sanitize=thread --filter LockFreeFrontTests`.
@Suite struct LockFreeFrontTests {
    /// A key's value as the tests keep it: a function of the key, so that a value read
    /// under the wrong key shows.
    static func value(of key: LockFreeFront.Key) -> UInt32 {
        UInt32(truncatingIfNeeded: key.0 &* 31 &+ key.1 &* 17 &+ key.2 &* 7)
    }

    /// Seeded random keeps and lookups on a front of 64 slots against a dictionary: a key
    /// found has the value last kept for it; the key of three 0 words is never kept.
    @Test func keepsWhatWasRememberedAndNothingElse() {
        let front = LockFreeFront(slotBits: 6)
        var state: UInt64 = 7
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        var model: [[UInt64]: UInt32] = [:]
        var found = 0
        for step in 0..<20_000 {
            let key = (next(4), next(40), next(3))
            let words = [key.0, key.1, key.2]
            if next(2) == 0 {
                front.remember(UInt32(step), for: key)
                if words != [0, 0, 0] { model[words] = UInt32(step) }
            } else if let value = front.value(for: key) {
                found += 1
                #expect(value == model[words], "\(words)")
            }
        }
        #expect(front.value(for: (0, 0, 0)) == nil)
        // Most lookups of recent keys are found: the front is not empty.
        #expect(found > 1000)
    }

    /// Two threads remember values of 32 keys that share 4 slots and read them back at
    /// once, 200,000 times each: every value found is its own key's.
    @Test func twoThreadsNeverSeeAnotherKeysValue() {
        let front = LockFreeFront(slotBits: 2)
        let wrong = Mutex(0), found = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var state = UInt64(thread + 1)
            var localWrong = 0, localFound = 0
            for _ in 0..<200_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // 32 keys over 4 slots: a slot changes keys all the time.
                let key = (1 + (state >> 62), (state >> 40) & 3, (state >> 20) & 1)
                if (state >> 10) & 1 == 0 {
                    front.remember(Self.value(of: key), for: key)
                } else if let value = front.value(for: key) {
                    localFound += 1
                    if value != Self.value(of: key) { localWrong += 1 }
                }
            }
            wrong.withLock { $0 += localWrong }
            found.withLock { $0 += localFound }
        }
        #expect(wrong.withLock { $0 } == 0)
        #expect(found.withLock { $0 } > 0)
    }
}
