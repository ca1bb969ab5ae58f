import PhotoGridSupport

/// What a store announces about its grid: a count that moves each time the grid may have changed (a
/// commit by any process), and a wait for its next move, so that a server follows the library without a
/// timer. PostgreSQL's NOTIFY (`PostgresChangeListener`) and SQLite's file changes (`SQLiteChangeWatch`)
/// announce here; a reconnection or a lost event counts too (whoever follows must read the grid again).
public final class GridAnnouncements: Sendable {
    private struct State {
        var count = 0
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
        var observers: [@Sendable () -> Void] = []
    }

    private let state = LockedValue(State())

    public init() {}

    /// The announcements so far.
    public var count: Int { state.withLock { $0.count } }

    /// Counts one announcement and wakes every waiter and observer.
    public func announce() {
        let (woken, observers) = state.withLock { state -> ([CheckedContinuation<Void, Never>], [@Sendable () -> Void]) in
            state.count &+= 1
            defer { state.waiters.removeAll() }
            return (Array(state.waiters.values), state.observers)
        }
        for waiter in woken { waiter.resume() }
        for observer in observers { observer() }
    }

    /// Calls `body` (on the announcing thread: it must not block) after each announcement from now on:
    /// how a thread that waits synchronously (a `WakeSignal`) hears them.
    public func observe(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(body) }
    }

    /// Returns once the count is no longer `seen` (at once if it has moved already), or when the calling
    /// task is cancelled.
    public func next(after seen: Int) async {
        let waiter = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.count != seen || state.cancelled.remove(waiter) != nil { return true }
                    state.waiters[waiter] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if let continuation = state.waiters.removeValue(forKey: waiter) { return continuation }
                state.cancelled.insert(waiter)  // cancelled before it waits: it returns at once
                return nil
            }
            continuation?.resume()
        }
        // A cancellation after the wait ended leaves its mark: take it off.
        _ = state.withLock { $0.cancelled.remove(waiter) }
    }
}
