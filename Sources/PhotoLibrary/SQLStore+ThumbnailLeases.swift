/// Thumbnail claims (`ThumbnailLeaseStore`), written once for both dialects over `ThumbnailClaims`' SQL.
extension SQLStore {
    public func claimThumbnailWork(variants: [String], worker: String, limit: Int, leaseSeconds: Int) throws(LibraryError) -> [Photo] {
        let now = dialect.now
        let candidates = ThumbnailClaims.candidates(variants, now: now, limit: "$3") + dialect.lockSkipping
        var claimed: [Int64] = []
        // A claim made beside another (PostgreSQL) can read its candidates before the other commits and
        // lock them after: it then finds them claimed and takes none. While photos are left unclaimed it
        // tries again, four times at most; its next statement sees the other's claim. (An empty claim
        // ends `worker --until-done`.)
        for _ in 0 ..< 4 {
            claimed = try writeTransaction("claiming thumbnail work") { session throws(LibraryError) in
                let claimed = try Self.ids(ThumbnailClaims.claim(candidates: candidates, now: now, worker: "$1", lease: "$2"), "photo_id",
                                           [.text(worker), .integer(Int64(leaseSeconds)), .integer(Int64(limit))], session)
                try Self.noteSeen(worker, claimed: claimed.count, now: now, session)
                return claimed
            }
            if !claimed.isEmpty { break }
            let unclaimed = try readStatements("claiming thumbnail work") { session throws(LibraryError) in
                try session.row("SELECT count(*) AS unclaimed FROM (\(ThumbnailClaims.candidates(variants, now: now, limit: "1"))) AS todo",
                                "claiming thumbnail work").map { row throws(LibraryError) in try row.int64("unclaimed").notNull("unclaimed") } ?? 0
            }
            if unclaimed == 0 { break }
        }
        if claimed.isEmpty { return [] }
        return try readStatements("reading claimed photos") { session throws(LibraryError) in
            try session.decoded("SELECT \(dialect.photoColumns) FROM \(LibrarySQL.photoSource) WHERE id IN (\(SQLValue.list(claimed))) ORDER BY sort_key, path_bytes",
                                "reading claimed photos", Photo.init(columns:))
        }
    }

    public func claimThumbnailWork(among photoIDs: [Int64], variants: [String], worker: String,
                                   leaseSeconds: Int) throws(LibraryError) -> ThumbnailClaim {
        if photoIDs.isEmpty { return ThumbnailClaim() }
        let now = dialect.now
        let candidates = ThumbnailClaims.candidates(among: photoIDs, variants, now: now, worker: "$1") + dialect.lockSkipping
        return try writeTransaction("claiming thumbnail work") { session throws(LibraryError) in
            let claimed = try Self.ids(ThumbnailClaims.claim(candidates: candidates, now: now, worker: "$1", lease: "$2"), "photo_id",
                                       [.text(worker), .integer(Int64(leaseSeconds))], session)
            let held = try Self.ids(ThumbnailClaims.heldElsewhere(among: photoIDs, variants, now: now, worker: "$1"), "id", [.text(worker)], session)
            let endsIn = try Self.leaseEnd(ThumbnailClaims.soonestLeaseEnd(among: photoIDs, now: now, worker: "$1"), worker, session)
            try Self.noteSeen(worker, claimed: claimed.count, now: now, session)
            return ThumbnailClaim(claimed: Set(claimed), heldElsewhere: Set(held), leaseEndsIn: endsIn)
        }
    }

    public func soonestThumbnailLeaseEnd(variants: [String], worker: String) throws(LibraryError) -> Int? {
        try readStatements("reading thumbnail claims") { session throws(LibraryError) in
            try Self.leaseEnd(ThumbnailClaims.soonestLeaseEnd(variants, now: dialect.now, worker: "$1"), worker, session)
        }
    }

    public func thumbnailClaimsHeldElsewhere(among photoIDs: [Int64], variants: [String], worker: String) throws(LibraryError) -> ThumbnailClaim {
        if photoIDs.isEmpty { return ThumbnailClaim() }
        let now = dialect.now
        return try readSnapshot("reading thumbnail claims") { session throws(LibraryError) in
            let held = try Self.ids(ThumbnailClaims.heldByOthers(among: photoIDs, variants, now: now, worker: "$1"), "id", [.text(worker)], session)
            let endsIn = try Self.leaseEnd(ThumbnailClaims.soonestLeaseEnd(among: photoIDs, now: now, worker: "$1"), worker, session)
            let holders = try session.decoded(ThumbnailClaims.holders(among: photoIDs, now: now, worker: "$1"), [.text(worker)],
                                              "reading thumbnail claims") { row throws(LibraryError) in try row.string("worker").notNull("worker") }
            return ThumbnailClaim(heldElsewhere: Set(held), leaseEndsIn: endsIn, holders: Set(holders))
        }
    }

    @discardableResult
    public func renewThumbnailClaims(worker: String, leaseSeconds: Int) throws(LibraryError) -> Int {
        try writeTransaction("renewing thumbnail claims") { session throws(LibraryError) in
            let renewed = try session.execute(ThumbnailClaims.renew(now: dialect.now, worker: "$1", lease: "$2"),
                                              [.text(worker), .integer(Int64(leaseSeconds))], "renewing thumbnail claims")
            try session.execute(ThumbnailClaims.heartbeat(now: dialect.now, worker: "$1"), [.text(worker)], "renewing thumbnail claims")
            return renewed
        }
    }

    @discardableResult
    public func dropThumbnailClaims(heldBy isGone: (String) -> Bool) throws(LibraryError) -> Int {
        let holders = try readStatements("reading thumbnail claims") { session throws(LibraryError) in
            try session.decoded(LibrarySQL.claimHolders, "reading thumbnail claims") { row throws(LibraryError) in try row.string("worker").notNull("worker") }
        }
        let gone = holders.filter(isGone)
        if gone.isEmpty { return 0 }
        return try writeTransaction("dropping the claims of ended workers") { session throws(LibraryError) in
            let dropped = try session.execute("DELETE FROM thumbnail_claims WHERE worker IN (\(SQLValue.placeholders(gone.count)))",
                                              gone.map { .text($0) }, "dropping the claims of ended workers")
            try announce(session, "dropping the claims of ended workers")
            return dropped
        }
    }

    public func thumbnailQueue(defaultVariants: [String]) throws(LibraryError) -> ThumbnailQueue {
        let now = dialect.now
        return try readSnapshot("reading the thumbnail queue") { session throws(LibraryError) in
            let recorded = try session.decoded(LibrarySQL.recordedVariants, "reading the thumbnail queue") { row throws(LibraryError) in
                try row.string("variant").notNull("variant")
            }
            let variants = recorded.isEmpty ? defaultVariants : recorded
            let queue = try session.row("SELECT q.waiting, q.claimed, \(now) AS now FROM (\(ThumbnailClaims.queue(variants, now: now))) AS q",
                                        "reading the thumbnail queue")
            let workers = try session.decoded(ThumbnailClaims.workersSeen(now: now), "reading the thumbnail queue") { row throws(LibraryError) in
                ThumbnailQueue.Worker(name: try row.string("name").notNull("name"), lastSeen: try row.int64("last_seen").notNull("last_seen"),
                                      claimed: try row.int64("claimed").notNull("claimed"))
            }
            return ThumbnailQueue(variants: variants, waiting: try queue?.int("waiting") ?? 0, claimed: try queue?.int("claimed") ?? 0,
                                  workers: workers, now: try queue?.int64("now") ?? 0)
        }
    }

    public func completeThumbnailWork(_ records: [ThumbnailRecord], photoIDs: [Int64], worker: String) throws(LibraryError) {
        try writeTransaction("recording thumbnail work") { session throws(LibraryError) in
            try Self.insert(records, now: nil, session)
            if photoIDs.isEmpty { return }
            try session.execute("DELETE FROM thumbnail_claims WHERE photo_id IN (\(SQLValue.list(photoIDs))) AND worker = $1", [.text(worker)],
                                "recording thumbnail work")
            // Claims released: announced as grid changes are, so a run waiting for them claims at once.
            try announce(session, "recording thumbnail work")
        }
    }

    /// Announces a change to other processes, in a store that announces them.
    private func announce(_ session: Session, _ operation: String) throws(LibraryError) {
        if let announcement = dialect.announcement { try session.execute(announcement, [], operation) }
    }

    /// The ids in column `column` of the rows `sql` returns.
    private static func ids(_ sql: String, _ column: String, _ values: [SQLValue], _ session: Session) throws(LibraryError) -> [Int64] {
        try session.decoded(sql, values, "claiming thumbnail work") { row throws(LibraryError) in try row.int64(column).notNull(column) }
    }

    /// The `ends_in` of `ThumbnailClaims.soonestLeaseEnd`'s SQL for `worker`.
    private static func leaseEnd(_ sql: String, _ worker: String, _ session: Session) throws(LibraryError) -> Int? {
        try session.row(sql, [.text(worker)], "reading thumbnail claims")?.int("ends_in")
    }

    /// Notes that `worker` claimed `count` photos now.
    private static func noteSeen(_ worker: String, claimed count: Int, now: String, _ session: Session) throws(LibraryError) {
        try session.execute(ThumbnailClaims.seen(now: now, worker: "$1", count: "$2"), [.text(worker), .integer(Int64(count))],
                            "claiming thumbnail work")
    }
}
