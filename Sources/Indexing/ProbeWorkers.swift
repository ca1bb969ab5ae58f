import PhotoLibrary
import PhotoGridSupport
import Dispatch
import Synchronization

import Platform

/// Runs the probes of an index run on worker threads and hands the outcomes back in job order.
///
/// Workers take the next job index from an atomic counter, probe, and store the outcome in its slot;
/// the indexing thread takes the finished prefix. Outcomes leave in path order, so row ids are
/// assigned in path order whatever the number of threads. A worker wakes the indexing thread only
/// when it finishes the job that thread is waiting for (one wake-up per batch of ready outcomes,
/// not one per file).
final class ProbeWorkers: Sendable {
    /// The outcome slots, and the first slot the indexing thread has not taken yet.
    private struct Shelf {
        var outcomes: [ProbeOutcome?]
        var awaited = 0
    }

    private let jobs: [ProbeJob]
    private let prober: PhotoProber
    private let shelf: LockedValue<Shelf>
    /// Signalled when the awaited job finishes.
    private let awaitedFinished = DispatchSemaphore(value: 0)
    private let workers = WorkerThreads()
    /// Called before each probe (`IndexOptions.pause`).
    private let pause: (@Sendable () -> Void)?

    init(jobs: [ProbeJob], prober: PhotoProber, pause: (@Sendable () -> Void)? = nil) {
        self.jobs = jobs
        self.prober = prober
        self.pause = pause
        self.shelf = LockedValue(Shelf(outcomes: Array(repeating: nil, count: jobs.count)))
    }

    /// Starts `count` worker threads (at least one). Returns false if no thread could be started.
    func start(threads count: Int) -> Bool {
        workers.start(count, jobs: jobs.count) { [self] index in probe(index) }
    }

    /// Probes job `index` and shelves its outcome.
    private func probe(_ index: Int) {
        let job = jobs[index]
        pause?()
        let outcome = prober.probe(job.file, checkSignature: job.needsSignatureCheck)
        let awaited = shelf.withLock { shelf in
            shelf.outcomes[index] = outcome
            return index == shelf.awaited
        }
        if awaited { awaitedFinished.signal() }
    }

    /// Waits until the awaited job (the first one not taken) finishes, or `deadline` passes
    /// (forever when nil). May return early; callers take what is ready and wait again.
    func waitForAwaited(until deadline: DispatchTime?) {
        if let deadline { _ = awaitedFinished.wait(timeout: deadline) } else { awaitedFinished.wait() }
    }

    /// Removes and returns the finished outcomes from `start` on, up to the first unfinished job,
    /// which becomes the awaited one.
    func takeFinished(from start: Int) -> [ProbeOutcome] {
        shelf.withLock { shelf in
            var taken: [ProbeOutcome] = []
            var index = start
            while index < shelf.outcomes.count, let outcome = shelf.outcomes[index] {
                taken.append(outcome)
                shelf.outcomes[index] = nil
                index += 1
            }
            shelf.awaited = index
            return taken
        }
    }

    /// Stops handing out jobs and waits for every worker thread to end.
    func finish() {
        workers.cancelAndJoin()
    }
}
