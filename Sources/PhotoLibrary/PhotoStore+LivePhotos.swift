import GRDB
import struct Foundation.Data

/// Live Photos in the store: a movie row whose `live_photo_id` names its photo (Migrations/0010) is
/// that photo's motion and leaves the grid; the photo's media is `live` and its duration the movie's.
/// Pairs follow `LivePhotoRule`; they are made as index batches land and checked whole at the end of
/// every run, so a pair whose half went away, changed or moved stands alone again.
extension PhotoStore {
    /// The movies a Live Photo's motion may be: present, unpaired videos that carry an identifier or
    /// are short enough for the name fallback.
    static let motionCandidatesSQL = """
        SELECT id, path_bytes, content_identifier, taken_at, duration FROM photos INDEXED BY photos_media
        WHERE media <> 'photo' AND media = 'video' AND status = 'ok' AND live_photo_id IS NULL
          AND (content_identifier IS NOT NULL OR duration <= \(LivePhotoRule.longestMotion))
        """

    /// Pairs the movies among `paths` (just written by an index batch; nil: every candidate movie)
    /// with their photos. Inside the batch's transaction.
    static func pairLivePhotos(_ db: Database, paths: [[UInt8]]?) throws {
        var movies: [(id: Int64, half: LivePhotoRule.Half)] = []
        if let paths {
            let statement = try db.cachedStatement(sql: motionCandidatesSQL + " AND path_bytes = ?")
            for path in paths {
                if let row = try Row.fetchOne(statement, arguments: [Data(path)]) { movies.append(motion(row)) }
            }
        } else {
            movies = try Row.fetchAll(db, sql: motionCandidatesSQL).map(motion)
        }
        for movie in movies {
            guard let photo = try partner(of: movie.half, db) else { continue }
            try db.execute(sql: "UPDATE photos SET live_photo_id = ? WHERE id = ?", arguments: [photo, movie.id])
            try db.execute(sql: "UPDATE photos SET media = 'live', duration = ? WHERE id = ?",
                           arguments: [movie.half.duration, photo])
        }
    }

    /// Checks every pair against the rule and the rows as they are now: a pair whose photo or movie is
    /// no longer present and readable, or no longer matches, is undone (both stand alone again); a Live
    /// Photo's duration follows its movie's. Then pairs what can be paired. Inside the run's last
    /// transaction.
    static func checkLivePhotos(_ db: Database) throws {
        let pairs = try Row.fetchAll(db, sql: """
            SELECT movie.id AS movie_id, movie.path_bytes AS movie_path, movie.content_identifier AS movie_identifier,
                   movie.taken_at AS movie_taken, movie.duration AS movie_duration, movie.status AS movie_status,
                   movie.media AS movie_media, photo.id AS photo_id, photo.path_bytes AS photo_path,
                   photo.content_identifier AS photo_identifier, photo.taken_at AS photo_taken, photo.status AS photo_status,
                   photo.media AS photo_media, photo.duration AS photo_duration, photo.motion_length AS photo_motion
            FROM photos AS movie INDEXED BY photos_live_photo LEFT JOIN photos AS photo ON photo.id = movie.live_photo_id
            WHERE movie.live_photo_id IS NOT NULL
            """)
        for row in pairs {
            let movieID: Int64 = row["movie_id"]
            let movieHalf = LivePhotoRule.Half(pathBytes: [UInt8](row["movie_path"] as Data), contentIdentifier: row["movie_identifier"],
                                               takenAt: row["movie_taken"], duration: row["movie_duration"])
            let photoID: Int64? = row["photo_id"]
            let movieOK = (row["movie_status"] as String) == "ok" && (row["movie_media"] as String) == "video"
            var keep = movieOK && photoID != nil
            if keep, let photoID {
                let photoHalf = LivePhotoRule.Half(pathBytes: [UInt8](row["photo_path"] as Data), contentIdentifier: row["photo_identifier"],
                                                   takenAt: row["photo_taken"])
                let media: String = row["photo_media"]
                // A Motion Photo (its motion inside its own file) pairs with no other movie.
                keep = (row["photo_status"] as String) == "ok" && (media == "photo" || media == "live") && (row["photo_motion"] as Int?) == nil
                    && LivePhotoRule.pairs(photo: photoHalf, movie: movieHalf)
                if keep, media != "live" || (row["photo_duration"] as Double?) != movieHalf.duration {
                    try db.execute(sql: "UPDATE photos SET media = 'live', duration = ? WHERE id = ?", arguments: [movieHalf.duration, photoID])
                }
            }
            if !keep {
                try db.execute(sql: "UPDATE photos SET live_photo_id = NULL WHERE id = ?", arguments: [movieID])
            }
        }
        // Live Photos whose movie is gone (or was undone above) are photos again; Motion Photos keep theirs.
        try db.execute(sql: """
            UPDATE photos SET media = 'photo', duration = NULL
            WHERE id IN (SELECT id FROM photos INDEXED BY photos_media WHERE media <> 'photo' AND media = 'live')
              AND motion_length IS NULL AND NOT EXISTS (SELECT 1 FROM photos AS movie WHERE movie.live_photo_id = photos.id)
            """)
        try pairLivePhotos(db, paths: nil)
    }

    /// A candidate movie row (`motionCandidatesSQL`'s columns).
    private static func motion(_ row: Row) -> (id: Int64, half: LivePhotoRule.Half) {
        (row["id"], LivePhotoRule.Half(pathBytes: [UInt8](row["path_bytes"] as Data), contentIdentifier: row["content_identifier"],
                                       takenAt: row["taken_at"], duration: row["duration"]))
    }

    /// The unpaired photo `movie` pairs with (`LivePhotoRule`), if any.
    private static func partner(of movie: LivePhotoRule.Half, _ db: Database) throws -> Int64? {
        var candidates: [(id: Int64, half: LivePhotoRule.Half)] = []
        let columns = "id, path_bytes, content_identifier, taken_at FROM photos"
        let unpaired = "status = 'ok' AND media = 'photo' AND NOT EXISTS (SELECT 1 FROM photos AS movie WHERE movie.live_photo_id = photos.id)"
        if let identifier = movie.contentIdentifier {
            let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT \(columns) INDEXED BY photos_content_identifier WHERE content_identifier = ? AND \(unpaired)"),
                                        arguments: [identifier])
            candidates += rows.map(photoHalf)
        }
        if let stem = LivePhotoRule.stem(movie.pathBytes) {
            // Paths from "dir/IMG_0001." up to "dir/IMG_0001/" ('/' follows '.'): the name's siblings.
            var upper = Array(stem)
            upper[upper.count - 1] = UInt8(ascii: "/")
            let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT \(columns) WHERE path_bytes > ? AND path_bytes < ? AND \(unpaired)"),
                                        arguments: [Data(stem), Data(upper)])
            candidates += rows.map(photoHalf)
        }
        let folder = movie.pathBytes.lastIndex(of: UInt8(ascii: "/")).map { Array(movie.pathBytes[...$0]) } ?? []
        return candidates.filter { LivePhotoRule.pairs(photo: $0.half, movie: movie) }.min { a, b in
            let aHere = Self.isDirectlyIn(a.half.pathBytes, folder), bHere = Self.isDirectlyIn(b.half.pathBytes, folder)
            if aHere != bHere { return aHere }
            let aGap = LivePhotoRule.secondsApart(a.half.takenAt, movie.takenAt) ?? .infinity
            let bGap = LivePhotoRule.secondsApart(b.half.takenAt, movie.takenAt) ?? .infinity
            if aGap != bGap { return aGap < bGap }
            return a.id < b.id
        }?.id
    }

    /// A candidate photo row (`partner`'s columns).
    private static func photoHalf(_ row: Row) -> (id: Int64, half: LivePhotoRule.Half) {
        (row["id"], LivePhotoRule.Half(pathBytes: [UInt8](row["path_bytes"] as Data), contentIdentifier: row["content_identifier"],
                                       takenAt: row["taken_at"]))
    }

    /// Whether `path` names a file directly inside `folder` (`dir/`, or `[]` for the library's top).
    private static func isDirectlyIn(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
        path.starts(with: folder) && !path[folder.count...].contains(UInt8(ascii: "/"))
    }
}
