public import PhotoLibrary
import Thumbnails
public import Indexing

/// The `photogrid index --json` document, version 1.
///
/// Every entry the walk saw is counted once: `seen == scanned + vanished + the skipped counts`,
/// and `scanned == added + updated + unchanged + moved + retried`.
public struct IndexSummaryDocument: Codable, Sendable, Equatable {
    /// Entries not indexed, by kind (`SkippedKind`); every kind is present.
    public struct SkippedCounts: Codable, Sendable, Equatable {
        public var image = 0, raw = 0, video = 0, other = 0, hidden = 0, symlink = 0, cache = 0, pseudo = 0, output = 0

        init(_ counts: [SkippedKind: Int]) {
            image = counts[.image] ?? 0
            raw = counts[.raw] ?? 0
            video = counts[.video] ?? 0
            other = counts[.other] ?? 0
            hidden = counts[.hidden] ?? 0
            symlink = counts[.symlink] ?? 0
            cache = counts[.cache] ?? 0
            pseudo = counts[.pseudo] ?? 0
            output = counts[.output] ?? 0
        }
    }

    /// A folder that could not be read, with the rows inside it that were kept as they were.
    public struct UnreadableFolder: Codable, Sendable, Equatable {
        public var path: String
        public var error: String
        public var rowsKept: Int
    }

    public var version = 1
    /// Entries the walk saw (files, links, hidden entries; a skipped folder counts once).
    public var seen: Int
    /// JPEG candidates found (`added + updated + unchanged + moved + retried`).
    public var scanned: Int
    public var added: Int
    public var updated: Int
    public var unchanged: Int
    public var moved: Int
    /// Unchanged error rows opened again.
    public var retried: Int
    /// Rows whose file is gone.
    public var missing: Int
    /// Missing rows removed by `--prune` (0 without it).
    public var pruned: Int
    /// Thumbnail files removed with them.
    public var prunedThumbnails: Int
    /// Scanned files that are error rows.
    public var errors: Int
    /// Files gone between the walk and their probe.
    public var vanished: Int
    public var skipped: SkippedCounts
    public var unreadableFolders: [UnreadableFolder]
    /// The folder the library indexed before `--move-root` moved it (absent otherwise).
    public var movedFrom: String?
    /// Wall-clock time of the run.
    public var seconds: Double

    public init(_ summary: IndexSummary, prunedThumbnails: Int = 0) {
        seen = summary.seen
        scanned = summary.scanned
        added = summary.added
        updated = summary.updated
        unchanged = summary.unchanged
        moved = summary.moved
        retried = summary.retried
        missing = summary.missing
        pruned = summary.pruned
        self.prunedThumbnails = prunedThumbnails
        errors = summary.errors
        vanished = summary.vanished
        skipped = SkippedCounts(summary.skipped)
        unreadableFolders = summary.unreadableFolders.map {
            UnreadableFolder(path: $0.path, error: $0.error, rowsKept: $0.rowsKept)
        }
        movedFrom = summary.movedFrom
        seconds = (summary.seconds * 1000).rounded() / 1000
    }
}

/// What `photogrid index` prints.
public struct IndexReport: Sendable {
    /// The folder as given.
    public var folder: String
    /// The database path.
    public var database: String
    public var summary: IndexSummary
    /// Thumbnail files removed with pruned rows; nil when the run did not prune.
    public var prunedThumbnails: Int?
    public var document: IndexSummaryDocument { IndexSummaryDocument(summary, prunedThumbnails: prunedThumbnails ?? 0) }

    public init(folder: String, database: String, summary: IndexSummary, prunedThumbnails: Int? = nil) {
        self.folder = folder
        self.database = database
        self.summary = summary
        self.prunedThumbnails = prunedThumbnails
    }

    /// The `--json` document text (one line, keys sorted).
    public var json: String { DocumentEncoding.json(document) }
}

/// `photogrid index`: walk a folder, probe new and changed JPEGs, update the library database.
public enum LibraryIndexing {
    /// Indexes `folder` into the database at `database` (created if needed).
    ///
    /// - Parameters:
    ///   - jobs: probing threads; nil for one per active core.
    ///   - retryErrors: open every error row again (`IndexOptions.retryErrors`).
    ///   - prune: remove missing rows, their thumbnail records, and the thumbnail files only they
    ///     used in the database's default thumbnail folder (`ThumbnailRequest.defaultFolder`; a
    ///     folder given to `thumbs --out` loses them on its next `thumbs` run).
    ///   - moveRoot: let the library index `folder` although it was built from another one.
    ///   - progressBar: drawn while the run goes (pass nil when stderr is not a terminal).
    public static func index(folder: String, database: LibraryLocation, jobs: Int? = nil, retryErrors: Bool = false,
                             prune: Bool = false, moveRoot: Bool = false,
                             progressBar: (any ProgressReporting)? = nil) throws(LibraryError) -> IndexReport {
        _ = try Indexer.resolve(folder)  // a wrong folder must not leave a new empty database behind
        var created = false
        do {
            // The library lives only inside this closure, so it is closed before a failed run removes it.
            return try { () throws(LibraryError) -> IndexReport in
                let library = try Library.openOrCreate(database)
                created = library.createdFile
                return try index(library: library, folder: folder, jobs: jobs, retryErrors: retryErrors,
                                 prune: prune, moveRoot: moveRoot, progressBar: progressBar)
            }()
        } catch {
            if created { LibraryStoreOpener.removeNew(database) }  // a failed run leaves no empty database it made
            throw error
        }
    }

    /// Opens the library at `database` to index `folder` into it (as a server does at start): the
    /// folder must exist before a new library is made, and an existing library must index that folder.
    public static func openForIndexing(folder: String, database: LibraryLocation, readers: Int = 2) throws(LibraryError) -> Library {
        _ = try Indexer.resolve(folder)
        let library = try Library.openOrCreate(database, readers: readers)
        do {
            try Indexer.check(folder: folder, store: library.store)
        } catch {
            if library.createdFile { LibraryStoreOpener.removeNew(database) }
            throw error
        }
        return library
    }

    /// Indexes `folder` into an open library (the options as for the path form).
    ///
    /// - Parameter shouldStop: asked after each committed batch; true ends the run there.
    /// - Parameter pause: called by each probing thread before each file (`IndexOptions.pause`).
    public static func index(library: Library, folder: String, jobs: Int? = nil, retryErrors: Bool = false,
                             prune: Bool = false, moveRoot: Bool = false,
                             progressBar: (any ProgressReporting)? = nil,
                             shouldStop: (@Sendable () -> Bool)? = nil,
                             pause: (@Sendable () -> Void)? = nil) throws(LibraryError) -> IndexReport {
        let store = library.store
        if store.isReadOnly { throw LibraryError.readOnlyDatabase(path: library.databasePath) }
        var options = IndexOptions()
        options.jobs = jobs
        options.retryErrors = retryErrors
        options.prune = prune
        options.moveRoot = moveRoot
        options.shouldStop = shouldStop
        options.pause = pause
        if let progressBar { options.progress = { progressBar.update($0) } }
        let summary: IndexSummary
        do {
            defer { progressBar?.finish() }
            summary = try store.index(folder: folder, options: options)
        }
        var prunedThumbnails: Int?
        if prune {
            prunedThumbnails = ThumbnailCache.removeRecordedFiles(
                summary.prunedThumbnailPaths, fromFolder: library.location.defaultThumbnailFolder)
        }
        return IndexReport(folder: folder, database: library.databasePath, summary: summary,
                           prunedThumbnails: prunedThumbnails)
    }
}
