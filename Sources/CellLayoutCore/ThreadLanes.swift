import Glibc
import Synchronization

/// A few objects, one of which each thread uses: its lane's (`ThreadLaneNumbers`). Threads
/// that work at once then do not share a lock, a reference count or a cache line in them,
/// as they would in one shared object (on two cores, every such write moves a cache line
/// from one core to the other) — provided the objects end in a `CacheLinePadding`. More
/// threads than lanes share some: a lane's object must be thread-safe itself.
@usableFromInline
package struct ThreadLanes<Lane: AnyObject & Sendable>: Sendable {
    @usableFromInline let lanes: [Lane]

    /// Lanes made by `make`.
    package init(_ make: () -> Lane) {
        lanes = (0..<ThreadLaneNumbers.laneCount).map { _ in make() }
    }

    /// The calling thread's lane. Inlined, so that it is specialized where it is read: the
    /// generic getter copied the lane through its type's value witness, per text.
    @inlinable
    package var current: Lane {
        lanes[ThreadLaneNumbers.shared.current]
    }
}

/// 128 bytes no one reads, the last stored property of a lane's object: two lanes' objects,
/// made one after another, then never share a cache line (nor the pair of lines a core
/// fetches together). Without it malloc put them 32 bytes apart, and each thread's lock,
/// atomic exchange or reference count in its own lane's object took the line from the
/// other core: the very sharing lanes are there to avoid.
package struct CacheLinePadding: Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    package init() {}
}

/// Which lane each thread uses: a thread asking for the first time takes the lane the
/// fewest live threads use (the lowest such), and gives it back when it ends. So threads
/// alive at once have lanes of their own, up to `laneCount` of them — the two threads of a
/// two-core run never share one. (Lanes picked by a hash of the thread's identity put two
/// threads in one lane about one run in eight, and every lane's objects were then shared by
/// both cores; lanes handed out in turn would let a long-lived thread meet a new one.)
@usableFromInline
package final class ThreadLaneNumbers: Sendable {
    /// How many lanes.
    package static let laneCount = 8
    /// The numbers every `ThreadLanes` uses.
    @usableFromInline package static let shared = ThreadLaneNumbers()

    /// What a thread keeps in its slot: its lane, and whose it is (retained: the numbers
    /// live until every thread that took one has ended).
    private struct Taken {
        let lane: Int
        let numbers: Unmanaged<ThreadLaneNumbers>
    }

    /// The thread-specific slot of each thread's `Taken`.
    private let key: pthread_key_t
    /// How many live threads use each lane.
    private let users = Mutex<[Int]>(Array(repeating: 0, count: laneCount))

    /// Numbers of their own (tests; the lanes use `shared`).
    package init() {
        var key = pthread_key_t()
        // At a thread's end: its lane given back.
        let status = pthread_key_create(&key) { slot in
            guard let taken = slot?.assumingMemoryBound(to: Taken.self) else { return }
            let numbers = taken.pointee.numbers.takeRetainedValue()
            numbers.users.withLock { $0[taken.pointee.lane] -= 1 }
            taken.deinitialize(count: 1)
            taken.deallocate()
        }
        precondition(status == 0, "no thread-specific key left for ThreadLaneNumbers")
        self.key = key
    }

    deinit { pthread_key_delete(key) }

    /// The calling thread's lane, below `laneCount`.
    @usableFromInline
    package var current: Int {
        if let slot = pthread_getspecific(key) { return slot.assumingMemoryBound(to: Taken.self).pointee.lane }
        return take()
    }

    /// The lane the fewest live threads use, taken for the calling thread.
    @inline(never)
    private func take() -> Int {
        let lane = users.withLock { users in
            let lane = users.indices.min { users[$0] < users[$1] }!
            users[lane] += 1
            return lane
        }
        let taken = UnsafeMutablePointer<Taken>.allocate(capacity: 1)
        taken.initialize(to: Taken(lane: lane, numbers: .passRetained(self)))
        pthread_setspecific(key, taken)
        return lane
    }
}
