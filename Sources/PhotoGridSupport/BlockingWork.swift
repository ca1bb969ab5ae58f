import Platform

/// Blocking work — file and pixel I/O, SQLite — run on a thread of its own and awaited, so that an async
/// caller (a server's request handler) never blocks a thread of Swift's cooperative pool or an event
/// loop while a folder is indexed or thumbnails are made.
///
/// The work runs on a new `JoinableThread`, detached: the cooperative pool has one thread per core, so
/// blocking it with a long index run would stall every other task of the process. The work's own
/// worker pools (`WorkerThreads`) start from that thread as they do from the command line's.
public enum BlockingWork {
    /// Runs `body` on a thread of its own and returns (or throws) what it did.
    ///
    /// If no thread can be started (the process is out of threads), `body` runs on the caller's
    /// thread: slower for the others, but the work is done.
    public static func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let outcome: Result<Value, Failure> = await withCheckedContinuation { continuation in
            let thread = JoinableThread.start {
                continuation.resume(returning: Result { () throws(Failure) -> Value in try body() })
            }
            if let thread {
                pthread_detach(thread)
            } else {
                continuation.resume(returning: Result { () throws(Failure) -> Value in try body() })
            }
        }
        return try outcome.get()
    }
}
