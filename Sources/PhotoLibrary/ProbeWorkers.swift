import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs the probes of an index run on worker threads and hands the outcomes back in job order.
///
/// Workers take the next job index from an atomic counter, probe, store the outcome in its slot
/// and signal; the indexing thread takes the finished prefix. Outcomes leave in path order, so row
/// ids are assigned in path order whatever the number of threads.
final class ProbeWorkers: Sendable {
    private let jobs: [ProbeJob]
    private let prober: PhotoProber
    private let next = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let outcomes: Mutex<[ProbeOutcome?]>
    /// Signalled once per finished job.
    private let finishedOne = DispatchSemaphore(value: 0)
    private let threads = Mutex<[pthread_t]>([])

    init(jobs: [ProbeJob], prober: PhotoProber) {
        self.jobs = jobs
        self.prober = prober
        self.outcomes = Mutex(Array(repeating: nil, count: jobs.count))
    }

    /// Starts `count` worker threads (at least one). Returns false if no thread could be started.
    func start(threads count: Int) -> Bool {
        for _ in 0..<max(1, count) {
            guard let thread = Self.spawn({ [self] in work() }) else { break }
            threads.withLock { $0.append(thread) }
        }
        return threads.withLock { !$0.isEmpty }
    }

    /// Probes jobs until none are left or the run is cancelled.
    private func work() {
        while !cancelled.load(ordering: .relaxed) {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < jobs.count else { return }
            let job = jobs[index]
            let outcome = prober.probe(job.file, checkSignature: job.needsSignatureCheck)
            outcomes.withLock { $0[index] = outcome }
            finishedOne.signal()
        }
    }

    /// Waits until a job finishes or `deadline` passes (forever when nil).
    func waitForOutcome(until deadline: DispatchTime?) {
        if let deadline { _ = finishedOne.wait(timeout: deadline) } else { finishedOne.wait() }
    }

    /// Removes and returns the finished outcomes from `start` on, up to the first unfinished job.
    func takeFinished(from start: Int) -> [ProbeOutcome] {
        outcomes.withLock { slots in
            var taken: [ProbeOutcome] = []
            var index = start
            while index < slots.count, let outcome = slots[index] {
                taken.append(outcome)
                slots[index] = nil
                index += 1
            }
            return taken
        }
    }

    /// Stops handing out jobs and waits for every worker thread to end.
    func finish() {
        cancelled.store(true, ordering: .relaxed)
        let started = threads.withLock { threads in
            let all = threads
            threads.removeAll()
            return all
        }
        for thread in started { pthread_join(thread, nil) }
    }

    /// Starts a joinable thread running `body`; nil if pthread_create fails.
    private static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(ThreadBody(body))
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
            body.run()
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
