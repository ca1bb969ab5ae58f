import Synchronization

/// A run's fan-out: up to `count` threads that share the run's items, started together, told to stop
/// together, waited for together — a `BlockingPool` of the run's own. The indexer's probes and the
/// thumbnail batches run on these, from whatever thread their run is on (the command line's main thread,
/// a server pool's).
public final class WorkerThreads: Sendable {
    private let pool = LockedValue<BlockingPool?>(nil)
    private let cancelled = Atomic<Bool>(false)
    private let nextJob = Atomic<Int>(0)

    public init() {}

    /// Starts up to `count` threads (at least one) running `body`; false if none could be started.
    /// Start a fan-out once.
    public func start(_ count: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        let threads = BlockingPool(threads: count)
        pool.withLock { $0 = threads }
        var started = 0
        for _ in 0..<threads.size where threads.submit(body) { started += 1 }
        return started > 0
    }

    /// Starts up to `count` threads (at least one) that share the jobs `0..<jobs`: each takes the next
    /// index from one counter and calls `body` with it, until no job is left or the fan-out is cancelled.
    /// False if no thread could be started. Start a fan-out once.
    public func start(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        start(count) { [self] in
            while !isCancelled {
                let index = nextJob.add(1, ordering: .relaxed).oldValue
                guard index < jobs else { return }
                body(index)
            }
        }
    }

    /// Whether `cancelAndJoin` has been called: a worker checks it before taking the next job.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Tells the workers to stop after their current job and waits for every one to end.
    public func cancelAndJoin() {
        cancelled.store(true, ordering: .relaxed)
        pool.withLock { $0 }?.shutdownAndWait()
    }
}
