import PhotoGrid
import PhotoGridSupport
import PhotoLibrary

/// The layout questions answered from the grid in memory, kept ready (`WindowQuestion`) by their query
/// without its offset: a scrolling client asks the same question at new offsets, and its next request
/// then costs its window's cells only — not reading, checking and laying out every parameter again
/// (about a fifth of the route's work at a million photos). At most `limit` are kept; a question made
/// for an earlier snapshot of the grid is made again.
final class WindowQuestions: Sendable {
    private let kept = LockedValue<[String: WindowQuestion]>([:])
    /// How many questions are kept (all are forgotten when one more comes).
    static let limit = 64

    /// The question kept as `key`, if it was made for `snapshot`.
    func find(_ key: String, snapshot: GridSnapshot) -> WindowQuestion? {
        guard let question = kept.withLock({ $0[key] }), question.snapshot === snapshot else { return nil }
        return question
    }

    /// Keeps `question` as `key`.
    func keep(_ question: WindowQuestion, as key: String) {
        kept.withLock { kept in
            if kept.count >= Self.limit && kept[key] == nil { kept.removeAll() }
            kept[key] = question
        }
    }
}

/// A layout route's query taken apart for `WindowQuestions`: the query with its offset's value left out
/// (the key), and that offset.
struct OffsetQuery {
    let key: String
    /// The scroll offset: the parameter's value, 0 (the default) when it is absent.
    let offset: Double

    /// Nil when the offset cannot be read without the query's full parsing: given more than once, written
    /// with percent-encoding or `+`, or not a finite number (the route's full reading then answers, or
    /// refuses it with its message).
    init?(_ query: Substring) {
        var key = ""
        key.reserveCapacity(query.utf8.count)
        var offset: Double?
        for (position, parameter) in query.split(separator: "&", omittingEmptySubsequences: false).enumerated() {
            if position > 0 { key += "&" }
            guard parameter.hasPrefix("offset=") else {
                key += parameter
                continue
            }
            let text = parameter.dropFirst("offset=".count)
            guard offset == nil, !text.contains("%"), !text.contains("+"), let value = Double(text), value.isFinite else { return nil }
            offset = value
            key += "offset="
        }
        self.key = key
        self.offset = offset ?? 0
    }
}
