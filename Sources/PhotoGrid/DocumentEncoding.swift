public import PhotoGridSupport
import class Foundation.JSONEncoder

/// JSON text of a document the way every PhotoGrid document is printed: compact, keys sorted,
/// "/" not escaped (`docs/json.md`).
public enum DocumentEncoding {
    /// The document's bytes; a number that is not finite (which JSON cannot hold) is refused.
    public static func bytes(_ document: some Encodable) throws(NonFiniteNumberError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Our documents hold only strings, integers and doubles: the encoder fails only on a
        // non-finite double (its default strategy throws rather than writing null).
        guard let data = try? encoder.encode(document) else { throw NonFiniteNumberError() }
        return [UInt8](data)
    }

    static func json(_ document: some Encodable) -> String {
        (try? bytes(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A document was about to hold a number that is not finite: an internal error (its inputs should have
/// been refused), reported instead of printing `null` where a client expects a number.
public struct NonFiniteNumberError: PhotoGridFailure {
    public init() {}
    public var kind: FailureKind { .internal }
    public var description: String {
        "internal error: the document would hold a number that is not finite (please report the command line)"
    }
}
