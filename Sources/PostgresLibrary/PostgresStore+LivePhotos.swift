import PhotoLibrary
import PostgresNIO
import struct Foundation.Data

/// The PostgreSQL store's rows for `LivePhotoPairing`, on the connection of the write transaction
/// (`SQLiteLivePhotoRows`'s statements in this dialect).
struct PostgresLivePhotoRows: LivePhotoRows {
    let session: PostgresSession
    static let operation = "pairing Live Photos"

    static let motionCandidatesSQL = """
        SELECT id, path_bytes, content_identifier, taken_at, duration FROM photos
        WHERE media = 'video' AND status = 'ok' AND live_photo_id IS NULL
          AND (content_identifier IS NOT NULL OR duration <= \(LivePhotoRule.longestMotion))
        """
    static let photoColumns = "id, path_bytes, content_identifier, taken_at, NULL::float8 AS duration FROM photos"

    func motionCandidates(paths: [[UInt8]]?) throws -> [(id: Int64, half: LivePhotoRule.Half)] {
        guard let paths else { return try halves(PostgresQuery(unsafeSQL: Self.motionCandidatesSQL + " ORDER BY id")) }
        var binds = PostgresBindings()
        binds.append(paths.map { ByteBuffer(bytes: $0) })
        // In the batch's order (the order SQLite's store pairs them in).
        let found = try halves(PostgresQuery(unsafeSQL: Self.motionCandidatesSQL + " AND path_bytes = ANY($1)", binds: binds))
        let byPath = Dictionary(found.map { ($0.half.pathBytes, $0) }, uniquingKeysWith: { first, _ in first })
        return paths.compactMap { byPath[$0] }
    }

    func unpairedPhotos(contentIdentifier: String) throws -> [(id: Int64, half: LivePhotoRule.Half)] {
        try halves(PostgresQuery(unsafeSQL: "SELECT \(Self.photoColumns) WHERE content_identifier = $1 AND \(LibrarySQL.unpairedPhoto)",
                                 binds: PostgresStore.binds(contentIdentifier)))
    }

    func unpairedPhotos(pathsAbove lower: [UInt8], below upper: [UInt8]) throws -> [(id: Int64, half: LivePhotoRule.Half)] {
        try halves(PostgresQuery(unsafeSQL: "SELECT \(Self.photoColumns) WHERE path_bytes > $1 AND path_bytes < $2 AND \(LibrarySQL.unpairedPhoto)",
                                 binds: PostgresStore.binds(ByteBuffer(bytes: lower), ByteBuffer(bytes: upper))))
    }

    func pairs() throws -> [LivePhotoPair] {
        try session.rows(PostgresQuery(unsafeSQL: """
            SELECT \(LibrarySQL.livePhotoPairColumns)
            FROM photos AS movie LEFT JOIN photos AS photo ON photo.id = movie.live_photo_id
            WHERE movie.live_photo_id IS NOT NULL ORDER BY movie.id
            """), Self.operation).map { row throws(LibraryError) in
            let row = row.makeRandomAccess()
            let photoPath: Data? = try row.value("photo_path")
            return LivePhotoPair(
                movieID: try row.value("movie_id"),
                movie: LivePhotoRule.Half(pathBytes: [UInt8](try row.value("movie_path", Data.self)), contentIdentifier: try row.value("movie_identifier"),
                                          takenAt: try row.value("movie_taken"), duration: try row.value("movie_duration")),
                movieStatus: try row.value("movie_status"), movieMedia: try row.value("movie_media"), photoID: try row.value("photo_id"),
                photo: try photoPath.map { path throws(LibraryError) in
                    LivePhotoRule.Half(pathBytes: [UInt8](path), contentIdentifier: try row.value("photo_identifier"),
                                       takenAt: try row.value("photo_taken"))
                },
                photoStatus: try row.value("photo_status"), photoMedia: try row.value("photo_media"),
                photoDuration: try row.value("photo_duration"), photoHasMotion: try row.value("photo_motion", Int64?.self) != nil)
        }
    }

    func link(movie: Int64, photo: Int64, duration: Double?) throws {
        try session.execute("UPDATE photos SET live_photo_id = \(photo) WHERE id = \(movie)", Self.operation)
        try setLive(photo: photo, duration: duration)
    }

    func setLive(photo: Int64, duration: Double?) throws {
        try session.execute("UPDATE photos SET media = 'live', duration = \(duration) WHERE id = \(photo)", Self.operation)
    }

    func unlink(movie: Int64) throws {
        try session.execute("UPDATE photos SET live_photo_id = NULL WHERE id = \(movie)", Self.operation)
    }

    func resetLivePhotosWithoutMovie() throws {
        try session.execute("""
            UPDATE photos SET media = 'photo', duration = NULL
            WHERE media = 'live' AND motion_length IS NULL
              AND NOT EXISTS (SELECT 1 FROM photos AS movie WHERE movie.live_photo_id = photos.id)
            """, Self.operation)
    }

    /// Rows of `id, path_bytes, content_identifier, taken_at, duration` as halves.
    private func halves(_ query: PostgresQuery) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)] {
        try session.rows(query, Self.operation).map { row throws(LibraryError) in
            let row = row.makeRandomAccess()
            return (try row.value("id"), LivePhotoRule.Half(pathBytes: [UInt8](try row.value("path_bytes", Data.self)),
                                                            contentIdentifier: try row.value("content_identifier"),
                                                            takenAt: try row.value("taken_at"), duration: try row.value("duration")))
        }
    }
}
