import PhotoGrid

/// What `/api/v1/events` announces (Server-Sent Events).
enum ServerEvent: Sendable, Equatable {
    /// An index run's progress: `phase` is `walking` (files found so far in `done`) or `indexing`
    /// (`done` of `total` photos), then `done` when the run ended, or `failed` with the `reason`.
    case index(phase: String, done: Int, total: Int, reason: String? = nil)
    /// The grid changed: it now holds `count` photos.
    case library(count: Int)
    /// Nothing happened: a comment line that keeps an idle stream (and the proxies on its way) open.
    case keepAlive

    /// The event as the stream sends it: `event: NAME`, one `data:` line of JSON, a blank line.
    var text: String {
        if case .keepAlive = self { return ": keep-alive\n\n" }
        var writer = JSONWriter(reservingCapacity: 96)
        let name: String
        switch self {
        case let .index(phase, done, total, reason):
            name = "index"
            writer.object { w in
                w.key("done"); w.value(done)
                w.key("phase"); w.value(phase)
                if let reason { w.key("reason"); w.value(reason) }
                w.key("total"); w.value(total)
            }
        case let .library(count):
            name = "library"
            writer.object { w in w.key("count"); w.value(count) }
        case .keepAlive:
            return ""
        }
        return "event: \(name)\ndata: \(String(decoding: writer.bytes, as: UTF8.self))\n\n"
    }
}
