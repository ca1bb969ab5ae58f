/// The statements both stores run with the same text (no placeholder, nothing of a dialect), written once;
/// the stores' own SQL keeps only what differs (`PictureSignatureSQL`, `KeptLayoutSQL` and
/// `ThumbnailClaims` are written once too, with `$n` placeholders).
package enum LibrarySQL {
    /// What an index run matches the walk's files against: every row's identity and state.
    package static let indexedPhotos = "SELECT id, path_bytes, file_size, mtime_ns, status, content_key, error FROM photos"
    /// The files seen that are not photos (so a rescan need not open them again).
    package static let indexedNonPhotos = "SELECT path_bytes, file_size, mtime_ns FROM non_photos"
    package static let libraryID = "SELECT uuid FROM library_identity WHERE id = 1"
    package static let root = "SELECT root_bytes, root, last_indexed_at FROM library WHERE id = 1"
    package static let statusCounts = "SELECT status, count(*) AS rows FROM photos GROUP BY status"
    package static let appliedMigrations = "SELECT name FROM schema_migrations ORDER BY name"
    package static let claimHolders = "SELECT DISTINCT worker FROM thumbnail_claims"
    package static let recordedVariants = "SELECT DISTINCT variant FROM thumbnails ORDER BY variant"
    /// Pruning: the thumbnail records of missing photos, then the photos.
    package static let deleteMissingPhotosRecords = "DELETE FROM thumbnails WHERE photo_id IN (SELECT id FROM photos WHERE status = 'missing')"
    package static let deleteMissingPhotos = "DELETE FROM photos WHERE status = 'missing'"
    /// Pruning: the thumbnail files the missing photos' records name (before those records go).
    package static let missingPhotosThumbnailPaths = """
        SELECT DISTINCT path FROM thumbnails
        WHERE path IS NOT NULL AND photo_id IN (SELECT id FROM photos WHERE status = 'missing')
        """
    /// The end of an index run: the folder it indexed and when ($1 its bytes, $2 its text, $3 the run's start).
    package static let recordRoot = """
        INSERT INTO library (id, root_bytes, root, last_indexed_at) VALUES (1, $1, $2, $3)
        ON CONFLICT (id) DO UPDATE SET root_bytes = excluded.root_bytes, root = excluded.root,
            last_indexed_at = excluded.last_indexed_at
        """
    /// What an upsert of a file remembered as not a photo does when its path has a row.
    package static let nonPhotoConflict = "ON CONFLICT (path_bytes) DO UPDATE SET file_size = excluded.file_size, mtime_ns = excluded.mtime_ns"
    /// A photo no movie has joined yet (Live Photo pairing's candidates).
    package static let unpairedPhoto = "status = 'ok' AND media = 'photo' AND NOT EXISTS (SELECT 1 FROM photos AS movie WHERE movie.live_photo_id = photos.id)"
    /// The columns of a Live Photo pair (`LivePhotoPair`): a movie with `live_photo_id` set, and its photo.
    package static let livePhotoPairColumns = """
        movie.id AS movie_id, movie.path_bytes AS movie_path, movie.content_identifier AS movie_identifier,
        movie.taken_at AS movie_taken, movie.duration AS movie_duration, movie.status AS movie_status,
        movie.media AS movie_media, photo.id AS photo_id, photo.path_bytes AS photo_path,
        photo.content_identifier AS photo_identifier, photo.taken_at AS photo_taken, photo.status AS photo_status,
        photo.media AS photo_media, photo.duration AS photo_duration, photo.motion_length AS photo_motion
        """

    /// The grid holds the `ok` rows (readable, present) but a Live Photo's movie (its photo stands for
    /// both), in grid order: `(sort_key, path_bytes)`; the partial index `photos_grid` (Migrations/0010)
    /// covers exactly them.
    package static let gridFilter = "status = 'ok' AND live_photo_id IS NULL"

    /// What an upsert of a photo row does when its path has a row (both stores' dialect): the row takes
    /// the new values, but first_seen; a Live Photo's photo read again stays live (with its movie's
    /// duration) until the run's end checks the pair (`LivePhotoPairing`).
    package static let upsertConflictSQL = """
        ON CONFLICT (path_bytes) DO UPDATE SET
            path = excluded.path, file_size = excluded.file_size, mtime_ns = excluded.mtime_ns,
            content_key = excluded.content_key, stored_width = excluded.stored_width,
            stored_height = excluded.stored_height, display_width = excluded.display_width,
            display_height = excluded.display_height, orientation = excluded.orientation,
            components = excluded.components, color_space = excluded.color_space,
            progressive = excluded.progressive, taken_at = excluded.taken_at, sort_key = excluded.sort_key,
            status = excluded.status, error = excluded.error, last_seen = excluded.last_seen,
            format = excluded.format, codec = excluded.codec, poster_time = excluded.poster_time,
            content_identifier = excluded.content_identifier, motion_offset = excluded.motion_offset,
            motion_length = excluded.motion_length,
            media = CASE WHEN photos.media = 'live' AND excluded.media = 'photo' THEN 'live' ELSE excluded.media END,
            duration = CASE WHEN photos.media = 'live' AND excluded.media = 'photo' THEN photos.duration ELSE excluded.duration END
        """

    /// The columns of a photo row an index run writes (`PhotoRowValues.columnValues`), after `$1`, the run's start.
    package static let photoRowColumns = """
        path_bytes, path, file_size, mtime_ns, content_key, stored_width, stored_height, display_width, display_height,
        orientation, components, color_space, progressive, taken_at, sort_key, status, error, format, media, duration, codec,
        poster_time, content_identifier, motion_offset, motion_length
        """
    /// What they hold: an index batch binds one array of each.
    package static let photoRowKinds: [SQLValue.Kind] = [
        .blob, .text, .integer, .integer, .text, .integer, .integer, .integer, .integer, .integer, .integer, .text,
        .integer, .text, .text, .text, .text, .text, .text, .real, .text, .real, .text, .integer, .integer
    ]

    /// Moves row `$27` to the new path: `$1` the run's start (last_seen), `$2`… `photoRowColumns`. Does nothing
    /// if the new path has a row.
    package static let movePhoto = """
        UPDATE photos SET
            path_bytes = $2, path = $3, file_size = $4, mtime_ns = $5, content_key = $6, stored_width = $7,
            stored_height = $8, display_width = $9, display_height = $10, orientation = $11, components = $12,
            color_space = $13, progressive = $14, taken_at = $15, sort_key = $16, status = $17, error = $18,
            format = $19, media = $20, duration = $21, codec = $22, poster_time = $23, content_identifier = $24,
            motion_offset = $25, motion_length = $26, last_seen = $1
        WHERE id = $27 AND NOT EXISTS (SELECT 1 FROM photos WHERE path_bytes = $2)
        """

    /// The FROM clause of `photoColumns`: a present row's file was found by the last completed index run, so
    /// its last-seen time is that run's start (`library.last_indexed_at`), and an unchanged rescan need not
    /// rewrite every row.
    package static let photoSource = "photos LEFT JOIN (SELECT last_indexed_at FROM library WHERE id = 1) AS last_run ON true"

    /// `photoColumns` in a dialect whose maximum of two values is `greatest` (SQLite's `max`,
    /// PostgreSQL's `GREATEST`).
    package static func photoColumns(greatest: String) -> String {
        """
        id, path_bytes, path, status, error, file_size, mtime_ns, content_key, stored_width, stored_height,
        display_width, display_height, orientation, components, color_space, progressive, taken_at,
        sort_key, first_seen,
        CASE WHEN status = 'missing' THEN last_seen ELSE \(greatest)(last_seen, coalesce(last_indexed_at, last_seen)) END AS seen,
        format, media, duration, codec, poster_time, content_identifier, live_photo_id,
        (SELECT id FROM photos AS movie WHERE movie.live_photo_id = photos.id ORDER BY id LIMIT 1) AS movie_id,
        (SELECT path FROM photos AS movie WHERE movie.live_photo_id = photos.id ORDER BY id LIMIT 1) AS movie_path,
        motion_offset, motion_length
        """
    }
}
