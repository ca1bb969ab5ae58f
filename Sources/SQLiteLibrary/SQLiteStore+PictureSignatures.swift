public import PhotoLibrary
import GRDB
import struct Foundation.Data

/// Picture signatures in SQLite (`PictureSignatureSQL`'s statements).
extension SQLiteStore: PictureSignatureStore {
    public func pictureSignatureIndex() throws(LibraryError) -> [PictureSignatureIndexEntry] {
        try read("reading picture signatures") { db in
            var entries: [PictureSignatureIndexEntry] = []
            let rows = try Row.fetchCursor(db, sql: PictureSignatureSQL.index)
            while let row = try rows.next() {
                entries.append(PictureSignatureSQL.entry(id: row[0], contentKey: row[1], hash: row[2], error: row[3]))
            }
            return entries
        }
    }
}
