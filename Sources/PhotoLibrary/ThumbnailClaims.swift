/// The SQL both stores claim thumbnail work with (Migrations/0013, 0014): which photos need work, in the
/// dialect both SQLite (3.39+) and PostgreSQL speak.
package enum ThumbnailClaims {
    /// The photos (`photos` in the FROM clause) that lack a current record — same content key, size and
    /// mtime; a failure counts as done — of one of `variants`.
    static func needsWork(_ variants: [String]) -> String {
        let names = quotable(variants)
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
    /// a claim whose lease ended is taken over, a live one of another worker never (a worker whose snapshot
    /// predates another's commit still reaches the row: the upsert itself refuses it).
    package static func claim(candidates: String, now: String, worker: String, lease: String) -> String {
        """
        INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, \(worker), \(now) + \(lease) FROM (\(candidates)) AS todo WHERE true
        ON CONFLICT (photo_id) DO UPDATE SET worker = excluded.worker, expires_at = excluded.expires_at
        WHERE thumbnail_claims.expires_at <= \(now) OR thumbnail_claims.worker = excluded.worker
        RETURNING photo_id
        """
    }

    /// The candidates' query: readable photos needing work that no unexpired claim holds, in grid order.
    package static func candidates(_ variants: [String], now: String, limit: String) -> String {
        """
        SELECT id FROM photos WHERE status = 'ok' AND \(needsWork(variants))
          AND NOT EXISTS (SELECT 1 FROM thumbnail_claims AS c WHERE c.photo_id = photos.id AND c.expires_at > \(now))
        ORDER BY sort_key, path_bytes LIMIT \(limit)
        """
    }

    /// Photos among `ids` needing work, not held by an unexpired claim of a worker other than `worker`
    /// (the caller's own claims are renewed).
    package static func candidates(among ids: [Int64], _ variants: [String], now: String, worker: String) -> String {
        """
        SELECT id FROM photos WHERE id IN (\(SQLValue.list(ids))) AND status = 'ok' AND \(needsWork(variants))
          AND NOT EXISTS (SELECT 1 FROM thumbnail_claims AS c WHERE c.photo_id = photos.id AND c.expires_at > \(now)
                          AND c.worker <> \(worker))
        """
    }

    /// Photos among `ids` needing work that `worker` does not hold (after its claim, in the same
    /// transaction): another worker's unexpired claim holds them, or — in PostgreSQL, whose claims skip
    /// locked rows — another worker is claiming them at this moment.
    package static func heldElsewhere(among ids: [Int64], _ variants: [String], now: String, worker: String) -> String {
        """
        SELECT id FROM photos WHERE id IN (\(SQLValue.list(ids))) AND status = 'ok' AND \(needsWork(variants))
          AND NOT EXISTS (SELECT 1 FROM thumbnail_claims AS c WHERE c.photo_id = photos.id AND c.expires_at > \(now)
                          AND c.worker = \(worker))
        """
    }

    /// Photos among `ids` needing work that another worker's unexpired claim holds (read alone: what a
    /// waiting run looks at when the store announces a change, before it claims again).
    package static func heldByOthers(among ids: [Int64], _ variants: [String], now: String, worker: String) -> String {
        """
        SELECT id FROM photos WHERE id IN (\(SQLValue.list(ids))) AND status = 'ok' AND \(needsWork(variants))
          AND EXISTS (SELECT 1 FROM thumbnail_claims AS c WHERE c.photo_id = photos.id AND c.expires_at > \(now)
                      AND c.worker <> \(worker))
        """
    }

    /// The seconds until the soonest unexpired claim of another worker on one of `ids` ends (NULL for none),
    /// named `ends_in`.
    package static func soonestLeaseEnd(among ids: [Int64], now: String, worker: String) -> String {
        """
        SELECT min(expires_at) - \(now) AS ends_in FROM thumbnail_claims
        WHERE photo_id IN (\(SQLValue.list(ids))) AND expires_at > \(now) AND worker <> \(worker)
        """
    }

    /// The other workers whose unexpired claims hold one of `ids` (`worker` column).
    package static func holders(among ids: [Int64], now: String, worker: String) -> String {
        "SELECT DISTINCT worker FROM thumbnail_claims WHERE photo_id IN (\(SQLValue.list(ids))) AND expires_at > \(now) AND worker <> \(worker)"
    }

    /// The seconds until the soonest unexpired claim of another worker on a readable photo needing work of
    /// `variants` ends (NULL for none), named `ends_in`: when an idle worker may find work without news.
    package static func soonestLeaseEnd(_ variants: [String], now: String, worker: String) -> String {
        """
        SELECT min(c.expires_at) - \(now) AS ends_in FROM thumbnail_claims AS c JOIN photos ON photos.id = c.photo_id
        WHERE c.expires_at > \(now) AND c.worker <> \(worker) AND photos.status = 'ok' AND \(needsWork(variants))
        """
    }

    /// Notes that `worker` claimed `count` photos now.
    package static func seen(now: String, worker: String, count: String) -> String {
        """
        INSERT INTO thumbnail_workers (name, last_seen, claimed) VALUES (\(worker), \(now), \(count))
        ON CONFLICT (name) DO UPDATE SET last_seen = excluded.last_seen, claimed = thumbnail_workers.claimed + excluded.claimed
        """
    }

    /// The queue: readable photos needing work of one of `variants` (all readable photos but those whose
    /// every variant has a current record: a pass over the records, not a lookup per photo, so a library
    /// with no thumbnails yet answers at once), and how many of them a live claim holds.
    package static func queue(_ variants: [String], now: String) -> String {
        let names = quotable(variants)
        let list = names.isEmpty ? "NULL" : names.map { "'\($0)'" }.joined(separator: ", ")
        return """
            SELECT (SELECT count(*) FROM photos WHERE status = 'ok')
                 - (SELECT count(*) FROM (SELECT t.photo_id FROM thumbnails AS t JOIN photos ON photos.id = t.photo_id
                                          WHERE photos.status = 'ok' AND t.variant IN (\(list))
                                            AND t.source_content_key IS NOT DISTINCT FROM photos.content_key
                                            AND t.source_size = photos.file_size AND t.source_mtime_ns = photos.mtime_ns
                                          GROUP BY t.photo_id HAVING count(*) = \(names.count)) AS done) AS waiting,
                   (SELECT count(*) FROM thumbnail_claims AS c JOIN photos ON photos.id = c.photo_id
                    WHERE c.expires_at > \(now) AND photos.status = 'ok' AND \(needsWork(variants))) AS claimed
            """
    }

    /// Extends `worker`'s unexpired claims to `now` + `lease`.
    package static func renew(now: String, worker: String, lease: String) -> String {
        "UPDATE thumbnail_claims SET expires_at = \(now) + \(lease) WHERE worker = \(worker) AND expires_at > \(now)"
    }

    /// Notes `worker` as seen now (a renewal: no new claim).
    package static func heartbeat(now: String, worker: String) -> String {
        "UPDATE thumbnail_workers SET last_seen = \(now) WHERE name = \(worker)"
    }

    /// The workers seen claiming within the last hour, latest first.
    package static func workersSeen(now: String) -> String {
        "SELECT name, last_seen, claimed FROM thumbnail_workers WHERE last_seen > \(now) - 3600 ORDER BY last_seen DESC, name"
    }

    /// The variant names that go into SQL text as quoted literals: letters, digits and `-` only
    /// (`grid-387`; anything else is no variant of ours and is left out).
    private static func quotable(_ variants: [String]) -> [String] {
        variants.filter { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
    }
}

