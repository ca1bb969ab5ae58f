public import PhotoLibrary
import PostgresNIO
import struct Foundation.Data

/// Picture signatures in PostgreSQL (`PictureSignatureSQL`'s statements).
extension PostgresStore: PictureSignatureStore {
    public func pictureSignatureIndex() throws(LibraryError) -> [PictureSignatureIndexEntry] {
        var entries: [PictureSignatureIndexEntry] = []
        try session { session throws(LibraryError) in
            for row in try session.rows(PostgresQuery(unsafeSQL: PictureSignatureSQL.index), "reading picture signatures") {
                let (id, key, hash, error): (Int64, String, Int64?, String?)
                do { (id, key, hash, error) = try row.decode((Int64, String, Int64?, String?).self) } catch {
                    throw .database(operation: "reading picture signatures", message: PostgresSession.message(of: error))
                }
                entries.append(PictureSignatureSQL.entry(id: id, contentKey: key, hash: hash, error: error))
            }
        }
        return entries
    }
}
