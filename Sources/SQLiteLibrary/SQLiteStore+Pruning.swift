public import PhotoLibrary
import GRDB

extension SQLiteStore {
    /// Removes every `missing` row (a photo gone for good) and its thumbnail records, in one
    /// transaction.
    ///
    /// - Returns: the number of rows removed, and the thumbnail files (relative to the thumbnail
    ///   folder) that only those rows' records referred to: files the library made for them and no
    ///   longer needs. Files shared with a remaining photo (same content) are not listed.
    public func pruneMissing() throws(LibraryError) -> (rows: Int, unreferencedThumbnails: [String]) {
        try write("removing missing photos") { db in
            let paths = try String.fetchAll(db, sql: LibrarySQL.missingPhotosThumbnailPaths)
            try db.execute(sql: LibrarySQL.deleteMissingPhotosRecords)
            try db.execute(sql: LibrarySQL.deleteMissingPhotos)
            let rows = db.changesCount
            let stillUsed = try db.makeStatement(sql: "SELECT 1 FROM thumbnails WHERE path = ? LIMIT 1")
            var unreferenced: [String] = []
            for path in paths where try Int.fetchOne(stillUsed, arguments: [path]) == nil {
                unreferenced.append(path)
            }
            return (rows, unreferenced.sorted())
        }
    }
}
