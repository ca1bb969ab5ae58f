import Platform

/// A thread of our own (not of the cooperative pool or Dispatch's), started detached with
/// `pthread_create`: what a `BlockingPool` runs its work on (the pool, not a join, says when its threads
/// have ended).
public enum PoolThread {
    /// Starts a detached thread running `body`; false if pthread_create fails.
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
        let box = Unmanaged.passRetained(ThreadBody(body))
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, box.toOpaque())
        guard result == 0 else {
            box.release()
            return false
        }
        return true
    }
}

/// A closure boxed for pthread_create's context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
