/// Where duplicate detection keeps its signatures: one record per content key (`PictureSignatureRecord`).
///
/// The index is read alone (a photo id, content key and 8-byte hash a photo: what the candidate search needs
/// for a whole library); the signatures' bytes only for the candidates. Every method may block; errors
/// are `LibraryError`s.
public protocol PictureSignatureStore: AnyObject, Sendable {
    /// The readable photos duplicate detection compares (photos and Live Photos; not videos) with their
    /// content keys and what is kept for each key, ordered by content key (copies under one key adjacent).
    func pictureSignatureIndex() throws(LibraryError) -> [PictureSignatureIndexEntry]
    /// The kept records of `contentKeys` (those that have one), by content key.
    func pictureSignatures(contentKeys: [String]) throws(LibraryError) -> [String: PictureSignatureRecord]
    /// Keeps `records`, replacing those of the same content keys, in one transaction.
    func savePictureSignatures(_ records: [PictureSignatureRecord]) throws(LibraryError)
}

/// The statements of `PictureSignatureStore`, written once for both dialects (`$n` placeholders: SQLite
/// numbers them in order of appearance, PostgreSQL by their digits).
package enum PictureSignatureSQL {
    package static let index = """
        SELECT p.id, p.content_key, s.hash, s.error FROM photos p LEFT JOIN picture_signatures s ON s.content_key = p.content_key
        WHERE p.status = 'ok' AND p.media <> 'video' AND p.content_key IS NOT NULL ORDER BY p.content_key, p.id
        """
    package static let select = """
        SELECT s.content_key, s.hash, b.signature, s.error FROM picture_signatures s
        LEFT JOIN picture_signature_bytes b ON b.content_key = s.content_key
        """
    /// Each of a record's two rows (the bytes' row goes when its record becomes a failure).
    package static let upsert = """
        INSERT INTO picture_signatures (content_key, hash, error, created_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (content_key) DO UPDATE SET hash = excluded.hash, error = excluded.error, created_at = excluded.created_at
        """
    package static let upsertBytes = """
        INSERT INTO picture_signature_bytes (content_key, signature) VALUES ($1, $2)
        ON CONFLICT (content_key) DO UPDATE SET signature = excluded.signature
        """
    package static let deleteBytes = "DELETE FROM picture_signature_bytes WHERE content_key = $1"

    /// The index entry of a row of `index`.
    package static func entry(id: Int64, contentKey: String, hash: Int64?, error: String?) -> PictureSignatureIndexEntry {
        PictureSignatureIndexEntry(photoID: id, contentKey: contentKey,
                                   kept: hash.map { .hash(UInt64(bitPattern: $0)) } ?? (error == nil ? .none : .failure))
    }

    /// The record a row's columns describe (`hash` stored as a signed 64-bit integer).
    package static func record(contentKey: String, hash: Int64?, signature: [UInt8]?, error: String?) -> PictureSignatureRecord {
        if let hash, let signature {
            return PictureSignatureRecord(contentKey: contentKey, outcome: .success((UInt64(bitPattern: hash), signature)))
        }
        return PictureSignatureRecord(contentKey: contentKey, outcome: .failure(PictureSignatureFailure(error ?? "no signature")))
    }

    /// The columns `record` is kept as: hash, signature, error.
    package static func columns(_ record: PictureSignatureRecord) -> (hash: Int64?, signature: [UInt8]?, error: String?) {
        switch record.outcome {
        case .success(let made): return (Int64(bitPattern: made.hash), made.bytes, nil)
        case .failure(let failure): return (nil, nil, failure.message)
        }
    }
}

/// One photo of `PictureSignatureStore.pictureSignatureIndex`.
public struct PictureSignatureIndexEntry: Sendable, Equatable {
    /// What the library keeps for a content key.
    public enum Kept: Sendable, Equatable {
        /// Nothing yet.
        case none
        /// A signature, with its hash.
        case hash(UInt64)
        /// Why none could be made (the record says).
        case failure
    }

    public var photoID: Int64
    public var contentKey: String
    public var kept: Kept

    public init(photoID: Int64, contentKey: String, kept: Kept) {
        self.photoID = photoID
        self.contentKey = contentKey
        self.kept = kept
    }
}
