import Synchronization

/// A run's fan-out: up to `count` threads that share the run's items, started together, told to stop
/// together, waited for together. The threads are borrowed from one long-lived pool (`fanOuts`), started
/// as fan-outs first need them and kept idle between them, so the next run's probes, thumbnail makers
/// or walk depth find them waiting. Works from whatever thread its run is on (the command line's main
/// thread, a server pool's).
public final class WorkerThreads: Sendable {
    /// The threads every fan-out borrows: as many as the fan-outs at one time ask for, kept afterwards.
    public static let fanOuts = BlockingPool(threads: 4096)
    private let pool: BlockingPool
    private let running = LockedCondition<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let nextJob = Atomic<Int>(0)

    /// A fan-out over `pool`'s threads (tests give a pool of their own).
    public init(pool: BlockingPool = WorkerThreads.fanOuts) { self.pool = pool }

    /// Runs `body` on up to `count` threads (at least one); false if none could be had. Start a fan-out once.
    public func start(_ count: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        var started = 0
        for _ in 0..<max(1, count) {
            running.withLock { $0 += 1 }
            // Counted as ended once its thread is idle again, so that the next fan-out finds it free.
            let given = pool.submit(handingOver: { [running] in
                body()
                return { running.withLock { $0 -= 1 } }
            })
            guard given else {
                running.withLock { $0 -= 1 }
                break
            }
            started += 1
        }
        return started > 0
    }

    /// Starts up to `count` threads (at least one) that share the jobs `0..<jobs`: each takes the next
    /// index from one counter and calls `body` with it, until no job is left or the fan-out is cancelled.
    /// False if no thread could be had. Start a fan-out once.
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
        running.withLock(waitingUntil: { $0 == 0 }) { _ in }
    }
}
