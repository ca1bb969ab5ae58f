/// What the gallery model, the server and the command line ask of a photo library: the one seam between
/// them and where the library is kept. `SQLiteStore` (SQLite, embedded) implements it; nothing outside
/// this module names that store or its database library, and a second store (PostgreSQL, for several
/// machines) implements the same protocol and passes the same conformance suite
/// (`Tests/PhotoLibraryTests/StoreConformanceTests.swift`, written against this protocol only).
///
/// Its jobs beyond the rows, grid and thumbnails come as small protocols it refines
/// (`PictureSignatureStore`). Every method may block (a database read or write): call it off an event loop. Errors are
/// `LibraryError`s.
public protocol LibraryStore: PictureSignatureStore, KeptLayoutStore {
    /// Where the library is kept, as the user named it (a database file's path).
    var path: String { get }
    /// Whether opening it made it (a new, empty library).
    var createdFile: Bool { get }
    /// Whether it can only be read (no index run, no thumbnail records).
    var isReadOnly: Bool { get }

    // MARK: The library

    /// The folder it indexes; nil until an index run has completed.
    func root() throws(LibraryError) -> LibraryRoot?
    /// A random identity made with the library: what a thumbnail folder records as its owner.
    func libraryID() throws(LibraryError) -> String
    /// Totals for `photogrid stats`.
    func counts() throws(LibraryError) -> LibraryCounts
    /// The schema versions applied, sorted.
    func appliedMigrations() throws(LibraryError) -> [String]
    /// The store's own soundness check (`"ok"` when sound).
    func integrityCheck() throws(LibraryError) -> String

    // MARK: Indexing

    /// Indexes `folder` into the library (`Indexer`'s steps: walk, compare, probe, write in batches, mark
    /// what vanished, pair Live Photos).
    func index(folder: String, options: IndexOptions) throws(LibraryError) -> IndexSummary
    /// The files under the library's folder that are not indexed, and why (walked now).
    func skippedEntries() throws(LibraryError) -> [SkippedEntry]

    // MARK: Rows

    /// Every row in grid order (only those with one of `statuses`, when given).
    func photos(statuses: Set<PhotoStatus>?) throws(LibraryError) -> [Photo]
    /// Rows `offset ..< offset + limit` in grid order and the number of rows (of `status` alone, when
    /// given), from one snapshot.
    func photoPage(offset: Int, limit: Int, status: PhotoStatus?) throws(LibraryError) -> (photos: [Photo], total: Int)
    /// The first `limit` readable rows whose content key is `contentKey`, by id.
    func photos(contentKey: String, limit: Int) throws(LibraryError) -> [Photo]
    /// The row with id `id`, if any.
    func photo(id: Int64) throws(LibraryError) -> Photo?
    /// The rows with the ids `ids` (those there are), by id.
    func photos(ids: [Int64]) throws(LibraryError) -> [Photo]

    // MARK: The grid

    /// Number of items in the grid.
    func gridCount() throws(LibraryError) -> Int
    /// The grid's items at positions `range` (all when nil), in grid order.
    func gridEntries(_ range: Range<Int>?) throws(LibraryError) -> [GridEntry]
    /// Runs `body` with the grid as one snapshot sees it (its size, windows and sections agree).
    func readGrid<T>(_ body: (any GridWindowReader) throws -> T) throws -> T
    /// A counter that changes whenever the grid may have (any writer, any process).
    func gridVersion() throws(LibraryError) -> Int
    /// The whole grid in memory, and its version, from one snapshot.
    func gridSnapshot() throws(LibraryError) -> GridSnapshot
    /// What the store announces about its grid — a count that moves whenever the grid may have changed
    /// (any process), and a wait for its next move —, or nil for a store that announces nothing (then
    /// compare `gridVersion` from time to time). Listens from the first call on; never blocks.
    func gridAnnouncements() -> GridAnnouncements?
    /// Throws when the store cannot be reached now (a database server down); returns at once for a local
    /// file. For a health check.
    func checkReachable() throws(LibraryError)

    // MARK: Thumbnails

    /// The thumbnail made of photo `photoID` for `variant`, if recorded.
    func thumbnailRecord(photoID: Int64, variant: String) throws(LibraryError) -> ThumbnailRecord?
    /// Every recorded thumbnail of `variant`, by photo id.
    func thumbnailRecords(variant: String) throws(LibraryError) -> [Int64: ThumbnailRecord]
    /// The recorded thumbnails of `variant` of the photos `photoIDs`, by photo id.
    func thumbnailRecords(variant: String, photoIDs: [Int64]) throws(LibraryError) -> [Int64: ThumbnailRecord]
    /// The relative paths of `variant`'s recorded thumbnails, by photo id.
    func thumbnailPaths(variant: String) throws(LibraryError) -> [Int64: String]
    /// The relative paths that some row's record of `variant` still names.
    func referencedThumbnailPaths(variant: String) throws(LibraryError) -> Set<String>
    /// Records thumbnails made (one transaction).
    func saveThumbnailRecords(_ records: [ThumbnailRecord], now: String?) throws(LibraryError)
    /// Claims, for `worker`, up to `limit` readable photos lacking a current record of one of `variants`
    /// that no unexpired claim holds, for `leaseSeconds`; returns them in grid order. Processes claiming
    /// at once get different photos; a claim whose lease ended is taken again.
    func claimThumbnailWork(variants: [String], worker: String, limit: Int, leaseSeconds: Int) throws(LibraryError) -> [Photo]
    /// Claims, for `worker`, those of `photoIDs` lacking a current record of one of `variants` that no other
    /// worker's unexpired claim holds (renewing `worker`'s own), for `leaseSeconds`; also says which of
    /// them others hold. Those in neither set need no work (any more).
    func claimThumbnailWork(among photoIDs: [Int64], variants: [String], worker: String, leaseSeconds: Int) throws(LibraryError) -> ThumbnailClaim
    /// Seconds until the soonest unexpired claim of a worker other than `worker` on a photo needing work of
    /// `variants` ends; nil when no such claim lives (an idle worker then waits for news alone).
    func soonestThumbnailLeaseEnd(variants: [String], worker: String) throws(LibraryError) -> Int?
    /// Which of `photoIDs`, lacking a current record of one of `variants`, another worker's unexpired claim
    /// holds, when the soonest of those claims ends and who holds them (`claimed` empty): read alone.
    func thumbnailClaimsHeldElsewhere(among photoIDs: [Int64], variants: [String], worker: String) throws(LibraryError) -> ThumbnailClaim
    /// Extends every unexpired claim of `worker` to `leaseSeconds` from now, and notes it as seen; returns how
    /// many claims it extended.
    @discardableResult
    func renewThumbnailClaims(worker: String, leaseSeconds: Int) throws(LibraryError) -> Int
    /// Drops the claims of the workers `isGone` says have ended (a process of this machine no longer
    /// running); returns how many claims went.
    @discardableResult
    func dropThumbnailClaims(heldBy isGone: (String) -> Bool) throws(LibraryError) -> Int
    /// The photos waiting for a thumbnail of the recorded variants (`defaultVariants` when none is
    /// recorded) and the workers seen claiming them.
    func thumbnailQueue(defaultVariants: [String]) throws(LibraryError) -> ThumbnailQueue
    /// Records `records` and drops `worker`'s claims on `photoIDs`, in one transaction.
    func completeThumbnailWork(_ records: [ThumbnailRecord], photoIDs: [Int64], worker: String) throws(LibraryError)
    /// Forgets the records of every variant but `kept`; returns how many went.
    @discardableResult
    func deleteThumbnailRecords(keepingVariants kept: Set<String>) throws(LibraryError) -> Int
}

/// The grid inside one snapshot of `LibraryStore.readGrid`: valid only inside that call.
public protocol GridWindowReader {
    /// Number of items in the grid.
    func count() throws(LibraryError) -> Int
    /// The items at grid positions `range` (all when nil), in grid order.
    func entries(_ range: Range<Int>?) throws(LibraryError) -> [GridEntry]
    /// The grid's items grouped by the first `prefixLength` characters of their day (10: the day, 7: the
    /// month, 4: the year), in grid order.
    func sections(prefixLength: Int) throws(LibraryError) -> [(title: String, count: Int)]
    /// The grid version this snapshot sees (`LibraryStore.gridVersion`); nil for a grid that is not the
    /// store's own (one with photos left out), for which nothing is kept.
    func version() throws(LibraryError) -> Int?
    /// What `read` makes of the bytes kept under `key` for this snapshot's grid version (`KeptLayoutStore`),
    /// lent without a copy; nil when none are kept.
    func keptLayout<T>(key: String, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T?
}

extension LibraryStore {
    /// A store that announces nothing.
    public func gridAnnouncements() -> GridAnnouncements? { nil }
    /// A local file is always there to ask.
    public func checkReachable() throws(LibraryError) {}
    /// Every row in grid order.
    public func photos() throws(LibraryError) -> [Photo] { try photos(statuses: nil) }
    /// The readable rows whose content key is `contentKey`, by id.
    public func photos(contentKey: String) throws(LibraryError) -> [Photo] { try photos(contentKey: contentKey, limit: Int.max) }
    /// The grid's items, all of them.
    public func gridEntries() throws(LibraryError) -> [GridEntry] { try gridEntries(nil) }
    /// Records thumbnails made now.
    public func saveThumbnailRecords(_ records: [ThumbnailRecord]) throws(LibraryError) { try saveThumbnailRecords(records, now: nil) }
    /// Rows `offset ..< offset + limit` of every status.
    public func photoPage(offset: Int, limit: Int) throws(LibraryError) -> (photos: [Photo], total: Int) {
        try photoPage(offset: offset, limit: limit, status: nil)
    }
}

extension GridWindowReader {
    /// All of the grid's items, in grid order.
    public func entries() throws(LibraryError) -> [GridEntry] { try entries(nil) }
}
