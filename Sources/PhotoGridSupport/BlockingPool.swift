
/// A bounded pool of threads of our own for blocking work — file and pixel I/O, SQLite, an index run —
/// the one way PhotoGrid runs it: async code awaits work on one (`run`: the server's reader,
/// thumbnail-maker and index-run pools), a run fans its items out on threads borrowed from one kept for
/// that (`WorkerThreads`: the probes of an index run, the makers of a thumbnail batch), and a long-lived reader of events holds one
/// thread of one (`submit`: the folder watcher). No thread of Swift's cooperative pool or of an event loop
/// ever blocks on such work.
///
/// Threads are started as work arrives, up to `size`, and then kept: an idle one waits on a condition
/// (no polling, no timeout) for the next piece of work; work beyond `size` waits in order.
public final class BlockingPool: Sendable {
    /// A piece of work: `run` does it and returns what hands its outcome to the awaiting caller, which
    /// the thread calls once it counts as idle again (so that the caller's next work finds it free).
    private struct Job {
        let number: Int
        let run: @Sendable () -> @Sendable () -> Void
    }

    private struct State {
        var queue: [Job] = []
        var head = 0
        var numbered = 0
        var threads = 0
        var idle = 0
        var stopping = false
        var stopped: [CheckedContinuation<Void, Never>] = []

        var waiting: Int { queue.count - head }

        mutating func take() -> Job? {
            guard head < queue.count else { return nil }
            let job = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            return job
        }
    }

    /// The most threads the pool runs at once.
    public let size: Int
    private let state = LockedCondition(State())

    /// A pool of at most `threads` threads (at least one); none is started before work arrives.
    public init(threads: Int) {
        size = max(1, threads)
    }

    /// Runs `body` on a thread of the pool and returns (or throws) what it did.
    ///
    /// After `shutdown`, or if the pool has no thread and cannot start one (the process is out of
    /// threads), `body` runs on the caller's thread: slower for the others, but the work is done.
    public func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let outcome: Result<Value, Failure> = await withCheckedContinuation { continuation in
            let work: @Sendable () -> @Sendable () -> Void = {
                let outcome = Result { () throws(Failure) -> Value in try body() }
                return { continuation.resume(returning: outcome) }
            }
            if !submit(handingOver: work) { work()() }
        }
        return try outcome.get()
    }

    /// Gives `work` to a thread of the pool without waiting for it; false when the pool is stopping, or
    /// has no thread and cannot start one (the process is out of threads).
    public func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        submit(handingOver: { () -> @Sendable () -> Void in
            work()
            return {}
        })
    }

    /// Lets the work already given finish, then ends the pool's threads; returns, blocking the calling
    /// thread (never a pool thread of its own), once none runs: no work of the pool runs afterwards.
    public func shutdownAndWait() {
        state.withLock { $0.stopping = true }
        state.withLock(waitingUntil: { $0.threads == 0 }) { _ in }
    }

    /// Lets the work already given finish, then ends the pool's threads; returns when they have ended.
    public func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state -> Bool in
                state.stopping = true
                guard state.threads > 0 else { return true }
                state.stopped.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }

    /// Queues `work`, starting a thread when more work waits than threads are idle and the pool has
    /// room; false when the caller must run it (the pool is stopping, or it has no thread and cannot
    /// start one). What `work` returns runs once its thread counts as idle again.
    func submit(handingOver work: @escaping @Sendable () -> @Sendable () -> Void) -> Bool {
        let queued = state.withLock { state -> (number: Int, start: Bool)? in
            guard !state.stopping else { return nil }
            state.numbered += 1
            state.queue.append(Job(number: state.numbered, run: work))
            guard state.waiting > state.idle, state.threads < size else { return (state.numbered, false) }
            state.threads += 1
            return (state.numbered, true)
        }
        guard let queued else { return false }
        guard queued.start else { return true }
        if PoolThread.start({ [self] in serve() }) { return true }
        // No thread could be started. A running thread takes the work in turn; with none, nothing would:
        // the caller runs what waits — the others' here, its own on return.
        let orphans = state.withLock { state -> [Job]? in
            state.threads -= 1
            guard state.threads == 0 else { return nil }
            defer {
                state.queue.removeAll()
                state.head = 0
            }
            return Array(state.queue[state.head...])
        }
        guard let orphans else { return true }
        for job in orphans where job.number != queued.number { job.run()() }
        return false
    }

    /// A pool thread's life: the next work, in order, until the pool stops and no work is left.
    private func serve() {
        var deliver: (@Sendable () -> Void)?
        while let job = next(delivering: deliver) { deliver = job.run() }
    }

    /// Counts this thread idle, hands the last work's outcome over (`deliver`), then takes the next work,
    /// waited for while there is none; nil when the pool stops (this thread then ends).
    private func next(delivering deliver: (@Sendable () -> Void)?) -> Job? {
        state.withLock { $0.idle += 1 }
        deliver?()
        let (job, ended) = state.withLock(waitingUntil: { $0.waiting > 0 || $0.stopping }) { state -> (Job?, [CheckedContinuation<Void, Never>]) in
            state.idle -= 1
            if let job = state.take() { return (job, []) }
            state.threads -= 1
            guard state.threads == 0 else { return (nil, []) }
            defer { state.stopped.removeAll() }
            return (nil, state.stopped)
        }
        for continuation in ended { continuation.resume() }
        return job
    }
}
