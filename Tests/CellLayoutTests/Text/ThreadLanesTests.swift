import Glibc
import Synchronization
import Testing
@testable import CellLayoutCore

/// Which lane a thread takes (`ThreadLaneNumbers`, what every `ThreadLanes` reads).
struct ThreadLanesTests {
    /// Threads alive at once have lanes of their own, and a thread that ended gives its lane
    /// back: 7 threads take lanes and stay, 5 more come and go one after another, then one
    /// more comes while the 7 are still there — it must not take one of theirs. (Lanes
    /// handed out in turn give it the fifth thread's lane; lanes by a hash of the thread's
    /// identity put two of the 8 in one lane in all but 0.24 % of runs.)
    @Test func liveThreadsHaveTheirOwnLanes() {
        let numbers = ThreadLaneNumbers()
        let staying = Lanes(), last = Lanes()
        let allTook = Barrier(8), leave = Barrier(8)
        var stayers: [pthread_t] = []
        for _ in 0..<7 {
            stayers.append(startThread {
                staying.add(numbers.current, numbers.current)
                allTook.wait()
                leave.wait()
            })
        }
        allTook.wait()
        for _ in 0..<5 {
            pthread_join(startThread { _ = numbers.current }, nil)
        }
        pthread_join(startThread { last.add(numbers.current, numbers.current) }, nil)
        leave.wait()
        for thread in stayers { pthread_join(thread, nil) }
        let asked = staying.taken + last.taken
        #expect(asked.allSatisfy { $0.first == $0.again }, "a thread's lane changed: \(asked)")
        let lanes = asked.map(\.first)
        #expect(Set(lanes).count == 8, "lanes \(lanes)")
        #expect(lanes.allSatisfy { (0..<ThreadLaneNumbers.laneCount).contains($0) })
    }

    /// The lanes threads read, each read twice.
    private final class Lanes: Sendable {
        private let state = Mutex<[(first: Int, again: Int)]>([])
        func add(_ first: Int, _ again: Int) { state.withLock { $0.append((first, again)) } }
        var taken: [(first: Int, again: Int)] { state.withLock { $0 } }
    }

    /// `count` threads wait until all have come.
    private final class Barrier: @unchecked Sendable {
        private let barrier = UnsafeMutablePointer<pthread_barrier_t>.allocate(capacity: 1)
        init(_ count: Int) { pthread_barrier_init(barrier, nil, UInt32(count)) }
        deinit {
            pthread_barrier_destroy(barrier)
            barrier.deallocate()
        }
        func wait() { pthread_barrier_wait(barrier) }
    }
}
