/// Where duplicate detection keeps its signatures: one record per content key (`PictureSignatureRecord`).
///
/// Hashes are read alone (8 bytes a picture, what the candidate search needs for a whole library); the
/// signatures' bytes only for the candidates. Every method may block; errors are `LibraryError`s.
public protocol PictureSignatureStore: AnyObject, Sendable {
    /// Every kept record's hash, by content key; nil for a record that holds a failure.
    func pictureHashes() throws(LibraryError) -> [String: UInt64?]
    /// The kept records of `contentKeys` (those that have one), by content key.
    func pictureSignatures(contentKeys: [String]) throws(LibraryError) -> [String: PictureSignatureRecord]
    /// Keeps `records`, replacing those of the same content keys, in one transaction.
    func savePictureSignatures(_ records: [PictureSignatureRecord]) throws(LibraryError)
}

/// The statements of `PictureSignatureStore`, written once for both dialects (`$n` placeholders: SQLite
/// numbers them in order of appearance, PostgreSQL by their digits).
enum PictureSignatureSQL {
    static let hashes = "SELECT content_key, hash FROM picture_signatures"
    static let select = "SELECT content_key, hash, signature, error FROM picture_signatures"
    static let upsert = """
        INSERT INTO picture_signatures (content_key, hash, signature, error, created_at) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (content_key) DO UPDATE SET
            hash = excluded.hash, signature = excluded.signature, error = excluded.error, created_at = excluded.created_at
        """

    /// The record a row's columns describe (`hash` stored as a signed 64-bit integer).
    static func record(contentKey: String, hash: Int64?, signature: [UInt8]?, error: String?) -> PictureSignatureRecord {
        if let hash, let signature {
            return PictureSignatureRecord(contentKey: contentKey, outcome: .success((UInt64(bitPattern: hash), signature)))
        }
        return PictureSignatureRecord(contentKey: contentKey, outcome: .failure(PictureSignatureFailure(error ?? "no signature")))
    }

    /// The columns `record` is kept as: hash, signature, error.
    static func columns(_ record: PictureSignatureRecord) -> (hash: Int64?, signature: [UInt8]?, error: String?) {
        switch record.outcome {
        case .success(let made): return (Int64(bitPattern: made.hash), made.bytes, nil)
        case .failure(let failure): return (nil, nil, failure.message)
        }
    }
}
