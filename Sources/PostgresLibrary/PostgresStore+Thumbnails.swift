public import PhotoLibrary
import PostgresNIO

/// Thumbnail records in PostgreSQL (`SQLiteStore+Thumbnails`'s in this dialect).
extension PostgresStore {
    static let thumbnailColumns = """
        photo_id, variant, status, path, pixel_width, pixel_height, byte_size, error,
        source_content_key, source_size, source_mtime_ns, created_at, warning
        """

    public func thumbnailRecord(photoID: Int64, variant: String) throws(LibraryError) -> ThumbnailRecord? {
        try fetch("SELECT \(unescaped: Self.thumbnailColumns) FROM thumbnails WHERE photo_id = \(photoID) AND variant = \(variant)",
                  "reading a \(variant) thumbnail record", ThumbnailRecord.init(columns:)).first
    }

    public func thumbnailRecords(variant: String) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        var records: [Int64: ThumbnailRecord] = [:]
        for record in try fetch("SELECT \(unescaped: Self.thumbnailColumns) FROM thumbnails WHERE variant = \(variant)",
                                "reading the \(variant) thumbnails", ThumbnailRecord.init(columns:)) {
            records[record.photoID] = record
        }
        return records
    }

    public func thumbnailRecords(variant: String, photoIDs: [Int64]) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        if photoIDs.isEmpty { return [:] }
        var records: [Int64: ThumbnailRecord] = [:]
        for record in try fetch("SELECT \(unescaped: Self.thumbnailColumns) FROM thumbnails WHERE variant = \(variant) AND photo_id = ANY(\(photoIDs))",
                                "reading the \(variant) thumbnails", ThumbnailRecord.init(columns:)) {
            records[record.photoID] = record
        }
        return records
    }

    public func thumbnailPaths(variant: String) throws(LibraryError) -> [Int64: String] {
        var paths: [Int64: String] = [:]
        for (id, path) in try fetch("SELECT photo_id, path FROM thumbnails WHERE variant = \(variant) AND status = 'ok'",
                                    "reading the \(variant) thumbnail paths", { row throws(LibraryError) in
            (try row.value("photo_id", Int64.self), try row.value("path", String.self))
        }) { paths[id] = path }
        return paths
    }

    public func referencedThumbnailPaths(variant: String) throws(LibraryError) -> Set<String> {
        Set(try fetch("SELECT DISTINCT path FROM thumbnails WHERE variant = \(variant) AND path IS NOT NULL",
                      "reading the \(variant) thumbnail paths") { row throws(LibraryError) in try row.value("path", String.self) })
    }

    public func saveThumbnailRecords(_ records: [ThumbnailRecord], now: String?) throws(LibraryError) {
        if records.isEmpty { return }
        try transaction("writing thumbnail records") { session throws(LibraryError) in try Self.insert(records, now: now, session) }
    }

    /// The database's clock in Unix seconds (leases are its, not a machine's).
    static let epochNow = "extract(epoch from now())::bigint"

    public func claimThumbnailWork(variants: [String], worker: String, limit: Int, leaseSeconds: Int) throws(LibraryError) -> [Photo] {
        // FOR UPDATE SKIP LOCKED: a worker claiming at the same moment skips the rows this one is taking.
        let candidates = ThumbnailClaims.candidates(variants, now: Self.epochNow, limit: "$3") + " FOR UPDATE SKIP LOCKED"
        let claimed = try transaction("claiming thumbnail work") { session throws(LibraryError) -> [Int64] in
            let claimed = try session.rows(PostgresQuery(unsafeSQL: ThumbnailClaims.claim(candidates: candidates, now: Self.epochNow, worker: "$1", lease: "$2"),
                                                         binds: Self.binds(worker, leaseSeconds, limit)), "claiming thumbnail work").map { row throws(LibraryError) in
                try row.makeRandomAccess().value("photo_id", Int64.self)
            }
            try session.execute(PostgresQuery(unsafeSQL: ThumbnailClaims.seen(now: Self.epochNow, worker: "$1", count: "$2"),
                                              binds: Self.binds(worker, claimed.count)), "claiming thumbnail work")
            return claimed
        }
        if claimed.isEmpty { return [] }
        return try fetch(PostgresQuery(unsafeSQL: "SELECT \(Self.photoColumns) FROM \(Self.photoSource) WHERE id = ANY($1) ORDER BY sort_key, path_bytes",
                                       binds: Self.binds(claimed)), "reading claimed photos", Photo.init(columns:))
    }

    public func claimThumbnailWork(among photoIDs: [Int64], variants: [String], worker: String,
                                   leaseSeconds: Int) throws(LibraryError) -> ThumbnailClaim {
        if photoIDs.isEmpty { return ThumbnailClaim() }
        let now = Self.epochNow
        // FOR UPDATE SKIP LOCKED: a photo another process is claiming at this moment is left to it.
        let candidates = ThumbnailClaims.candidates(among: photoIDs, variants, now: now, worker: "$1") + " FOR UPDATE SKIP LOCKED"
        return try transaction("claiming thumbnail work") { session throws(LibraryError) -> ThumbnailClaim in
            let claimed = try session.rows(PostgresQuery(unsafeSQL: ThumbnailClaims.claim(candidates: candidates, now: now, worker: "$1", lease: "$2"),
                                                         binds: Self.binds(worker, leaseSeconds)), "claiming thumbnail work").map { row throws(LibraryError) in
                try row.makeRandomAccess().value("photo_id", Int64.self)
            }
            let held = try session.rows(PostgresQuery(unsafeSQL: ThumbnailClaims.heldElsewhere(among: photoIDs, variants, now: now, worker: "$1"),
                                                      binds: Self.binds(worker)), "claiming thumbnail work").map { row throws(LibraryError) in
                try row.makeRandomAccess().value("id", Int64.self)
            }
            let endsIn = try Self.soonestLeaseEnd(among: photoIDs, now: now, worker: worker, session)
            try session.execute(PostgresQuery(unsafeSQL: ThumbnailClaims.seen(now: now, worker: "$1", count: "$2"),
                                              binds: Self.binds(worker, claimed.count)), "claiming thumbnail work")
            return ThumbnailClaim(claimed: Set(claimed), heldElsewhere: Set(held), leaseEndsIn: endsIn)
        }
    }

    public func soonestThumbnailLeaseEnd(variants: [String], worker: String) throws(LibraryError) -> Int? {
        let query = PostgresQuery(unsafeSQL: ThumbnailClaims.soonestLeaseEnd(variants, now: Self.epochNow, worker: "$1"), binds: Self.binds(worker))
        return try fetch(query, "reading thumbnail claims") { row throws(LibraryError) in try row.value("ends_in", Int?.self) }.first ?? nil
    }

    public func thumbnailClaimsHeldElsewhere(among photoIDs: [Int64], variants: [String], worker: String) throws(LibraryError) -> ThumbnailClaim {
        if photoIDs.isEmpty { return ThumbnailClaim() }
        let now = Self.epochNow
        return try transaction("reading thumbnail claims", mode: "ISOLATION LEVEL REPEATABLE READ") { session throws(LibraryError) -> ThumbnailClaim in
            let held = try session.rows(PostgresQuery(unsafeSQL: ThumbnailClaims.heldByOthers(among: photoIDs, variants, now: now, worker: "$1"),
                                                      binds: Self.binds(worker)), "reading thumbnail claims").map { row throws(LibraryError) in
                try row.makeRandomAccess().value("id", Int64.self)
            }
            let holders = try session.rows(PostgresQuery(unsafeSQL: ThumbnailClaims.holders(among: photoIDs, now: now, worker: "$1"),
                                                         binds: Self.binds(worker)), "reading thumbnail claims").map { row throws(LibraryError) in
                try row.makeRandomAccess().value("worker", String.self)
            }
            return ThumbnailClaim(heldElsewhere: Set(held), leaseEndsIn: try Self.soonestLeaseEnd(among: photoIDs, now: now, worker: worker, session),
                                  holders: Set(holders))
        }
    }

    /// `ThumbnailClaims.soonestLeaseEnd` in `session`.
    static func soonestLeaseEnd(among photoIDs: [Int64], now: String, worker: String, _ session: PostgresSession) throws(LibraryError) -> Int? {
        try session.rows(PostgresQuery(unsafeSQL: ThumbnailClaims.soonestLeaseEnd(among: photoIDs, now: now, worker: "$1"), binds: binds(worker)),
                         "reading thumbnail claims").first?.makeRandomAccess().value("ends_in", Int?.self) ?? nil
    }

    @discardableResult
    public func renewThumbnailClaims(worker: String, leaseSeconds: Int) throws(LibraryError) -> Int {
        try transaction("renewing thumbnail claims") { session throws(LibraryError) -> Int in
            let renewed = try session.execute(PostgresQuery(unsafeSQL: ThumbnailClaims.renew(now: Self.epochNow, worker: "$1", lease: "$2"),
                                                            binds: Self.binds(worker, leaseSeconds)), "renewing thumbnail claims")
            try session.execute(PostgresQuery(unsafeSQL: ThumbnailClaims.heartbeat(now: Self.epochNow, worker: "$1"), binds: Self.binds(worker)),
                                "renewing thumbnail claims")
            return renewed
        }
    }

    @discardableResult
    public func dropThumbnailClaims(heldBy isGone: (String) -> Bool) throws(LibraryError) -> Int {
        let holders = try fetch(PostgresQuery(unsafeSQL: LibrarySQL.claimHolders), "reading thumbnail claims") { row throws(LibraryError) in
            try row.value("worker", String.self)
        }
        let gone = holders.filter(isGone)
        if gone.isEmpty { return 0 }
        return try session { session throws(LibraryError) in
            let dropped = try session.execute("DELETE FROM thumbnail_claims WHERE worker = ANY(\(gone))", "dropping the claims of ended workers")
            try session.execute("SELECT pg_notify('photogrid_grid', '')", "dropping the claims of ended workers")
            return dropped
        }
    }

    public func thumbnailQueue(defaultVariants: [String]) throws(LibraryError) -> ThumbnailQueue {
        let now = Self.epochNow
        return try transaction("reading the thumbnail queue", mode: "ISOLATION LEVEL REPEATABLE READ") { session throws(LibraryError) -> ThumbnailQueue in
            let recorded = try session.rows(PostgresQuery(unsafeSQL: LibrarySQL.recordedVariants), "reading the thumbnail queue").map { row throws(LibraryError) in
                try row.makeRandomAccess().value("variant", String.self)
            }
            let variants = recorded.isEmpty ? defaultVariants : recorded
            var waiting = 0, claimed = 0, clock: Int64 = 0
            for row in try session.rows(PostgresQuery(unsafeSQL: "SELECT q.waiting, q.claimed, \(now) AS now FROM (\(ThumbnailClaims.queue(variants, now: now))) AS q"),
                                        "reading the thumbnail queue") {
                let row = row.makeRandomAccess()
                waiting = Int(try row.value("waiting", Int64.self))
                claimed = Int(try row.value("claimed", Int64.self))
                clock = try row.value("now", Int64.self)
            }
            let workers = try session.rows(PostgresQuery(unsafeSQL: ThumbnailClaims.workersSeen(now: now)),
                                           "reading the thumbnail queue").map { row throws(LibraryError) -> ThumbnailQueue.Worker in
                let row = row.makeRandomAccess()
                return ThumbnailQueue.Worker(name: try row.value("name", String.self), lastSeen: try row.value("last_seen", Int64.self),
                                             claimed: try row.value("claimed", Int64.self))
            }
            return ThumbnailQueue(variants: variants, waiting: waiting, claimed: claimed, workers: workers, now: clock)
        }
    }

    public func completeThumbnailWork(_ records: [ThumbnailRecord], photoIDs: [Int64], worker: String) throws(LibraryError) {
        try transaction("recording thumbnail work") { session throws(LibraryError) in
            try Self.insert(records, now: nil, session)
            try session.execute("DELETE FROM thumbnail_claims WHERE photo_id = ANY(\(photoIDs)) AND worker = \(worker)", "recording thumbnail work")
            // Claims released: announced as grid changes are, so a run waiting for them claims at once.
            if !photoIDs.isEmpty { try session.execute("SELECT pg_notify('photogrid_grid', '')", "recording thumbnail work") }
        }
    }

    /// Inserts or replaces `records` inside the caller's transaction (a record whose photo is gone is skipped).
    static func insert(_ records: [ThumbnailRecord], now: String?, _ session: PostgresSession) throws(LibraryError) {
        if records.isEmpty { return }
        let time = now ?? UTCTime.now().isoSeconds + "Z"
        for start in stride(from: 0, to: records.count, by: Self.rowsPerStatement) {
            var binds = PostgresBindings()
            binds.append(time)
            var rows: [String] = []
            for record in records[start ..< min(start + Self.rowsPerStatement, records.count)] {
                var path: String?, width: Int?, height: Int?, bytes: Int64?, error: String?, warning: String?
                switch record.outcome {
                case .success(let file):
                    (path, width, height, bytes, warning) = (file.path, file.pixelWidth, file.pixelHeight, file.byteSize, file.warning)
                case .failure(let failure):
                    error = failure.message
                }
                let first = binds.count + 1
                binds.append(record.photoID); binds.append(record.variant); binds.append(error == nil ? "ok" : "error")
                binds.append(path); binds.append(width); binds.append(height); binds.append(bytes); binds.append(error)
                binds.append(record.sourceContentKey); binds.append(record.sourceSize)
                binds.append(record.sourceModificationTimeNanoseconds); binds.append(warning)
                let types = ["bigint", "text", "text", "text", "bigint", "bigint", "bigint", "text", "text", "bigint", "bigint", "text"]
                rows.append("(" + types.enumerated().map { "$\(first + $0.offset)::\($0.element)" }.joined(separator: ", ") + ")")
            }
            // A record whose photo row no longer exists is skipped (the foreign key would refuse it).
            try session.execute(PostgresQuery(unsafeSQL: """
                INSERT INTO thumbnails (photo_id, variant, status, path, pixel_width, pixel_height, byte_size, error,
                                        source_content_key, source_size, source_mtime_ns, warning, created_at)
                SELECT v.*, $1 FROM (VALUES \(rows.joined(separator: ", "))) AS v
                WHERE EXISTS (SELECT 1 FROM photos WHERE photos.id = v.column1)
                ON CONFLICT (photo_id, variant) DO UPDATE SET
                    status = excluded.status, path = excluded.path, pixel_width = excluded.pixel_width,
                    pixel_height = excluded.pixel_height, byte_size = excluded.byte_size, error = excluded.error,
                    source_content_key = excluded.source_content_key, source_size = excluded.source_size,
                    source_mtime_ns = excluded.source_mtime_ns, created_at = excluded.created_at, warning = excluded.warning
                """, binds: binds), "writing thumbnail records")
        }
    }

    @discardableResult
    public func deleteThumbnailRecords(keepingVariants kept: Set<String>) throws(LibraryError) -> Int {
        try session { session throws(LibraryError) in
            try session.execute("DELETE FROM thumbnails WHERE NOT (variant = ANY(\(kept.sorted())))", "removing the records of old thumbnail sizes")
        }
    }
}

