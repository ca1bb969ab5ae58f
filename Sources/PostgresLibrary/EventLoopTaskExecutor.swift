import NIOCore

/// A task executor that runs jobs on one NIO event loop: the connection pool's tasks run there, never on
/// Swift's cooperative threads, which the store's blocking callers (tests, commands) may all be holding.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
