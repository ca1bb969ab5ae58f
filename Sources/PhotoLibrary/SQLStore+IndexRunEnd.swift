import struct Foundation.Data

extension SQLSession {
    /// The last transaction of an index run (`IndexWriter.finishIndexRun`), in the store's write
    /// transaction: marks vanished rows missing, forgets non-photo files that are gone, records the root
    /// and the run's start, checks the Live Photo pairs where rows changed. Returns the number of missing rows.
    ///
    /// Rows found unchanged are not written: their last-seen time is the run's start, read from
    /// `library.last_indexed_at` (see `photoColumns`). A row that goes missing keeps, as its
    /// last-seen time, the start of the previous completed run, the last one that found it.
    package func finishIndexRun(missing: [Int64], forgottenNonPhotos: [[UInt8]], root: [UInt8], now: String, rowsChanged: Bool,
                                _ dialect: SQLDialect) throws(LibraryError) -> Int {
        let operation = "finishing the index run"
        for chunk in missing.statementChunks {
            try execute("""
                UPDATE photos SET status = 'missing', error = NULL,
                    last_seen = \(dialect.greatest)(last_seen, coalesce((SELECT last_indexed_at FROM library WHERE id = 1), last_seen))
                WHERE id IN (\(SQLValue.list(chunk))) AND status <> 'missing'
                """, [], operation)
        }
        for paths in forgottenNonPhotos.statementChunks {
            try execute("DELETE FROM non_photos WHERE path_bytes IN (\(SQLValue.placeholders(paths.count)))", paths.map { .blob(Data($0)) }, operation)
        }
        try execute(LibrarySQL.recordRoot, [.blob(Data(root)), .text(PathBytes.displayText(root)), .text(now)], operation)
        // Pairs can change only where rows did.
        if rowsChanged || !missing.isEmpty { try LivePhotoPairing.check(SQLLivePhotoRows(self, dialect)) }
        return Int(try row("SELECT count(*) FROM photos WHERE status = 'missing'", operation)?.int64(at: 0) ?? 0)
    }
}
