public import Platform

/// A thread of our own (not of the cooperative pool or Dispatch's), started with `pthread_create`
/// and joined by its owner: the worker pools of the indexer and of thumbnails run blocking file and
/// pixel work on these.
public enum JoinableThread {
    /// Starts a joinable thread running `body`; nil if pthread_create fails.
    public static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(ThreadBody(body))
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, box.toOpaque())
        guard result == 0 else {
            box.release()
            return nil
        }
        return thread
    }
}

/// A closure boxed for pthread_create's context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
