import Foundation

/// A value guarded by an `NSLock` (a pthread mutex).
///
/// Used instead of `Synchronization.Mutex` where worker threads hand data over: on Linux `Mutex` waits
/// on raw futex system calls, which ThreadSanitizer does not model, so `scripts/sanitizers.sh thread`
/// reported every access inside `Mutex.withLock` as a race. A pthread mutex is understood by every
/// sanitizer, and the cost is the same at these uses (one lock per probed file or thumbnail).
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
