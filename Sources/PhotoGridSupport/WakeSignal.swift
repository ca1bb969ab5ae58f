/// What a thread that waits for others' claims (`thumbs`) waits for: news (the store announced a
/// change), on a condition variable, without polling.
public final class WakeSignal: Sendable {
    private let state = LockedCondition<Int>(0)

    public init() {}

    /// Counts one piece of news and wakes the waiter.
    public func announce() { state.withLock { $0 &+= 1 } }

    /// The news counted so far (read it before looking, then wait after it).
    public var news: Int { state.withLock { $0 } }

    /// Returns when news after `seen` came, or `timeout` passed.
    public func wait(after seen: Int, timeout: Duration) {
        state.withLock(waitingUntil: { $0 != seen }, timeout: timeout) { _ in }
    }
}
