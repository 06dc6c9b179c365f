import Glibc

/// A few objects, one of which each thread uses: the one its identity picks. Threads that
/// work at once then rarely share a lock, a reference count or a cache line in them, as
/// they would in one shared object (on two cores, every such write moves a cache line from
/// one core to the other). Two threads may still meet in one lane: a lane's object must be
/// thread-safe itself.
@usableFromInline
package struct ThreadLanes<Lane: AnyObject & Sendable>: Sendable {
    /// A power of two.
    private static var count: Int { 8 }
    private let lanes: [Lane]

    /// Lanes made by `make`.
    package init(_ make: () -> Lane) {
        lanes = (0..<Self.count).map { _ in make() }
    }

    /// The calling thread's lane: by its pthread identity (the address of its control
    /// block, which no two live threads share), mixed so that the picked bits differ.
    package var current: Lane {
        let id = UInt64(pthread_self())
        return lanes[Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 61) & (Self.count - 1)]
    }
}
