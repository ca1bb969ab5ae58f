import struct Foundation.Data

/// A store's rows for `LivePhotoPairing`, on the connection of the index run's write transaction,
/// written once for both dialects.
package struct SQLLivePhotoRows<Session: SQLSession>: LivePhotoRows {
    let session: Session
    let dialect: SQLDialect
    static var operation: String { "pairing Live Photos" }

    package init(_ session: Session, _ dialect: SQLDialect) { (self.session, self.dialect) = (session, dialect) }

    /// Present, unpaired videos that carry an identifier or are short enough for the name fallback.
    var motionCandidates: String {
        """
        SELECT id, path_bytes, content_identifier, taken_at, duration FROM photos\(dialect.indexedBy("photos_media"))
        WHERE media <> 'photo' AND media = 'video' AND status = 'ok' AND live_photo_id IS NULL
          AND (content_identifier IS NOT NULL OR duration <= \(LivePhotoRule.longestMotion))
        """
    }

    /// The columns of a photo's half, from `photos`.
    static var photoColumns: String { "id, path_bytes, content_identifier, taken_at, CAST(NULL AS double precision) AS duration FROM photos" }

    package func motionCandidates(paths: [[UInt8]]?) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)] {
        guard let paths else { return try halves(motionCandidates + " ORDER BY id", []) }
        var byPath: [[UInt8]: (id: Int64, half: LivePhotoRule.Half)] = [:]
        for chunk in paths.statementChunks {
            for found in try halves(motionCandidates + " AND path_bytes IN (\(SQLValue.placeholders(chunk.count)))", chunk.map { .blob(Data($0)) }) {
                byPath[found.half.pathBytes] = byPath[found.half.pathBytes] ?? found
            }
        }
        return paths.compactMap { byPath[$0] }  // in the batch's order
    }

    package func unpairedPhotos(contentIdentifier: String) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)] {
        try halves("""
            SELECT \(Self.photoColumns)\(dialect.indexedBy("photos_content_identifier")) WHERE content_identifier = $1 AND \(LibrarySQL.unpairedPhoto)
            """, [.text(contentIdentifier)])
    }

    package func unpairedPhotos(pathsAbove lower: [UInt8], below upper: [UInt8]) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)] {
        try halves("SELECT \(Self.photoColumns) WHERE path_bytes > $1 AND path_bytes < $2 AND \(LibrarySQL.unpairedPhoto)",
                   [.blob(Data(lower)), .blob(Data(upper))])
    }

    package func pairs() throws(LibraryError) -> [LivePhotoPair] {
        try session.decoded("""
            SELECT \(LibrarySQL.livePhotoPairColumns)
            FROM photos AS movie\(dialect.indexedBy("photos_live_photo")) LEFT JOIN photos AS photo ON photo.id = movie.live_photo_id
            WHERE movie.live_photo_id IS NOT NULL ORDER BY movie.id
            """, Self.operation) { row throws(LibraryError) in
            LivePhotoPair(
                movieID: try row.int64("movie_id").notNull("movie_id"),
                movie: LivePhotoRule.Half(pathBytes: [UInt8](try row.bytes("movie_path").notNull("movie_path")), contentIdentifier: try row.string("movie_identifier"),
                                          takenAt: try row.string("movie_taken"), duration: try row.double("movie_duration")),
                movieStatus: try row.string("movie_status").notNull("movie_status"), movieMedia: try row.string("movie_media").notNull("movie_media"),
                photoID: try row.int64("photo_id"),
                photo: try row.bytes("photo_path").map { path throws(LibraryError) in
                    LivePhotoRule.Half(pathBytes: [UInt8](path), contentIdentifier: try row.string("photo_identifier"), takenAt: try row.string("photo_taken"))
                },
                photoStatus: try row.string("photo_status"), photoMedia: try row.string("photo_media"),
                photoDuration: try row.double("photo_duration"), photoHasMotion: try row.int64("photo_motion") != nil)
        }
    }

    package func link(movie: Int64, photo: Int64, duration: Double?) throws(LibraryError) {
        try session.execute("UPDATE photos SET live_photo_id = $1 WHERE id = $2", [.integer(photo), .integer(movie)], Self.operation)
        try setLive(photo: photo, duration: duration)
    }

    package func setLive(photo: Int64, duration: Double?) throws(LibraryError) {
        try session.execute("UPDATE photos SET media = 'live', duration = $1 WHERE id = $2", [duration.map { .real($0) } ?? .null, .integer(photo)],
                            Self.operation)
    }

    package func unlink(movie: Int64) throws(LibraryError) {
        try session.execute("UPDATE photos SET live_photo_id = NULL WHERE id = $1", [.integer(movie)], Self.operation)
    }

    package func resetLivePhotosWithoutMovie() throws(LibraryError) {
        try session.execute("""
            UPDATE photos SET media = 'photo', duration = NULL
            WHERE id IN (SELECT id FROM photos\(dialect.indexedBy("photos_media")) WHERE media <> 'photo' AND media = 'live')
              AND motion_length IS NULL AND NOT EXISTS (SELECT 1 FROM photos AS movie WHERE movie.live_photo_id = photos.id)
            """, [], Self.operation)
    }

    /// Rows of `id, path_bytes, content_identifier, taken_at, duration` as halves.
    private func halves(_ sql: String, _ values: [SQLValue]) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)] {
        try session.decoded(sql, values, Self.operation) { row throws(LibraryError) in
            (try row.int64("id").notNull("id"), LivePhotoRule.Half(pathBytes: [UInt8](try row.bytes("path_bytes").notNull("path_bytes")),
                                                                  contentIdentifier: try row.string("content_identifier"),
                                                                  takenAt: try row.string("taken_at"), duration: try row.double("duration")))
        }
    }
}
