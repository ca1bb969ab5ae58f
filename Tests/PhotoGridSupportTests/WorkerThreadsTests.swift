import Foundation
import PhotoGridSupport
import Testing

/// `WorkerThreads` borrows its threads from a long-lived pool: no thread is started per fan-out.
@Suite struct WorkerThreadsTests {
    /// The kernel's ids of the threads one fan-out of three ran on (each waits for the other two, so
    /// they are three threads).
    static func fanOutThreads(_ pool: BlockingPool) -> Set<String> {
        let barrier = BlockingPoolTests.Barrier(count: 3)
        let seen = LockedValue(Set<String>())
        let workers = WorkerThreads(pool: pool)
        let started = workers.start(3) {
            let met = barrier.arriveAndWait(timeout: 20)
            seen.withLock { _ = $0.insert(met ? Self.threadID() : "no barrier") }
        }
        #expect(started)
        workers.cancelAndJoin()
        return seen.withLock { $0 }
    }

    /// This thread's kernel id (`/proc/thread-self` links to `PID/task/TID`).
    static func threadID() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "?"
    }

    /// A second fan-out runs on the threads the first started, not on new ones (kernel thread ids grow
    /// with each new thread, so fresh threads would have ids the first set lacks).
    @Test func aFanOutReusesTheThreadsOfTheOneBefore() async {
        let pool = BlockingPool(threads: 64)
        let first = Self.fanOutThreads(pool)
        let second = Self.fanOutThreads(pool)
        #expect(first.count == 3)
        #expect(second == first, "first \(first.sorted()), second \(second.sorted())")
        await pool.shutdown()
    }

    /// The fan-outs of the index run, the walk and the thumbnail batches share one pool by default.
    @Test func fanOutsShareOnePoolByDefault() {
        let barrier = BlockingPoolTests.Barrier(count: 2)
        let workers = WorkerThreads()
        let ran = LockedCondition(0)
        let started = workers.start(2, jobs: 2) { _ in
            ran.withLock { $0 += 1 }
            _ = barrier.arriveAndWait(timeout: 20)
        }
        #expect(started)
        // Both jobs taken before the fan-out is told to stop (a worker checks that before each job).
        ran.withLock(waitingUntil: { $0 == 2 }, timeout: .seconds(20)) { _ in }
        workers.cancelAndJoin()
        #expect(ran.withLock { $0 } == 2)
        #expect(WorkerThreads.fanOuts.size >= 1024, "room for every fan-out at once: nested ones never wait for each other")
    }

    /// Fan-outs inside fan-outs (a walk depth within an index run) never wait for each other's threads:
    /// four outer jobs each start four inner ones, and the sixteen inner jobs all run at once (each waits
    /// for the other fifteen), twenty threads of the shared pool busy together.
    @Test func nestedFanOutsAllRunAtOnce() {
        let inner = BlockingPoolTests.Barrier(count: 16)
        let met = LockedValue(0)
        let outer = WorkerThreads()
        let started = outer.start(4) {
            let workers = WorkerThreads()
            _ = workers.start(4) { if inner.arriveAndWait(timeout: 20) { met.withLock { $0 += 1 } } }
            // Waits for the four inner jobs (a body of this form runs whole; cancelling stops only `jobs:` ones).
            workers.cancelAndJoin()
        }
        #expect(started)
        outer.cancelAndJoin()
        #expect(met.withLock { $0 } == 16)
    }
}
