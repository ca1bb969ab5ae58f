/// What the library keeps of one picture for duplicate detection (a row of `picture_signatures`).
///
/// Keyed by content key, so copies with the same bytes share one record and a changed file (a new key)
/// gets a new one. The bytes are opaque here: the Duplicates module makes and reads them.
public struct PictureSignatureRecord: Sendable, Equatable {
    /// The photo's content key when the record was made.
    public var contentKey: String
    /// The signature's 64-bit perceptual hash and its bytes, or why none could be made (one line).
    public var outcome: Result<(hash: UInt64, bytes: [UInt8]), PictureSignatureFailure>

    public init(contentKey: String, outcome: Result<(hash: UInt64, bytes: [UInt8]), PictureSignatureFailure>) {
        self.contentKey = contentKey
        self.outcome = outcome
    }

    public static func == (a: Self, b: Self) -> Bool {
        guard a.contentKey == b.contentKey else { return false }
        switch (a.outcome, b.outcome) {
        case (.success(let x), .success(let y)): return x.hash == y.hash && x.bytes == y.bytes
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }
}

/// Why a picture has no signature (the `error` column): one line for people.
public struct PictureSignatureFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
