import Foundation
import Testing
import TestSupport
import PhotoLibrary
import SQLiteLibrary
import PostgresLibrary
@testable import Indexing

/// The store conformance suite: what every `LibraryStore` must do, written against the protocol alone
/// (this file imports PhotoLibrary without `@testable` and names no store type). A new store is added
/// to `stores` — a way to open a new, empty library at a scratch location — and must pass unchanged.
/// The expected values are the samples' facts (`SamplePhotos`, from their files), never a store's own.
@Suite("store conformance")
struct StoreConformanceTests {
    /// A store under test: its name and how to open a new library in `folder` (a scratch folder).
    struct StoreKind: CustomTestStringConvertible, Sendable {
        let name: String
        let open: @Sendable (_ folder: URL) throws -> any LibraryStore
        var testDescription: String { name }
    }

    /// The store at `location`: a `postgres://` URL's, else a SQLite file's (what `LibraryStoreOpener`, in PhotoGrid, opens).
    static func open(_ location: String, creating: Bool) throws -> any LibraryStore {
        if PostgresLocation.names(location) { return try PostgresStore(PostgresLocation(location), address: location, connections: 3) }
        return try SQLiteStore(path: location, mode: creating ? .createIfMissing : .existing, readers: 2)
    }

    static let stores: [StoreKind] = [
        StoreKind(name: "SQLite") { folder in try Self.open(folder.appendingPathComponent("library.sqlite").path, creating: true) },
    ] + postgres

    /// PostgreSQL (a throwaway cluster, `PostgresCluster`), a new database per test; left out when there is
    /// none on a developer's machine (under CI its absence fails the tests).
    static var postgres: [StoreKind] {
        switch PostgresCluster.shared {
        case .success(let cluster):
            return [StoreKind(name: "PostgreSQL") { _ in try Self.open(try cluster.makeDatabase(), creating: true) }]
        case .failure(let why):
            guard PostgresCluster.required else { return [] }
            return [StoreKind(name: "PostgreSQL") { _ in throw why }]
        }
    }

    /// A scratch folder holding a copy of the sample photos (`photos/`), and a new store beside it.
    final class Scratch {
        let folder: TemporaryFolder
        let store: any LibraryStore
        var photos: URL { folder.url.appendingPathComponent("photos") }

        init(_ kind: StoreKind) throws {
            folder = try TemporaryFolder("store-conformance")
            try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
            store = try kind.open(folder.url)
        }

        @discardableResult
        func index() throws -> IndexSummary {
            var options = IndexOptions()
            options.jobs = 2
            return try store.index(folder: photos.path, options: options)
        }
    }

    @Test(arguments: stores)
    func aNewLibraryIsEmpty(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        let store = scratch.store
        #expect(store.createdFile && !store.isReadOnly)
        #expect(try store.root() == nil)
        #expect(try store.gridCount() == 0)
        #expect(try store.gridEntries().isEmpty)
        #expect(try store.photos().isEmpty)
        #expect(try store.photo(id: 1) == nil)
        #expect(try store.counts() == LibraryCounts())
        let migrations = try store.appliedMigrations()
        #expect(!migrations.isEmpty && migrations == migrations.sorted())
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.gridSnapshot().count == 0)
        let identity = try store.libraryID()
        let again = try store.libraryID()
        #expect(!identity.isEmpty && again == identity)
    }

    /// An index run's steps read back what they wrote (`IndexWriter.loadIndexState`: how the next run tells
    /// unchanged files): every row by its path bytes, with its id, status, content key, and the size and
    /// mtime `stat` gives the file; and an open store is reachable.
    @Test(arguments: stores)
    func theIndexStateIsTheRowsAsTheFilesAre(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        try scratch.index()
        try scratch.store.checkReachable()
        let state = try scratch.store.loadIndexState()
        let rows = try scratch.store.photos()
        #expect(state.photos.count == rows.count && !rows.isEmpty)
        for row in rows {
            let known = try #require(state.photos[row.pathBytes], "\(row.path)")
            var info = stat()
            #expect(stat(scratch.photos.appendingPathComponent(row.path).path, &info) == 0)
            #expect(known.id == row.id && known.status == row.status && known.contentKey == row.contentKey, "\(row.path)")
            #expect(known.size == Int64(info.st_size), "\(row.path)")
            #expect(known.modificationTimeNanoseconds == Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), "\(row.path)")
        }
    }

    @Test(arguments: stores)
    func indexedSamplesAreTheGridInOrder(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        let store = scratch.store
        let summary = try scratch.index()
        let expected = SamplePhotos.facts
        #expect(summary.added == expected.count && summary.errors == 0)
        let root = try #require(try store.root())
        #expect(root.path == (scratch.photos.path as NSString).resolvingSymlinksInPath)

        // Every sample is a readable row with the display size its file states.
        let rows = try store.photos()
        #expect(rows.count == expected.count)
        let byPath = Dictionary(uniqueKeysWithValues: rows.map { ($0.path, $0) })
        for (path, storedWidth, storedHeight, orientation, width, height) in expected {
            let row = try #require(byPath[path], "\(path)")
            #expect(row.status == .ok && row.media == .photo, "\(path)")
            #expect((row.storedWidth, row.storedHeight, row.orientation) == (storedWidth, storedHeight, orientation), "\(path)")
            #expect((row.pixelWidth, row.pixelHeight) == (width, height), "\(path)")
            #expect(try store.photo(id: row.id) == row, "\(path)")
            #expect(try store.photos(contentKey: try #require(row.contentKey)).contains(row), "\(path)")
            #expect(try store.photos(contentKey: try #require(row.contentKey), limit: 1).count == 1, "\(path)")
            #expect(try store.photos(contentKey: try #require(row.contentKey), limit: 0).isEmpty, "\(path)")
        }
        // Grid order: by capture time (else file time), then path bytes.
        #expect(rows.map(\.sortKey) == rows.map(\.sortKey).sorted())
        let all = try store.gridEntries()
        #expect(try store.gridCount() == expected.count)
        #expect(all.map(\.id) == rows.map(\.id))
        #expect(all.map { ($0.pixelWidth, $0.pixelHeight) }.elementsEqual(rows.map { ($0.pixelWidth!, $0.pixelHeight!) }, by: ==))
        // Any window is that slice of the whole grid, from one snapshot with its count and sections.
        for range in [0..<1, 3..<9, 0..<expected.count, (expected.count - 2)..<expected.count, 5..<5] {
            #expect(try store.gridEntries(range) == Array(all[range]), "\(range)")
        }
        #expect(try store.gridEntries(expected.count..<(expected.count + 4)).isEmpty)
        let (count, window, days, years) = try store.readGrid { grid in
            (try grid.count(), try grid.entries(2..<6), try grid.sections(prefixLength: 10), try grid.sections(prefixLength: 4))
        }
        #expect(count == expected.count && window == Array(all[2..<6]))
        #expect(days.map(\.count).reduce(0, +) == count && years.map(\.count).reduce(0, +) == count)
        #expect(days.map(\.title) == days.map(\.title).sorted() && days.allSatisfy { $0.title.count == 10 })
        // The snapshot a server keeps in memory is the same grid (every value: at the end of this test).
        let snapshot = try store.gridSnapshot()
        #expect(snapshot.count == count && (0..<snapshot.count).map { snapshot.photo(at: $0).id } == all.map(\.id))
        // Pages of rows are the list, in order.
        var paged: [Photo] = []
        var offset = 0
        while true {
            let page = try store.photoPage(offset: offset, limit: 7)
            #expect(page.total == expected.count)
            if page.photos.isEmpty { break }
            paged += page.photos
            offset += page.photos.count
        }
        #expect(paged == rows)
        let counts = try store.counts()
        #expect(counts.photos == expected.count && counts.ok == expected.count && counts.errors == 0 && counts.missing == 0)
        #expect(counts.reoriented == expected.filter { $0.3 != 1 }.count)
        #expect(counts.media == ["photo": expected.count])
        // The snapshot a server keeps in memory is the same grid, every value of every photo (a row made a
        // video first: its kind, duration and poster time too).
        let video = all[3]
        try Self.execute(store, "UPDATE photos SET media = 'video', duration = 3.5, poster_time = 1.25 WHERE id = $1", [.integer(video.id)])
        let entries = try store.gridEntries()
        #expect(entries[3].media == .video && entries[3].duration == 3.5 && entries[3].posterTime == 1.25)
        let videoSnapshot = try store.gridSnapshot()
        #expect(videoSnapshot.count == count)
        for (position, entry) in entries.enumerated() {
            let photo = videoSnapshot.photo(at: position)
            #expect(photo.id == entry.id && photo.path == entry.path && photo.pixelWidth == entry.pixelWidth
                    && photo.pixelHeight == entry.pixelHeight && photo.contentKey == entry.contentKey, "\(position)")
            #expect(photo.nonPhoto?.media ?? .photo == entry.media && photo.nonPhoto?.duration == entry.duration
                    && photo.nonPhoto?.posterTime == entry.posterTime, "\(position)")
        }
    }

    /// Runs `sql` with `values` in one write transaction of `store` (both stores are `SQLStore`s).
    static func execute(_ store: any LibraryStore, _ sql: String, _ values: [SQLValue]) throws {
        func run(_ store: some SQLStore) throws {
            try store.writeTransaction("changing a row") { session throws(LibraryError) in _ = try session.execute(sql, values, "changing a row") }
        }
        let sqlStore = try #require(store as? any SQLStore)
        try run(sqlStore)
    }

    @Test(arguments: stores)
    func changesMoveTheGridVersionAndFollowTheFolder(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        let store = scratch.store
        try scratch.index()
        let before = try store.gridVersion()
        let unchanged = try scratch.index()
        #expect(unchanged.added == 0 && unchanged.unchanged == SamplePhotos.facts.count)
        #expect(try store.gridVersion() == before)
        // A copy (a new row), a removal (missing: out of the grid, its row kept).
        try FileManager.default.copyItem(at: scratch.photos.appendingPathComponent("sunset.jpg"),
                                         to: scratch.photos.appendingPathComponent("sunset copy.jpg"))
        try FileManager.default.removeItem(at: scratch.photos.appendingPathComponent("dragonfly.jpg"))
        let changed = try scratch.index()
        #expect(changed.added == 1 && changed.missing == 1)
        #expect(try store.gridVersion() != before)
        #expect(try store.gridCount() == SamplePhotos.facts.count)
        #expect(try store.photos(statuses: [.missing]).map(\.path) == ["dragonfly.jpg"])
        #expect(try store.gridEntries().contains { $0.path == "sunset copy.jpg" })
        #expect(try !store.gridEntries().contains { $0.path == "dragonfly.jpg" })
        #expect(try store.photoPage(offset: 0, limit: 100, status: .missing).total == 1)
    }

    @Test(arguments: stores)
    func thumbnailRecordsRoundTrip(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        let store = scratch.store
        try scratch.index()
        let rows = try store.photos()
        let (a, b) = (rows[0], rows[1])
        let made = ThumbnailRecord(photoID: a.id, variant: "grid-387",
                                   outcome: .success(.init(path: "grid-387/a.jpg", pixelWidth: 387, pixelHeight: 387, byteSize: 12_345)),
                                   sourceContentKey: a.contentKey, sourceSize: a.fileSize,
                                   sourceModificationTimeNanoseconds: a.modificationTimeNanoseconds, createdAt: "2026-11-25T12:00:00Z")
        let failed = ThumbnailRecord(photoID: b.id, variant: "grid-387", outcome: .failure(ThumbnailFailure("b: truncated")),
                                     sourceContentKey: b.contentKey, sourceSize: b.fileSize,
                                     sourceModificationTimeNanoseconds: b.modificationTimeNanoseconds, createdAt: "2026-11-25T12:00:00Z")
        let detail = ThumbnailRecord(photoID: a.id, variant: "detail-1280",
                                     outcome: .success(.init(path: "detail-1280/a.jpg", pixelWidth: 1280, pixelHeight: 853, byteSize: 99_000, warning: "damaged")),
                                     sourceContentKey: a.contentKey, sourceSize: a.fileSize,
                                     sourceModificationTimeNanoseconds: a.modificationTimeNanoseconds, createdAt: "2026-11-25T12:00:00Z")
        try store.saveThumbnailRecords([made, failed, detail], now: "2026-11-25T12:00:00Z")
        #expect(try store.thumbnailRecord(photoID: a.id, variant: "grid-387") == made)
        #expect(try store.thumbnailRecord(photoID: b.id, variant: "grid-387") == failed)
        #expect(try store.thumbnailRecord(photoID: b.id, variant: "detail-1280") == nil)
        #expect(try store.thumbnailRecords(variant: "grid-387") == [a.id: made, b.id: failed])
        #expect(try store.thumbnailRecords(variant: "detail-1280") == [a.id: detail])
        #expect(try store.thumbnailPaths(variant: "grid-387") == [a.id: "grid-387/a.jpg"])
        #expect(try store.referencedThumbnailPaths(variant: "grid-387") == ["grid-387/a.jpg"])
        // The store sees the records it keeps as current (the same content key, size and mtime as the row it
        // reads back): a photo with a current record of a variant needs no work for it, a failure counts as done.
        #expect(try #require(try store.thumbnailRecord(photoID: a.id, variant: "grid-387")).isCurrent(for: try #require(try store.photo(id: a.id))))
        #expect(try store.claimThumbnailWork(among: [a.id, b.id], variants: ["grid-387"], worker: "records", leaseSeconds: 60) == ThumbnailClaim())
        #expect(try store.claimThumbnailWork(among: [a.id, b.id], variants: ["detail-1280"], worker: "records", leaseSeconds: 60)
                == ThumbnailClaim(claimed: [b.id]))
        try store.completeThumbnailWork([], photoIDs: [b.id], worker: "records")
        #expect(try store.deleteThumbnailRecords(keepingVariants: ["detail-1280"]) == 2)
        #expect(try store.thumbnailRecords(variant: "grid-387").isEmpty)
        #expect(try store.thumbnailRecords(variant: "detail-1280") == [a.id: detail])
        // A record of a source that has since changed — another content key, size or mtime — is not current:
        // the photo needs work again; the current record makes it done again.
        var stale = [made, made, made]
        stale[0].sourceContentKey = (a.contentKey ?? "") + "0"
        stale[1].sourceSize = a.fileSize + 1
        stale[2].sourceModificationTimeNanoseconds = a.modificationTimeNanoseconds + 1
        for (record, changed) in zip(stale, ["content key", "size", "mtime"]) {
            try store.saveThumbnailRecords([record], now: "2026-11-25T12:00:00Z")
            #expect(try store.claimThumbnailWork(among: [a.id], variants: ["grid-387"], worker: "records", leaseSeconds: 60)
                    == ThumbnailClaim(claimed: [a.id]), "a record of another source \(changed)")
            try store.completeThumbnailWork([], photoIDs: [a.id], worker: "records")
        }
        try store.saveThumbnailRecords([made], now: "2026-11-25T12:00:00Z")
        #expect(try store.claimThumbnailWork(among: [a.id], variants: ["grid-387"], worker: "records", leaseSeconds: 60) == ThumbnailClaim())
        // Keeping no variant removes every record: a's grid record and its detail record.
        #expect(try store.deleteThumbnailRecords(keepingVariants: []) == 2)
        #expect(try store.thumbnailRecords(variant: "grid-387").isEmpty && store.thumbnailRecords(variant: "detail-1280").isEmpty)
    }

    // MARK: Thumbnail claims (leases)

    /// Two openings of one library — two connections, as two processes' — claiming at the same moment get
    /// disjoint photos that together are every photo needing work, by a limit at a time and among given
    /// photos alike (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite: one writer at a time). Several rounds, each
    /// released before the next, so that claims do meet.
    @Test(arguments: stores)
    func claimsRacingOnTwoConnectionsAreDisjoint(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        try scratch.index()
        let stores: [any LibraryStore] = [scratch.store, try Self.open(scratch.store.path, creating: false)]
        let all = Set(try scratch.store.photos().map(\.id))
        #expect(all.count == SamplePhotos.facts.count)
        let variants = ["grid-387", "detail-1280"]
        for round in 0..<24 {
            let limit = round % 3 + 1
            // By a limit at a time, until nothing is left.
            let batches = try Self.together(stores.indices.map { i in { @Sendable () throws -> [[Int64]] in
                var mine: [[Int64]] = []
                while true {
                    let batch = try stores[i].claimThumbnailWork(variants: variants, worker: "racer-\(i)", limit: limit, leaseSeconds: 600)
                    if batch.isEmpty { return mine }
                    mine.append(batch.map(\.id))
                }
            } })
            #expect(batches.joined().allSatisfy { $0.count <= limit })
            let taken = batches.map { Array($0.joined()) }
            #expect(Set(taken[0]).isDisjoint(with: taken[1]), "round \(round): both claimed \(Set(taken[0]).intersection(taken[1]).sorted())")
            #expect(taken[0].count + taken[1].count == all.count && Set(taken[0] + taken[1]) == all, "round \(round)")
            #expect(try scratch.store.thumbnailQueue(defaultVariants: variants).claimed == all.count)
            for i in stores.indices { try stores[i].completeThumbnailWork([], photoIDs: taken[i], worker: "racer-\(i)") }
            #expect(try scratch.store.thumbnailQueue(defaultVariants: variants).claimed == 0, "round \(round): released")
            // Among given photos (what `thumbs` asks): each photo goes to one, and each sees the other's as held.
            let ids = Array(all).sorted()
            let among = try Self.together(stores.indices.map { i in { @Sendable () throws -> ThumbnailClaim in
                try stores[i].claimThumbnailWork(among: ids, variants: variants, worker: "racer-\(i)", leaseSeconds: 600)
            } })
            #expect(among[0].claimed.isDisjoint(with: among[1].claimed), "round \(round): both claimed \(among[0].claimed.intersection(among[1].claimed).sorted())")
            #expect(among[0].claimed.union(among[1].claimed) == all, "round \(round)")
            #expect(among[0].heldElsewhere == among[1].claimed && among[1].heldElsewhere == among[0].claimed, "round \(round)")
            for i in stores.indices { try stores[i].completeThumbnailWork([], photoIDs: Array(among[i].claimed), worker: "racer-\(i)") }
        }
    }

    /// Two claims at the same moment, while photos are left for both, both take work: neither comes back
    /// empty because the other's commit fell between its read and its locks (one may take fewer than its
    /// limit). An empty claim ends `worker --until-done`: one of two PostgreSQL workers once made nothing.
    /// Many rounds, each released before the next, since the moment that loses the claim is a narrow one.
    @Test(arguments: stores)
    func claimsBesideEachOtherBothTakeWork(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        try scratch.index()
        let stores: [any LibraryStore] = [scratch.store, try Self.open(scratch.store.path, creating: false)]
        let count = try scratch.store.photos().count
        let limit = count / 2  // both read the same candidates; the one that locks them later finds them claimed
        #expect(limit >= 4)
        for round in 0..<300 {
            let claims = try Self.together(stores.indices.map { i in { @Sendable () throws -> [Int64] in
                try stores[i].claimThumbnailWork(variants: ["grid-387"], worker: "beside-\(i)", limit: limit, leaseSeconds: 600).map(\.id)
            } })
            #expect(claims.allSatisfy { !$0.isEmpty && $0.count <= limit }, "round \(round): \(claims)")
            for i in stores.indices { try stores[i].completeThumbnailWork([], photoIDs: claims[i], worker: "beside-\(i)") }
        }
    }

    /// A claim is a lease on the database's clock: while it lasts no one else gets its photos; a lease that
    /// ended is taken by another (its former holder can no longer renew it); a renewed lease keeps its
    /// photos past its first end; a claim released (`completeThumbnailWork`, or its worker gone:
    /// `dropThumbnailClaims`) frees its photos at once — and only its holder's release does. Every claim is
    /// made through one opening and checked through another (two connections, as two processes').
    @Test(arguments: stores)
    func leasesExpireRenewAndRelease(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        try scratch.index()
        let (one, two) = (scratch.store, try Self.open(scratch.store.path, creating: false))
        let variants = ["grid-387"]
        let order = try one.photos().map(\.id)  // grid order
        let all = Set(order), half = order.count / 2
        func claim(_ store: any LibraryStore, _ worker: String, limit: Int = 1_000, lease: Int = 600) throws -> Set<Int64> {
            Set(try store.claimThumbnailWork(variants: variants, worker: worker, limit: limit, leaseSeconds: lease).map(\.id))
        }

        // Two short leases (2 s): the first half of the grid (claims come in grid order), then the rest.
        let lapsing = try one.claimThumbnailWork(variants: variants, worker: "lapsing", limit: half, leaseSeconds: 2).map(\.id)
        #expect(lapsing == Array(order.prefix(half)))
        let renewed = try claim(two, "renewing", lease: 2)
        #expect(renewed == all.subtracting(lapsing))
        // While they last, nothing is left for a third worker, on either connection, and given photos are held elsewhere.
        #expect(try claim(two, "third").isEmpty && claim(one, "third").isEmpty)
        let third = try one.claimThumbnailWork(among: order, variants: variants, worker: "third", leaseSeconds: 600)
        #expect(third.claimed.isEmpty && third.heldElsewhere == all)
        #expect((1...2).contains(third.leaseEndsIn ?? -1), "the soonest lease ends within its 2 s: \(third.leaseEndsIn as Any)")
        // Read alone (a waiting run's look): the same photos held, their holders, the same soonest end; nothing claimed.
        let held = try two.thumbnailClaimsHeldElsewhere(among: order, variants: variants, worker: "third")
        #expect(held.claimed.isEmpty && held.heldElsewhere == all && held.holders == ["lapsing", "renewing"])
        #expect((1...2).contains(held.leaseEndsIn ?? -1))
        #expect(try two.thumbnailClaimsHeldElsewhere(among: order, variants: variants, worker: "renewing").holders == ["lapsing"])
        #expect(try claim(one, "fourth").isEmpty, "looking claimed nothing")
        // When an idle worker may find work without news: the soonest of the others' leases on work.
        #expect((1...2).contains(try two.soonestThumbnailLeaseEnd(variants: variants, worker: "third") ?? -1))
        #expect(try two.soonestThumbnailLeaseEnd(variants: ["grid-9999"], worker: "third") != nil, "another variant needs work too")
        // A holder's claim among its own photos renews them (claimed, not held elsewhere).
        #expect(try one.claimThumbnailWork(among: Array(renewed), variants: variants, worker: "renewing", leaseSeconds: 2)
                == ThumbnailClaim(claimed: renewed))
        // One of them is renewed for long: every claim it holds, and only its own.
        #expect(try two.renewThumbnailClaims(worker: "renewing", leaseSeconds: 600) == renewed.count)
        #expect(try one.thumbnailQueue(defaultVariants: variants).claimed == all.count)

        // Once the short lease has ended (the database's clock: polled), a third worker takes exactly its
        // photos; the renewed ones stay held.
        let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
        var taken: Set<Int64> = []
        while taken.isEmpty && clock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            taken = try claim(two, "third")
        }
        #expect(taken == Set(lapsing), "the expired lease's photos (renewed ones: \(taken.intersection(renewed).sorted()))")
        #expect(clock.now < deadline, "the 2-s lease had not ended after 20 s")
        // The former holder renews nothing (its claims are the third's now) and sees them held elsewhere.
        #expect(try one.renewThumbnailClaims(worker: "lapsing", leaseSeconds: 600) == 0)
        let former = try two.claimThumbnailWork(among: lapsing, variants: variants, worker: "lapsing", leaseSeconds: 600)
        #expect(former.claimed.isEmpty && former.heldElsewhere == Set(lapsing) && (599...600).contains(former.leaseEndsIn ?? -1))

        // Releasing: only the holder's release frees its photos …
        try one.completeThumbnailWork([], photoIDs: order, worker: "someone else")
        #expect(try claim(one, "fourth").isEmpty)
        try one.completeThumbnailWork([], photoIDs: Array(renewed), worker: "renewing")
        #expect(try claim(two, "fourth") == renewed)
        // … and dropping a gone worker's claims frees its photos, not the others'.
        #expect(try two.dropThumbnailClaims(heldBy: { $0 == "third" }) == lapsing.count)
        #expect(try claim(one, "fifth") == Set(lapsing))
        // Recorded work releases its claim and needs no more: nothing is offered again once the leases go.
        let photos = try one.photos()
        let records = photos.filter { lapsing.contains($0.id) }.map { photo in
            ThumbnailRecord(photoID: photo.id, variant: "grid-387", outcome: .failure(ThumbnailFailure("test")),
                            sourceContentKey: photo.contentKey, sourceSize: photo.fileSize,
                            sourceModificationTimeNanoseconds: photo.modificationTimeNanoseconds, createdAt: "2026-11-25T12:00:00Z")
        }
        try two.completeThumbnailWork(records, photoIDs: lapsing, worker: "fifth")
        #expect(try one.thumbnailQueue(defaultVariants: variants).claimed == renewed.count)
        #expect(try two.dropThumbnailClaims(heldBy: { _ in true }) == renewed.count)
        #expect(try one.soonestThumbnailLeaseEnd(variants: variants, worker: "sixth") == nil, "no claim lives")
        #expect(try claim(one, "sixth") == renewed)
        #expect(try two.soonestThumbnailLeaseEnd(variants: variants, worker: "sixth") == nil, "its own claims are not waited for")
        #expect((599...600).contains(try two.soonestThumbnailLeaseEnd(variants: variants, worker: "seventh") ?? -1))
    }

    /// Runs `bodies` at the same moment, each on a thread of its own (released together once all have
    /// started), and returns their results in order.
    static func together<T: Sendable>(_ bodies: [@Sendable () throws -> T]) throws -> [T] {
        let results = Results<T>()
        let started = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        for (index, body) in bodies.enumerated() {
            Thread.detachNewThread {
                started.signal()
                go.wait()
                results.set(index, Result { try body() })
                done.signal()
            }
        }
        for _ in bodies { started.wait() }
        for _ in bodies { go.signal() }
        for _ in bodies { #expect(done.wait(timeout: .now() + 120) == .success, "a claimer took over 2 minutes") }
        return try bodies.indices.map { index in try #require(results.get(index)).get() }
    }

    /// What `together`'s threads return.
    final class Results<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: Result<T, any Error>] = [:]
        func set(_ index: Int, _ value: Result<T, any Error>) { lock.withLock { values[index] = value } }
        func get(_ index: Int) -> Result<T, any Error>? { lock.withLock { values[index] } }
    }

    /// A commit by another opening of the library — as another process's would be — is announced: the
    /// count moves and a waiter returns (what a server's grid follows with no timer); a file written
    /// beside the library is not a commit.
    @Test(arguments: stores)
    func aCommitElsewhereIsAnnounced(_ kind: StoreKind) async throws {
        let scratch = try Scratch(kind)
        let announcements = try #require(scratch.store.gridAnnouncements())
        // Listening starts in the background (a connection, a watch): the count settles first.
        var seen = announcements.count
        while await Self.announced(announcements, after: seen, within: .milliseconds(500)) { seen = announcements.count }
        try Data("notes".utf8).write(to: scratch.folder.url.appendingPathComponent("notes.txt"))
        #expect(await !Self.announced(announcements, after: seen, within: .milliseconds(500)), "a file beside the library was announced")
        let other = try Self.open(scratch.store.path, creating: false)
        var options = IndexOptions()
        options.jobs = 1
        _ = try other.index(folder: scratch.photos.path, options: options)
        #expect(await Self.announced(announcements, after: seen, within: .seconds(10)))
        #expect(announcements.count != seen)
    }

    /// Whether `announcements` moved past `seen` within `timeout`.
    static func announced(_ announcements: GridAnnouncements, after seen: Int, within timeout: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await announcements.next(after: seen); return !Task.isCancelled }
            group.addTask { try? await Task.sleep(for: timeout); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
    /// Picture signatures: kept by content key, replaced by a later save of the same key, bytes read only
    /// for the keys asked; the index pairs each readable photo with what is kept for its key (the hash's top
    /// bit surviving its signed column), ordered by key; `photos(ids:)` reads rows by id.
    @Test(arguments: stores)
    func pictureSignaturesAreKeptByContentKey(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        let store = scratch.store
        try scratch.index()
        let photos = try store.photos(statuses: [.ok]).filter { $0.media != .video }
        #expect(photos.count == SamplePhotos.facts.count)
        let keys = photos.compactMap(\.contentKey)
        let (a, b, c) = (keys[0], keys[1], keys[2])
        #expect(try store.pictureSignatureIndex().allSatisfy { $0.kept == .none })
        let bytes = (0..<4_121).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let records = [
            PictureSignatureRecord(contentKey: a, outcome: .success((hash: 0xFFFF_0000_1234_5678, bytes: bytes))),
            PictureSignatureRecord(contentKey: b, outcome: .success((hash: 1, bytes: [1, 2, 3]))),
            PictureSignatureRecord(contentKey: c, outcome: .failure(PictureSignatureFailure("JPEG: bad Huffman table"))),
            PictureSignatureRecord(contentKey: "1-no-photo-has-it", outcome: .success((hash: 2, bytes: [4]))),
        ]
        try store.savePictureSignatures(records)
        let index = try store.pictureSignatureIndex()
        #expect(index.count == photos.count)
        // Entries of one key are adjacent: each key starts one run.
        let runs = index.indices.filter { $0 == 0 || index[$0 - 1].contentKey != index[$0].contentKey }.count
        #expect(runs == Set(index.map(\.contentKey)).count)
        let kept = Dictionary(index.map { ($0.contentKey, $0.kept) }, uniquingKeysWith: { x, _ in x })
        #expect(kept[a] == .hash(0xFFFF_0000_1234_5678))
        #expect(kept[b] == .hash(1))
        #expect(kept[c] == .failure)
        #expect(index.filter { $0.kept == .none }.count == photos.count - 3)
        #expect(Set(index.map(\.photoID)) == Set(photos.map(\.id)))
        let read = try store.pictureSignatures(contentKeys: [a, c, "400-absent"])
        #expect(read.count == 2)
        #expect(read[a] == records[0])
        #expect(read[c] == records[2])
        #expect(try store.pictureSignatures(contentKeys: []).isEmpty)
        // A later save of a key replaces its record.
        let redone = PictureSignatureRecord(contentKey: c, outcome: .success((hash: 42, bytes: [9])))
        try store.savePictureSignatures([redone])
        #expect(try store.pictureSignatures(contentKeys: [c])[c] == redone)
        // Rows by id.
        let some = [photos[3].id, photos[1].id, 999_999]
        #expect(try store.photos(ids: some).map(\.id) == [photos[1].id, photos[3].id].sorted())
        #expect(try store.photos(ids: []).isEmpty)
    }

    /// Kept layouts: bytes under a key, read back whole only for the grid version they were kept for (a
    /// snapshot of a changed grid sees none); a keep removes other versions' layouts and all but the 8 newest.
    @Test(arguments: stores)
    func keptLayoutsHoldForTheirGridVersion(_ kind: StoreKind) throws {
        let scratch = try Scratch(kind)
        let store = scratch.store
        try scratch.index()
        func read(_ key: String) throws -> (version: Int?, bytes: [UInt8]?) {
            try store.readGrid { grid in (try grid.version(), try grid.keptLayout(key: key) { Array($0) }) }
        }
        let version = try #require(try read("a").version)
        #expect(version == (try store.gridVersion()))
        #expect(try read("a").bytes == nil)
        let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try store.keepLayout(key: "a", gridVersion: version, bytes: large)
        try store.keepLayout(key: "b", gridVersion: version, bytes: [])
        #expect(try read("a").bytes == large)
        #expect(try read("b").bytes == [])
        try store.keepLayout(key: "a", gridVersion: version, bytes: [1, 2, 3])
        #expect(try read("a").bytes == [1, 2, 3], "a later keep replaces")
        // Kept for another version: never read.
        try store.keepLayout(key: "old", gridVersion: version - 1, bytes: [9])
        #expect(try read("old").bytes == nil)
        // A changed grid: what was kept is stale.
        let photo = scratch.photos.appendingPathComponent(SamplePhotos.facts[0].0)
        try FileManager.default.removeItem(at: photo)
        try scratch.index()
        let next = try #require(try read("a").version)
        #expect(next != version)
        #expect(try read("a").bytes == nil)
        // Keeping for the new version removes the others' layouts, and keeps at most 8.
        for k in 0..<10 { try store.keepLayout(key: "new \(k)", gridVersion: next, bytes: [UInt8(k)]) }
        let kept = try (0..<10).filter { try read("new \($0)").bytes != nil }
        #expect(kept.count == 8)
        #expect(kept.contains(9), "the newest is kept")
        try store.keepLayout(key: "a", gridVersion: next, bytes: [4])
        #expect(try read("a").bytes == [4])
        try store.keepLayout(key: "a", gridVersion: version, bytes: [5])
        #expect(try read("new 9").bytes == nil, "a keep removes other versions' layouts")
    }
}
