import struct Foundation.Data

extension SQLSession {
    /// What an index run starts from (`IndexWriter.loadIndexState`): every photo row's path, size, mtime,
    /// status and content key, and the non-photo files, read on this session (the store picks the connection).
    package func indexState() throws(LibraryError) -> IndexState {
        var state = IndexState()
        // Sized once: growing a dictionary of a million paths rehashes it twenty times.
        state.photos.reserveCapacity(Int(try row("SELECT count(*) FROM photos", "loading the index")?.int64(at: 0) ?? 0))
        try forEachRow(LibrarySQL.indexedPhotos, [], "loading the index") { row throws(LibraryError) in
            let status = PhotoStatus(rawValue: try row.string(at: 4).notNull(4)) ?? .error, error = try row.string(at: 6)
            state.photos[[UInt8](try row.bytes(at: 1).notNull(1))] = KnownPhoto(
                id: try row.int64(at: 0).notNull(0), size: try row.int64(at: 2).notNull(2),
                modificationTimeNanoseconds: try row.int64(at: 3).notNull(3), status: status, contentKey: try row.string(at: 5),
                hasTransientError: status == .error && ProbeErrorRetry.isTransient(error))
        }
        try forEachRow(LibrarySQL.indexedNonPhotos, [], "loading the index") { row throws(LibraryError) in
            state.nonPhotos[[UInt8](try row.bytes(at: 0).notNull(0))] = KnownNonPhoto(
                size: try row.int64(at: 1).notNull(1), modificationTimeNanoseconds: try row.int64(at: 2).notNull(2))
        }
        return state
    }
}
