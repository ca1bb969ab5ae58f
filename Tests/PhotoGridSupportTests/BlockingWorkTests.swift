import Foundation
import PhotoGridSupport
import Testing

/// `BlockingWork.run` puts each piece of work on a thread of its own, never on the cooperative pool.
@Suite struct BlockingWorkTests {
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

    /// Twelve pieces of work that each block until all twelve are running: they can only all finish
    /// if each has a thread of its own (the cooperative pool has one thread per core, here 2).
    @Test func concurrentWorkRunsOnThreadsOfItsOwn() async {
        let parties = 12
        let barrier = Barrier(count: parties)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<parties {
                group.addTask { await BlockingWork.run { barrier.arriveAndWait(timeout: 20) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: parties))
    }

    struct Refused: Error, Equatable { var code: Int }

    /// What the work throws reaches the caller with its type.
    @Test func theWorksErrorIsRethrown() async {
        await #expect(throws: Refused(code: 7)) {
            try await BlockingWork.run { () throws(Refused) -> Int in throw Refused(code: 7) }
        }
        #expect(await BlockingWork.run { 6 * 7 } == 42)
    }
}
