import Glibc

/// A lock whose waiters sleep in the kernel until it is free, for work held long under a
/// lock (fontconfig's configuration load and sort, ~10 ms once per process).
///
/// Swift's `Mutex` on Linux is a priority-inheriting futex, and the kernel spins a waiter
/// for as long as the owner runs: a second thread that asked for a system font while the
/// first loaded fontconfig spent those milliseconds spinning (233 of a two-thread profile's
/// lock samples, CPU time the second thread paid for nothing). glibc's plain mutex
/// (`PTHREAD_MUTEX_DEFAULT`) parks a waiter at once.
final class SleepingLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `body`'s result, run while the lock is held.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
