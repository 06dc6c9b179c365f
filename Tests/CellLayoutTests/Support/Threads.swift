import Glibc

/// A POSIX thread running `body`, for tests that need threads of their own (not a pool's,
/// which may run two bodies on one thread): join it with `pthread_join`.
func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    final class Body: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { argument in
        Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
        return nil
    }, Unmanaged.passRetained(Body(body)).toOpaque())
    precondition(status == 0, "pthread_create failed: \(status)")
    return thread
}
