public import PhotoLibrary
import GRDB

extension SQLiteStore {
    /// The library's unique id (32 hex digits, `library_identity`): what a thumbnail folder
    /// records as its owner.
    public func libraryID() throws(LibraryError) -> String {
        try read("reading the library id") { db in
            try String.fetchOne(db, sql: LibrarySQL.libraryID) ?? ""
        }
    }

    /// Deletes the thumbnail records of every variant not in `kept` (sizes no longer used);
    /// returns how many it deleted.
    @discardableResult
    public func deleteThumbnailRecords(keepingVariants kept: Set<String>) throws(LibraryError) -> Int {
        try write("removing the records of old thumbnail sizes") { db in
            let names = kept.sorted()
            let placeholders = names.isEmpty ? "NULL" : names.map { _ in "?" }.joined(separator: ", ")
            try db.execute(sql: "DELETE FROM thumbnails WHERE variant NOT IN (\(placeholders))",
                           arguments: StatementArguments(names))
            return db.changesCount
        }
    }

    /// The variants that have thumbnail records.
    public func thumbnailVariants() throws(LibraryError) -> Set<String> {
        try read("reading the thumbnail sizes") { db in
            try Set(String.fetchAll(db, sql: "SELECT DISTINCT variant FROM thumbnails"))
        }
    }

    /// The record of photo `photoID`'s `variant` thumbnail, if any.
    public func thumbnailRecord(photoID: Int64, variant: String) throws(LibraryError) -> ThumbnailRecord? {
        try read("reading a \(variant) thumbnail record") { db in
            try Row.fetchOne(db, sql: """
                SELECT photo_id, variant, status, path, pixel_width, pixel_height, byte_size, error,
                       source_content_key, source_size, source_mtime_ns, created_at, warning
                FROM thumbnails WHERE photo_id = ? AND variant = ?
                """, arguments: [photoID, variant]).map { row throws in try ThumbnailRecord(columns: row) }
        }
    }

    /// The thumbnail records of `variant`, by photo id.
    public func thumbnailRecords(variant: String) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        try thumbnailRecords(variant: variant, photoIDs: nil)
    }

    public func thumbnailRecords(variant: String, photoIDs: [Int64]) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        photoIDs.isEmpty ? [:] : try thumbnailRecords(variant: variant, photoIDs: Optional(photoIDs))
    }

    /// The records of `variant`, of the photos `photoIDs` only when given.
    private func thumbnailRecords(variant: String, photoIDs: [Int64]?) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        let only = photoIDs.map { " AND photo_id IN (" + $0.map(String.init).joined(separator: ", ") + ")" } ?? ""
        return try read("reading the \(variant) thumbnails") { db in
            var records: [Int64: ThumbnailRecord] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT photo_id, variant, status, path, pixel_width, pixel_height, byte_size, error,
                       source_content_key, source_size, source_mtime_ns, created_at, warning
                FROM thumbnails WHERE variant = ?\(only)
                """, arguments: [variant])
            while let row = try rows.next() {
                let record = try ThumbnailRecord(columns: row)
                records[record.photoID] = record
            }
            return records
        }
    }

    /// The relative file paths of the `variant` thumbnails that were made, by photo id (what a
    /// layout export points at).
    public func thumbnailPaths(variant: String) throws(LibraryError) -> [Int64: String] {
        try read("reading the \(variant) thumbnail paths") { db in
            var paths: [Int64: String] = [:]
            let statement = try db.makeStatement(sql: "SELECT photo_id, path FROM thumbnails WHERE variant = ? AND status = 'ok'")
            let rows = try Row.fetchCursor(statement, arguments: [variant])
            let (photo, path) = (try statement.position(of: "photo_id"), try statement.position(of: "path"))
            while let row = try rows.next() { paths[row[photo]] = row[path] }
            return paths
        }
    }

    /// Every file path any record of `variant` refers to (the files a cache must keep).
    public func referencedThumbnailPaths(variant: String) throws(LibraryError) -> Set<String> {
        try read("reading the \(variant) thumbnail paths") { db in
            try Set(String.fetchAll(
                db, sql: "SELECT DISTINCT path FROM thumbnails WHERE variant = ? AND path IS NOT NULL", arguments: [variant]))
        }
    }

    /// Inserts or replaces `records` in one transaction; `createdAt` is set to `now` (UTC).
    ///
    /// A record whose photo row no longer exists is skipped (the foreign key would refuse it).
    public func saveThumbnailRecords(_ records: [ThumbnailRecord], now: String? = nil) throws(LibraryError) {
        if records.isEmpty { return }
        try write("writing thumbnail records") { db in try Self.insert(records, now: now, db) }
    }

    public func claimThumbnailWork(variants: [String], worker: String, limit: Int, leaseSeconds: Int) throws(LibraryError) -> [Photo] {
        let now = "CAST(strftime('%s', 'now') AS INTEGER)"
        let claimed = try write("claiming thumbnail work") { db in
            let claimed = try Int64.fetchAll(db, sql: ThumbnailClaims.claim(candidates: ThumbnailClaims.candidates(variants, now: now, limit: "?"),
                                                                now: now, worker: "?", lease: "?"),
                               arguments: [worker, leaseSeconds, limit])  // in the order the text names them
            try db.execute(sql: ThumbnailClaims.seen(now: now, worker: "?", count: "?"), arguments: [worker, claimed.count])
            return claimed
        }
        if claimed.isEmpty { return [] }
        return try read("reading claimed photos") { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.photoColumns) FROM \(Self.photoSource) WHERE id IN (\(claimed.map(String.init).joined(separator: ", "))) ORDER BY sort_key, path_bytes")
                .map { row throws in try Photo(columns: row) }
        }
    }

    public func claimThumbnailWork(among photoIDs: [Int64], variants: [String], worker: String,
                                   leaseSeconds: Int) throws(LibraryError) -> ThumbnailClaim {
        if photoIDs.isEmpty { return ThumbnailClaim() }
        let now = "CAST(strftime('%s', 'now') AS INTEGER)"
        return try write("claiming thumbnail work") { db in
            let claimed = try Int64.fetchAll(db, sql: ThumbnailClaims.claim(
                candidates: ThumbnailClaims.candidates(among: photoIDs, variants, now: now, worker: "?1"),
                now: now, worker: "?1", lease: "?2"), arguments: [worker, leaseSeconds])
            let held = try Int64.fetchAll(db, sql: ThumbnailClaims.heldElsewhere(among: photoIDs, variants, now: now, worker: "?"),
                                          arguments: [worker])
            let endsIn = try Int.fetchOne(db, sql: ThumbnailClaims.soonestLeaseEnd(among: photoIDs, now: now, worker: "?"), arguments: [worker])
            try db.execute(sql: ThumbnailClaims.seen(now: now, worker: "?", count: "?"), arguments: [worker, claimed.count])
            return ThumbnailClaim(claimed: Set(claimed), heldElsewhere: Set(held), leaseEndsIn: endsIn)
        }
    }

    public func soonestThumbnailLeaseEnd(variants: [String], worker: String) throws(LibraryError) -> Int? {
        let now = "CAST(strftime('%s', 'now') AS INTEGER)"
        return try read("reading thumbnail claims") { db in
            try Int.fetchOne(db, sql: ThumbnailClaims.soonestLeaseEnd(variants, now: now, worker: "?"), arguments: [worker])
        }
    }

    public func thumbnailClaimsHeldElsewhere(among photoIDs: [Int64], variants: [String], worker: String) throws(LibraryError) -> ThumbnailClaim {
        if photoIDs.isEmpty { return ThumbnailClaim() }
        let now = "CAST(strftime('%s', 'now') AS INTEGER)"
        return try read("reading thumbnail claims") { db in
            let held = try Int64.fetchAll(db, sql: ThumbnailClaims.heldByOthers(among: photoIDs, variants, now: now, worker: "?"), arguments: [worker])
            let endsIn = try Int.fetchOne(db, sql: ThumbnailClaims.soonestLeaseEnd(among: photoIDs, now: now, worker: "?"), arguments: [worker])
            let holders = try String.fetchAll(db, sql: ThumbnailClaims.holders(among: photoIDs, now: now, worker: "?"), arguments: [worker])
            return ThumbnailClaim(heldElsewhere: Set(held), leaseEndsIn: endsIn, holders: Set(holders))
        }
    }

    @discardableResult
    public func renewThumbnailClaims(worker: String, leaseSeconds: Int) throws(LibraryError) -> Int {
        let now = "CAST(strftime('%s', 'now') AS INTEGER)"
        return try write("renewing thumbnail claims") { db in
            try db.execute(sql: ThumbnailClaims.renew(now: now, worker: "?1", lease: "?2"), arguments: [worker, leaseSeconds])
            let renewed = db.changesCount
            try db.execute(sql: ThumbnailClaims.heartbeat(now: now, worker: "?"), arguments: [worker])
            return renewed
        }
    }

    @discardableResult
    public func dropThumbnailClaims(heldBy isGone: (String) -> Bool) throws(LibraryError) -> Int {
        let holders = try read("reading thumbnail claims") { db in try String.fetchAll(db, sql: LibrarySQL.claimHolders) }
        let gone = holders.filter(isGone)
        if gone.isEmpty { return 0 }
        return try write("dropping the claims of ended workers") { db in
            try db.execute(sql: "DELETE FROM thumbnail_claims WHERE worker IN (\(gone.map { _ in "?" }.joined(separator: ", ")))",
                           arguments: StatementArguments(gone))
            return db.changesCount
        }
    }

    public func thumbnailQueue(defaultVariants: [String]) throws(LibraryError) -> ThumbnailQueue {
        let now = "CAST(strftime('%s', 'now') AS INTEGER)"
        return try read("reading the thumbnail queue") { db in
            let recorded = try String.fetchAll(db, sql: LibrarySQL.recordedVariants)
            let variants = recorded.isEmpty ? defaultVariants : recorded
            let row = try Row.fetchOne(db, sql: ThumbnailClaims.queue(variants, now: now))
            let workers = try Row.fetchAll(db, sql: ThumbnailClaims.workersSeen(now: now))
                .map { ThumbnailQueue.Worker(name: $0["name"], lastSeen: $0["last_seen"], claimed: $0["claimed"]) }
            return ThumbnailQueue(variants: variants, waiting: row?["waiting"] ?? 0, claimed: row?["claimed"] ?? 0,
                                  workers: workers, now: try Int64.fetchOne(db, sql: "SELECT \(now)") ?? 0)
        }
    }

    public func completeThumbnailWork(_ records: [ThumbnailRecord], photoIDs: [Int64], worker: String) throws(LibraryError) {
        try write("recording thumbnail work") { db in
            try Self.insert(records, now: nil, db)
            let drop = try db.cachedStatement(sql: "DELETE FROM thumbnail_claims WHERE photo_id = ? AND worker = ?")
            for id in photoIDs { try drop.execute(arguments: [id, worker]) }
        }
    }

    /// Inserts or replaces `records` inside the caller's transaction; `createdAt` is set to `now` (UTC).
    ///
    /// A record whose photo row no longer exists is skipped (the foreign key would refuse it).
    static func insert(_ records: [ThumbnailRecord], now: String?, _ db: Database) throws {
        if records.isEmpty { return }
        let time = now ?? UTCTime.now().isoSeconds + "Z"
        let statement = try db.cachedStatement(sql: """
            INSERT INTO thumbnails (photo_id, variant, status, path, pixel_width, pixel_height, byte_size, error,
                                    source_content_key, source_size, source_mtime_ns, created_at, warning)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13 WHERE EXISTS (SELECT 1 FROM photos WHERE id = ?1)
            ON CONFLICT (photo_id, variant) DO UPDATE SET
                status = excluded.status, path = excluded.path, pixel_width = excluded.pixel_width,
                pixel_height = excluded.pixel_height, byte_size = excluded.byte_size, error = excluded.error,
                source_content_key = excluded.source_content_key, source_size = excluded.source_size,
                source_mtime_ns = excluded.source_mtime_ns, created_at = excluded.created_at,
                warning = excluded.warning
            """)
        for record in records {
            var path: String?, width: Int?, height: Int?, bytes: Int64?, error: String?, warning: String?
            switch record.outcome {
            case .success(let file):
                (path, width, height, bytes) = (file.path, file.pixelWidth, file.pixelHeight, file.byteSize)
                warning = file.warning
            case .failure(let failure):
                error = failure.message
            }
            try statement.execute(arguments: [
                record.photoID, record.variant, error == nil ? "ok" : "error", path, width, height, bytes, error,
                record.sourceContentKey, record.sourceSize, record.sourceModificationTimeNanoseconds, time, warning,
            ])
        }
    }
}
