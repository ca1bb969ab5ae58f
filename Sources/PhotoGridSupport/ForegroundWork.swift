/// Work a person is waiting for — a server making the thumbnails on someone's screen — that background
/// work (an index run's probes) yields to: a background thread asks `yield()` between its items and
/// waits while any foreground work runs, so on a machine with few cores the screen fills first.
public final class ForegroundWork: Sendable {
    /// How many pieces of foreground work run now; a yielding thread waits for it to fall to zero.
    private let running = LockedCondition(0)

    public init() {}

    /// Runs `body` as foreground work.
    public func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        running.withLock { $0 += 1 }
        defer { running.withLock { $0 -= 1 } }
        return try body()
    }

    /// Whether foreground work is running now.
    public var isBusy: Bool { running.withLock { $0 > 0 } }

    /// Waits while foreground work runs, but at most `limit` (background work is slowed, never stopped
    /// for good by a stream of requests). Returns at once when there is none.
    public func yield(atMost limit: Duration = .seconds(2)) {
        running.withLock(waitingUntil: { $0 == 0 }, timeout: limit) { _ in }
    }
}
