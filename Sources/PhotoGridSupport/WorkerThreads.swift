import Synchronization

import Platform

/// The threads of one worker pool: started together, told to stop together, joined together. The
/// indexer's probes and the thumbnail batches run their blocking work on these (`JoinableThread`).
public final class WorkerThreads: Sendable {
    private let threads = Mutex<[pthread_t]>([])
    private let cancelled = Atomic<Bool>(false)
    private let nextJob = Atomic<Int>(0)

    public init() {}

    /// Starts up to `count` threads (at least one) running `body`; false if none could be started.
    public func start(_ count: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        for _ in 0..<max(1, count) {
            guard let thread = JoinableThread.start(body) else { break }
            threads.withLock { $0.append(thread) }
        }
        return threads.withLock { !$0.isEmpty }
    }

    /// Starts up to `count` threads (at least one) that share the jobs `0..<jobs`: each takes the next
    /// index from one counter and calls `body` with it, until no job is left or the pool is cancelled.
    /// False if no thread could be started. Start a pool's jobs once.
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
        let started = threads.withLock { threads in
            let all = threads
            threads.removeAll()
            return all
        }
        for thread in started { pthread_join(thread, nil) }
    }
}
