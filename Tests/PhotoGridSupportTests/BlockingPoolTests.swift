import Foundation
import PhotoGridSupport
import Testing

/// `BlockingPool` runs work on at most its size of threads of its own, kept for the next work, never on
/// the cooperative pool.
@Suite struct BlockingPoolTests {
    /// A barrier that `count` parties must reach before any goes on; gives up after `timeout`.
    final class Barrier: @unchecked Sendable {
        private let condition = NSCondition()
        private var arrived = 0
        private let count: Int
        init(count: Int) { self.count = count }

        /// Waits until every party has arrived; false when `timeout` passed first.
        func arriveAndWait(timeout: TimeInterval) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            arrived += 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: timeout)
            while arrived < count {
                if !condition.wait(until: deadline) { return arrived >= count }
            }
            return true
        }
    }

    /// Four pieces of work that each block until all four are running: they can only all finish if each
    /// has a pool thread (the cooperative pool has one thread per core, here 2), so the pool runs up to
    /// its size at once, off the cooperative pool.
    @Test func aPoolRunsUpToItsSizeAtOnce() async {
        let pool = BlockingPool(threads: 4)
        let barrier = Barrier(count: 4)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask { await pool.run { barrier.arriveAndWait(timeout: 20) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 4))
        await pool.shutdown()
    }

    /// Never more than its size: nine pieces of 100 ms on a pool of three are at most three at once, and
    /// they ran on at most three threads.
    @Test func aPoolNeverRunsMoreThanItsSize() async {
        let pool = BlockingPool(threads: 3)
        let counts = LockedValue((now: 0, most: 0, threads: Set<UInt>()))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<9 {
                group.addTask {
                    await pool.run {
                        counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.threads.insert(UInt(pthread_self())) }
                        usleep(100_000)
                        counts.withLock { $0.now -= 1 }
                    }
                }
            }
        }
        let seen = counts.withLock { $0 }
        #expect(seen.most <= 3 && seen.most >= 2, "\(seen.most) at once")
        #expect(seen.threads.count <= 3)
        await pool.shutdown()
    }

    /// No thread per call: a hundred pieces of work one after another run on the one thread the pool
    /// started for the first.
    @Test func threadsAreKeptForTheNextWork() async {
        let pool = BlockingPool(threads: 2)
        var threads = Set<UInt>()
        for _ in 0..<100 { threads.insert(await pool.run { UInt(pthread_self()) }) }
        #expect(threads.count == 1)
        await pool.shutdown()
    }

    struct Refused: Error, Equatable { var code: Int }

    /// What the work throws reaches the caller with its type.
    @Test func theWorksErrorIsRethrown() async {
        let pool = BlockingPool(threads: 1)
        await #expect(throws: Refused(code: 7)) {
            try await pool.run { () throws(Refused) -> Int in throw Refused(code: 7) }
        }
        #expect(await pool.run { 6 * 7 } == 42)
        await pool.shutdown()
    }

    /// Shutdown lets the work already given finish and returns when it has; work given afterwards
    /// still runs (on the caller's thread).
    @Test func shutdownFinishesTheWorkGivenThenRunsOnTheCaller() async {
        let pool = BlockingPool(threads: 1)
        let (started, signal) = AsyncStream<Void>.makeStream()
        let done = LockedValue(false)
        let slow = Task {
            await pool.run {
                signal.yield()
                usleep(200_000)
                done.withLock { $0 = true }
            }
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()  // (awaited, not waited for: a test never blocks a cooperative thread)
        await pool.shutdown()
        #expect(done.withLock { $0 })
        #expect(await pool.run { 6 * 7 } == 42)
        await slow.value
    }
}
