import PhotoGridSupport

/// The browsers signed in with the token: each sign-in (`/?token=`) its own random cookie value, until
/// it signs out (`POST /api/v1/logout`) or the server stops (a new token means a new process: every
/// session ends). At most `capacity` at once: the oldest is forgotten first.
final class BrowserSessions: Sendable {
    private let state = LockedValue<(order: [String], live: Set<String>)>(([], []))
    let capacity: Int

    init(capacity: Int = 1024) { self.capacity = capacity }

    /// A new session's cookie value: 32 random bytes in hex.
    func begin() -> String {
        var random = SystemRandomNumberGenerator()
        let value = (0..<4).map { _ in
            let hex = String(random.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        state.withLock { state in
            if state.order.count >= capacity { state.live.remove(state.order.removeFirst()) }
            state.order.append(value)
            state.live.insert(value)
        }
        return value
    }

    /// Whether `value` is a live session's.
    func contains(_ value: Substring) -> Bool {
        guard value.utf8.count == 64 else { return false }
        let value = String(value)
        return state.withLock { $0.live.contains(value) }
    }

    /// Ends the session `value`, if live.
    func end(_ value: Substring) {
        let value = String(value)
        state.withLock { state in
            guard state.live.remove(value) != nil else { return }
            state.order.removeAll { $0 == value }
        }
    }
}
