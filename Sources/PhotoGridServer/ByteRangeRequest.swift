/// What a request's `Range` header asks of a body of `length` bytes (RFC 9110 §14): one range of bytes,
/// the whole body, or nothing it has.
///
/// One range is served (206); a header this server does not take — several ranges, another unit, a
/// malformed one — is ignored and the whole body served (200), as RFC 9110 allows; a range wholly past the
/// end is unsatisfiable (416).
enum ByteRangeRequest: Equatable {
    case whole
    /// Bytes `lowerBound ... upperBound`, both inside the body.
    case part(ClosedRange<Int64>)
    case unsatisfiable

    init(header: String?, length: Int64) {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { self = .whole; return }
        let spec = header.dropFirst(6).trimmingSpaces
        guard let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        // A position past what Int64 holds is past any body: it saturates (RFC 9110 §14.1.1: digits of
        // any length; a last position past the end means the end).
        func number(_ text: Substring) -> Int64? {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return Int64(text) ?? .max
        }
        if first.isEmpty {
            // bytes=-N: the last N bytes.
            guard let suffix = number(last) else { self = .whole; return }
            guard suffix > 0, length > 0 else { self = .unsatisfiable; return }
            self = .part(max(0, length - suffix)...(length - 1))
            return
        }
        guard let start = number(first) else { self = .whole; return }
        let end: Int64
        if last.isEmpty { end = length - 1 } else {
            guard let given = number(last), given >= start else { self = .whole; return }
            end = min(given, length - 1)
        }
        self = start < length ? .part(start...end) : .unsatisfiable
    }
}
