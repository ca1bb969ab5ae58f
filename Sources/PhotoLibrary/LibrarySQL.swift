/// The statements both stores run with the same text (no placeholder, nothing of a dialect), written once;
/// the stores' own SQL keeps only what differs (`PictureSignatureSQL`, `KeptLayoutSQL` and
/// `ThumbnailClaims` are written once too, with `$n` placeholders).
enum LibrarySQL {
    /// What an index run matches the walk's files against: every row's identity and state.
    static let indexedPhotos = "SELECT id, path_bytes, file_size, mtime_ns, status, content_key, error FROM photos"
    /// The files seen that are not photos (so a rescan need not open them again).
    static let indexedNonPhotos = "SELECT path_bytes, file_size, mtime_ns FROM non_photos"
    static let libraryID = "SELECT uuid FROM library_identity WHERE id = 1"
    static let root = "SELECT root_bytes, root, last_indexed_at FROM library WHERE id = 1"
    static let statusCounts = "SELECT status, count(*) AS rows FROM photos GROUP BY status"
    static let appliedMigrations = "SELECT name FROM schema_migrations ORDER BY name"
    static let claimHolders = "SELECT DISTINCT worker FROM thumbnail_claims"
    static let recordedVariants = "SELECT DISTINCT variant FROM thumbnails ORDER BY variant"
    /// Pruning: the thumbnail records of missing photos, then the photos.
    static let deleteMissingPhotosRecords = "DELETE FROM thumbnails WHERE photo_id IN (SELECT id FROM photos WHERE status = 'missing')"
    static let deleteMissingPhotos = "DELETE FROM photos WHERE status = 'missing'"
}
