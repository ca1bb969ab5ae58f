/// Forgetting photos gone for good (`IndexWriter.pruneMissing`), written once for both dialects.
extension SQLStore {
    /// Removes every `missing` row (a photo gone for good) and its thumbnail records, in one transaction.
    ///
    /// - Returns: the number of rows removed, and the thumbnail files (relative to the thumbnail folder) that
    ///   only those rows' records referred to; files shared with a remaining photo (same content) are not listed.
    public func pruneMissing() throws(LibraryError) -> (rows: Int, unreferencedThumbnails: [String]) {
        let operation = "removing missing photos"
        return try writeTransaction(operation) { session throws(LibraryError) in
            let paths = try session.decoded(LibrarySQL.missingPhotosThumbnailPaths, operation) { row throws(LibraryError) in
                try row.string("path").notNull("path")
            }
            try session.execute(LibrarySQL.deleteMissingPhotosRecords, [], operation)
            let removed = try session.execute(LibrarySQL.deleteMissingPhotos, [], operation)
            var stillUsed = Set<String>()
            for chunk in paths.statementChunks {
                try session.forEachRow("SELECT DISTINCT path FROM thumbnails WHERE path IN (\(SQLValue.placeholders(chunk.count)))",
                                       chunk.map { .text($0) }, operation) { row throws(LibraryError) in
                    stillUsed.insert(try row.string("path").notNull("path"))
                }
            }
            return (removed, paths.filter { !stillUsed.contains($0) }.sorted())
        }
    }
}
