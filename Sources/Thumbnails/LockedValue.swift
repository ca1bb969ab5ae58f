import Foundation

/// A value guarded by an `NSLock` (a pthread mutex).
///
/// Used instead of `Synchronization.Mutex` where worker threads hand data over: on Linux `Mutex` waits
/// on raw futex system calls, which ThreadSanitizer does not model, so `scripts/sanitizers.sh thread`
/// reported every access inside `Mutex.withLock` as a race. A pthread mutex is understood by every
/// sanitizer, and the cost is the same at this use (one lock per thumbnail). PhotoLibrary has the same type: the two modules share no module to hold it.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
