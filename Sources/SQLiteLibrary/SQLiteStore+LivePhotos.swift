import PhotoLibrary
import GRDB
import struct Foundation.Data

/// The SQLite store's rows for `LivePhotoPairing`, on the connection of the write transaction.
struct SQLiteLivePhotoRows: LivePhotoRows {
    let db: Database

    /// Present, unpaired videos that carry an identifier or are short enough for the name fallback.
    static let motionCandidatesSQL = """
        SELECT id, path_bytes, content_identifier, taken_at, duration FROM photos INDEXED BY photos_media
        WHERE media <> 'photo' AND media = 'video' AND status = 'ok' AND live_photo_id IS NULL
          AND (content_identifier IS NOT NULL OR duration <= \(LivePhotoRule.longestMotion))
        """
    static let photoColumns = "id, path_bytes, content_identifier, taken_at FROM photos"

    func motionCandidates(paths: [[UInt8]]?) throws -> [(id: Int64, half: LivePhotoRule.Half)] {
        guard let paths else { return try Row.fetchAll(db, sql: Self.motionCandidatesSQL).map(Self.half) }
        let statement = try db.cachedStatement(sql: Self.motionCandidatesSQL + " AND path_bytes = ?")
        return try paths.compactMap { path in try Row.fetchOne(statement, arguments: [Data(path)]).map(Self.half) }
    }

    func unpairedPhotos(contentIdentifier: String) throws -> [(id: Int64, half: LivePhotoRule.Half)] {
        let sql = "SELECT \(Self.photoColumns) INDEXED BY photos_content_identifier WHERE content_identifier = ? AND \(LibrarySQL.unpairedPhoto)"
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [contentIdentifier]).map(Self.half)
    }

    func unpairedPhotos(pathsAbove lower: [UInt8], below upper: [UInt8]) throws -> [(id: Int64, half: LivePhotoRule.Half)] {
        let sql = "SELECT \(Self.photoColumns) WHERE path_bytes > ? AND path_bytes < ? AND \(LibrarySQL.unpairedPhoto)"
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [Data(lower), Data(upper)]).map(Self.half)
    }

    func pairs() throws -> [LivePhotoPair] {
        try Row.fetchAll(db, sql: """
            SELECT \(LibrarySQL.livePhotoPairColumns)
            FROM photos AS movie INDEXED BY photos_live_photo LEFT JOIN photos AS photo ON photo.id = movie.live_photo_id
            WHERE movie.live_photo_id IS NOT NULL
            """).map { row in
            let photoPath: Data? = row["photo_path"]
            return LivePhotoPair(
                movieID: row["movie_id"],
                movie: LivePhotoRule.Half(pathBytes: [UInt8](row["movie_path"] as Data), contentIdentifier: row["movie_identifier"],
                                          takenAt: row["movie_taken"], duration: row["movie_duration"]),
                movieStatus: row["movie_status"], movieMedia: row["movie_media"], photoID: row["photo_id"],
                photo: photoPath.map { LivePhotoRule.Half(pathBytes: [UInt8]($0), contentIdentifier: row["photo_identifier"], takenAt: row["photo_taken"]) },
                photoStatus: row["photo_status"], photoMedia: row["photo_media"], photoDuration: row["photo_duration"],
                photoHasMotion: (row["photo_motion"] as Int?) != nil)
        }
    }

    func link(movie: Int64, photo: Int64, duration: Double?) throws {
        try db.execute(sql: "UPDATE photos SET live_photo_id = ? WHERE id = ?", arguments: [photo, movie])
        try setLive(photo: photo, duration: duration)
    }

    func setLive(photo: Int64, duration: Double?) throws {
        try db.execute(sql: "UPDATE photos SET media = 'live', duration = ? WHERE id = ?", arguments: [duration, photo])
    }

    func unlink(movie: Int64) throws {
        try db.execute(sql: "UPDATE photos SET live_photo_id = NULL WHERE id = ?", arguments: [movie])
    }

    func resetLivePhotosWithoutMovie() throws {
        try db.execute(sql: """
            UPDATE photos SET media = 'photo', duration = NULL
            WHERE id IN (SELECT id FROM photos INDEXED BY photos_media WHERE media <> 'photo' AND media = 'live')
              AND motion_length IS NULL AND NOT EXISTS (SELECT 1 FROM photos AS movie WHERE movie.live_photo_id = photos.id)
            """)
    }

    /// A movie or photo row's half (`id, path_bytes, content_identifier, taken_at[, duration]`).
    private static func half(_ row: Row) -> (id: Int64, half: LivePhotoRule.Half) {
        (row["id"], LivePhotoRule.Half(pathBytes: [UInt8](row["path_bytes"] as Data), contentIdentifier: row["content_identifier"],
                                       takenAt: row["taken_at"], duration: row.hasColumn("duration") ? row["duration"] : nil))
    }
}
