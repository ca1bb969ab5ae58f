/// The SQL both stores claim thumbnail work with (Migrations/0013): which photos need work, in the
/// dialect both SQLite (3.39+) and PostgreSQL speak.
enum ThumbnailClaims {
    /// The photos (`photos` in the FROM clause) that lack a current record — same content key, size and
    /// mtime; a failure counts as done — of one of `variants`.
    static func needsWork(_ variants: [String]) -> String {
        let names = variants.filter { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
        guard !names.isEmpty else { return "false" }
        return "(" + names.map { name in
            """
            NOT EXISTS (SELECT 1 FROM thumbnails AS t WHERE t.photo_id = photos.id AND t.variant = '\(name)'
                        AND t.source_content_key IS NOT DISTINCT FROM photos.content_key
                        AND t.source_size = photos.file_size AND t.source_mtime_ns = photos.mtime_ns)
            """
        }.joined(separator: " OR ") + ")"
    }

    /// The claim of the photos `candidates` selects (their `id`s) for `$worker` until `now` + `$lease`:
    /// a claim whose lease ended is taken over.
    static func claim(candidates: String, now: String, worker: String, lease: String) -> String {
        """
        INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, \(worker), \(now) + \(lease) FROM (\(candidates)) AS todo WHERE true
        ON CONFLICT (photo_id) DO UPDATE SET worker = excluded.worker, expires_at = excluded.expires_at
        RETURNING photo_id
        """
    }

    /// The candidates' query: readable photos needing work that no unexpired claim holds, in grid order.
    static func candidates(_ variants: [String], now: String, limit: String) -> String {
        """
        SELECT id FROM photos WHERE status = 'ok' AND \(needsWork(variants))
          AND NOT EXISTS (SELECT 1 FROM thumbnail_claims AS c WHERE c.photo_id = photos.id AND c.expires_at > \(now))
        ORDER BY sort_key, path_bytes LIMIT \(limit)
        """
    }
}
