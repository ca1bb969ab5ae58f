import struct Foundation.Data

extension SQLSession {
    /// What an index run starts from (`IndexWriter.loadIndexState`): every photo row's path, size, mtime,
    /// status and content key, and the non-photo files, read on this session (the store picks the connection).
    package func indexState() throws(LibraryError) -> IndexState {
        var state = IndexState()
        // Sized once: growing a dictionary of a million paths rehashes it twenty times.
        state.photos.reserveCapacity(Int(try row("SELECT count(*) FROM photos", "loading the index")?.int64(at: 0) ?? 0))
        try forEachRow(LibrarySQL.indexedPhotos, [], "loading the index") { row throws(LibraryError) in
            let status = PhotoStatus(rawValue: try row.required(4, row.string(at:))) ?? .error, error = try row.string(at: 6)
            state.photos[[UInt8](try row.required(1, row.bytes(at:)))] = KnownPhoto(
                id: try row.required(0, row.int64(at:)), size: try row.required(2, row.int64(at:)),
                modificationTimeNanoseconds: try row.required(3, row.int64(at:)), status: status, contentKey: try row.string(at: 5),
                hasTransientError: status == .error && ProbeErrorRetry.isTransient(error))
        }
        try forEachRow(LibrarySQL.indexedNonPhotos, [], "loading the index") { row throws(LibraryError) in
            state.nonPhotos[[UInt8](try row.required(0, row.bytes(at:)))] = KnownNonPhoto(
                size: try row.required(1, row.int64(at:)), modificationTimeNanoseconds: try row.required(2, row.int64(at:)))
        }
        return state
    }
}
