import PhotoGrid
import PhotoGridSupport
import PhotoLibrary

/// The layout questions answered from the grid in memory, kept ready (`SnapshotLayoutQuestion`) by their query
/// without its offset: a scrolling client asks the same question at new offsets, and its next request
/// then costs its window's cells only — not reading, checking and laying out every parameter again
/// (about a fifth of the route's work at a million photos). At most `limit` are kept; a question made
/// for an earlier snapshot of the grid is made again.
final class SnapshotLayoutQuestions: Sendable {
    private let kept = LockedValue<[String: SnapshotLayoutQuestion]>([:])
    /// How many questions are kept (all are forgotten when one more comes).
    static let limit = 64
    /// How many of them may be justified (each holds its rows: ~8 MB at a million photos; all justified
    /// ones are forgotten when one more comes), so that a client asking ever new row heights holds at most
    /// this many layouts.
    static let justifiedLimit = 8
    /// The aspect ratios of the latest snapshot, shared by its justified questions.
    private let ratios = LockedValue<(snapshot: GridSnapshot, ratios: [Double])?>(nil)

    /// `snapshot`'s photos' aspect ratios, made once per snapshot.
    func aspectRatios(of snapshot: GridSnapshot) -> [Double] {
        if let kept = ratios.withLock({ $0 }), kept.snapshot === snapshot { return kept.ratios }
        let made = SnapshotLayoutQuestion.aspectRatios(of: snapshot)
        ratios.withLock { $0 = (snapshot, made) }
        return made
    }

    /// The question kept as `key`, if it was made for `snapshot`.
    func find(_ key: String, snapshot: GridSnapshot) -> SnapshotLayoutQuestion? {
        guard let question = kept.withLock({ $0[key] }), question.snapshot === snapshot else { return nil }
        return question
    }

    /// The question kept as `key` whatever its snapshot: an earlier grid's, whose unchanged justified
    /// sections a new question reuses.
    func earlier(_ key: String) -> SnapshotLayoutQuestion? { kept.withLock { $0[key] } }

    /// Keeps `question` as `key`.
    func keep(_ question: SnapshotLayoutQuestion, as key: String) {
        kept.withLock { kept in
            if kept.count >= Self.limit && kept[key] == nil { kept.removeAll() }
            if question.isJustified, kept[key] == nil, kept.values.count(where: \.isJustified) >= Self.justifiedLimit {
                kept = kept.filter { !$0.value.isJustified }
            }
            kept[key] = question
        }
    }
}

/// A layout route's query taken apart for `SnapshotLayoutQuestions`: the query with its offset's value left out
/// (the key), and that offset.
struct OffsetQuery {
    let key: String
    /// The scroll offset: the parameter's value, 0 (the default) when it is absent.
    let offset: Double
    /// Whether the query leaves photos out of the grid (`hide=…`): a question the grid in memory does
    /// not answer.
    let hidesPhotos: Bool

    /// Nil when the offset cannot be read without the query's full parsing: given more than once, written
    /// with percent-encoding or `+`, or not a finite number (the route's full reading then answers, or
    /// refuses it with its message). Read as bytes in place: it runs for every scroll request.
    init?(_ query: Substring.UTF8View) {
        let parsed = query.withContiguousStorageIfAvailable(Self.parse) ?? Array(query).withUnsafeBufferPointer(Self.parse)
        guard let parsed else { return nil }
        (key, offset, hidesPhotos) = parsed
    }

    /// The key, offset and `hide` of the query `bytes`, or nil (as `init?`).
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (key: String, offset: Double, hides: Bool)? {
        var value: Range<Int>?
        var hides = false
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if has(bytes, prefix: "hide=", from: start, to: end) { hides = true }
            if has(bytes, prefix: "offset=", from: start, to: end) {
                guard value == nil else { return nil }
                value = (start + 7)..<end
            }
            start = end + 1
        }
        guard let value else { return (String(decoding: bytes, as: UTF8.self), 0, hides) }
        let text = UnsafeBufferPointer(rebasing: bytes[value])
        guard !text.contains(UInt8(ascii: "%")), !text.contains(UInt8(ascii: "+")),
              let offset = Double(String(decoding: text, as: UTF8.self)), offset.isFinite else { return nil }
        let key = String(unsafeUninitializedCapacity: bytes.count - value.count) { key in
            _ = key.initialize(fromContentsOf: bytes[..<value.lowerBound])
            _ = UnsafeMutableBufferPointer(rebasing: key[value.lowerBound...]).initialize(fromContentsOf: bytes[value.upperBound...])
            return bytes.count - value.count
        }
        return (key, offset, hides)
    }

    /// Whether `bytes[from..<to]` starts with `prefix`.
    private static func has(_ bytes: UnsafeBufferPointer<UInt8>, prefix: StaticString, from: Int, to: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard to - from >= length else { return false }
        for k in 0..<length where bytes[from + k] != prefix.utf8Start[k] { return false }
        return true
    }
}
