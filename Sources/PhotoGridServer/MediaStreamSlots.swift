import Synchronization

/// The media responses being sent at once, at most `limit`: each holds its file's descriptor and a few
/// chunks in memory while its client reads, so a client that opens many and reads none cannot take the
/// descriptors and memory the server keeps for everything else (`ConnectionLimit.reserve`).
final class MediaStreamSlots: Sendable {
    /// The most media responses at once, whatever the connection limit.
    static let most = 64
    let limit: Int
    private let taken = Atomic<Int>(0)

    /// Slots for a server holding at most `connections` connections: a quarter of them, 4 to `most`.
    init(connections: Int) { limit = min(Self.most, max(4, connections / 4)) }

    /// A slot, given back when the slot is released (however its response ends); nil when all are taken.
    func take() -> Slot? {
        guard taken.add(1, ordering: .relaxed).newValue <= limit else {
            taken.subtract(1, ordering: .relaxed)
            return nil
        }
        return Slot(self)
    }

    /// The slot one media response holds.
    final class Slot: Sendable {
        private let slots: MediaStreamSlots
        init(_ slots: MediaStreamSlots) { self.slots = slots }
        deinit { slots.taken.subtract(1, ordering: .relaxed) }
    }
}
