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
    /// refuses it with its message). Read as bytes: it runs for every scroll request.
    init?(_ query: Substring.UTF8View) {
        let marker = Array("offset=".utf8)
        var key: [UInt8] = []
        key.reserveCapacity(query.count)
        var offset: Double?
        var parameterStart = true
        var index = query.startIndex
        while index != query.endIndex {
            if parameterStart, query[index...].starts(with: marker) {
                let valueStart = query.index(index, offsetBy: marker.count)
                let valueEnd = query[valueStart...].firstIndex(of: UInt8(ascii: "&")) ?? query.endIndex
                let text = query[valueStart..<valueEnd]
                guard offset == nil, !text.contains(UInt8(ascii: "%")), !text.contains(UInt8(ascii: "+")),
                      let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
                offset = value
                key.append(contentsOf: marker)
                index = valueEnd
                parameterStart = false
                continue
            }
            let byte = query[index]
            key.append(byte)
            parameterStart = byte == UInt8(ascii: "&")
            index = query.index(after: index)
        }
        self.key = String(decoding: key, as: UTF8.self)
        self.offset = offset ?? 0
    }
}
