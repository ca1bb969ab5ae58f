import Foundation

/// A value guarded by an `NSCondition` (a pthread mutex and condition variable): a thread waits, with
/// no polling, until another thread changes the value the way it waits for.
///
/// `LockedValue` is the plain lock; this one is for handing work over (`BlockingPool`) and for waiting
/// on a count (`ForegroundWork`). Like `LockedValue`, a pthread primitive that every sanitizer models.
public final class LockedCondition<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value; waiting threads look at it again afterwards.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready` holds of the value (or `timeout` has passed, if given), then runs `body` with
    /// exclusive access to it; waiting threads look at it again afterwards.
    public func withLock<Result>(waitingUntil ready: (Value) -> Bool, timeout: Duration? = nil,
                                 _ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        if let timeout {
            let deadline = Date(timeIntervalSinceNow: timeout.inSeconds)
            while !ready(value) && condition.wait(until: deadline) {}
        } else {
            while !ready(value) { condition.wait() }
        }
        return try body(&value)
    }
}
