/// What a thread that waits for others' claims (`thumbs`) waits for — news (the store announced a change) or the
/// stop — on a condition variable, without polling. `stop()` takes a lock: a signal handler must not call
/// it (the command line's signal watcher is a thread of its own).
public final class WakeSignal: Sendable {
    private let state = LockedCondition<(news: Int, stopped: Bool)>((0, false))

    public init() {}

    /// Counts one piece of news and wakes the waiter.
    public func announce() { state.withLock { $0.news &+= 1 } }

    /// Asks the worker to stop and wakes it.
    public func stop() { state.withLock { $0.stopped = true } }

    /// Whether `stop()` was called.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// The news counted so far (read it before looking for work, then wait after it).
    public var news: Int { state.withLock { $0.news } }

    /// Returns when news after `seen` came, the stop was asked, or `timeout` passed.
    public func wait(after seen: Int, timeout: Duration) {
        state.withLock(waitingUntil: { $0.news != seen || $0.stopped }, timeout: timeout) { _ in }
    }
}
