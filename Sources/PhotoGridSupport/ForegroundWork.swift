/// Work a person is waiting for — a server making the thumbnails on someone's screen — that background
/// work (an index run's probes and writer) yields to: a background thread asks `yield()` between its items
/// and waits while any foreground work runs, and until none has run for `quiet`, so on a machine with few
/// cores the screen fills first.
///
/// The quiet period is what makes a page's stream of requests one piece of work: a page keeps a few
/// thumbnails in flight and asks the next once one has come, so between two there is a round trip and
/// the browser's own work (2–18 ms seen from Chromium filling a screen of 96 while an index run went on);
/// without it, a run's writer committed a batch in each of those gaps and the run ended long before the
/// screen it held up was full.
public final class ForegroundWork: Sendable {
    private struct State {
        /// How many pieces of foreground work run now.
        var running = 0
        /// When the last one ended.
        var lastEnded: ContinuousClock.Instant?
    }

    /// A yielding thread waits for `running` to fall to zero and then for `quiet` to pass.
    private let state = LockedCondition(State())
    /// How long after the last foreground work ended background work still waits.
    public let quiet: Duration

    public init(quiet: Duration = .milliseconds(100)) {
        self.quiet = quiet
    }

    /// Runs `body` as foreground work.
    public func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        state.withLock { $0.running += 1 }
        defer {
            state.withLock { state in
                state.running -= 1
                state.lastEnded = .now
            }
        }
        return try body()
    }

    /// Whether foreground work is running now.
    public var isBusy: Bool { state.withLock { $0.running > 0 } }

    /// Waits while foreground work runs and until none has run for `quiet`, but at most `limit` in all
    /// (background work is slowed, never stopped for good by a stream of requests, nor by work that
    /// never ends). Returns at once when none has run lately.
    ///
    /// The default limit is longer than a screen takes: 96 thumbnails of 12-megapixel JPEGs take ~3 s on
    /// two cores a browser shares; with 2 s, an index run's writer stopped waiting part way through them,
    /// committed the rest of the run and ended before the screen it was waiting for.
    public func yield(atMost limit: Duration = .seconds(10)) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            let left = deadline - clock.now
            guard left > .zero else { return }
            let now = state.withLock(waitingUntil: { $0.running == 0 }, timeout: left) { $0 }
            guard now.running == 0, let ended = now.lastEnded else { return }
            let quietFor = clock.now - ended
            guard quietFor < quiet else { return }
            // The rest of the quiet period, unless foreground work starts again (then wait for it).
            state.withLock(waitingUntil: { $0.running > 0 }, timeout: min(quiet - quietFor, deadline - clock.now)) { _ in }
        }
    }
}
