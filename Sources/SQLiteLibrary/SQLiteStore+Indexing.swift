public import PhotoLibrary
import ImageFormats
import CSQLiteShims
import GRDB
import struct Foundation.Data

extension SQLiteStore {
    /// `SQLSession.indexState`, read on the writer connection: an index run then opens one SQLite connection, not two.
    public func loadIndexState() throws(LibraryError) -> IndexState {
        try readOnWriter("loading the index") { db in try SQLiteSession(db: db).indexState() }
    }

    /// Applies `writes` in one transaction. `now` is the run's start time (first_seen/last_seen).
    public func apply(_ writes: [PendingWrite], now: String) throws(LibraryError) {
        if writes.isEmpty { return }
        try write("writing index results") { db in
            let upsert = try db.cachedStatement(sql: Self.upsertPhotoSQL)
            var movies: [[UInt8]] = []
            for pending in writes {
                switch pending {
                case let .photo(values):
                    try upsert.execute(arguments: Self.arguments(values, now: now))
                    if values.facts?.format.isVideo == true { movies.append(values.file.relativePath) }
                case let .move(id, values):
                    let move = try db.cachedStatement(sql: SQLiteSession.numbered(LibrarySQL.movePhoto))
                    try move.execute(arguments: Self.arguments(values, now: now, id: id))
                    // The new path got a row meanwhile (another process): update that one instead.
                    if db.changesCount == 0 { try upsert.execute(arguments: Self.arguments(values, now: now)) }
                    if values.facts?.format.isVideo == true { movies.append(values.file.relativePath) }
                case let .nonPhoto(file):
                    try db.cachedStatement(sql: Self.upsertNonPhotoSQL).execute(arguments: [
                        Data(file.relativePath), file.size, file.modificationTimeNanoseconds,
                    ])
                }
            }
            // The batch's movies join their photos now (a photo later in path order: at the run's end).
            if !movies.isEmpty { try LivePhotoPairing.pair(SQLLivePhotoRows(SQLiteSession(db: db), .sqlite), paths: movies) }
        }
    }

    public func finishIndexRun(missing: [Int64], forgottenNonPhotos: [[UInt8]], root: [UInt8],
                               now: String, rowsChanged: Bool = true) throws(LibraryError) -> Int {
        try write("finishing the index run") { db in
            try SQLiteSession(db: db).finishIndexRun(missing: missing, forgottenNonPhotos: forgottenNonPhotos, root: root, now: now,
                                                     rowsChanged: rowsChanged, .sqlite)
        }
    }

    /// Closes the database without checkpointing the WAL into it (SQLite checkpoints when the last
    /// connection closes). For a run that wrote only its one-row run record: the checkpoint (a page
    /// and three syncs) was a tenth of an unchanged rescan of 1,000 files, and the record waits in the
    /// WAL, read from there, for the next checkpoint (after the next run that writes rows, or
    /// SQLite's automatic one). Best effort.
    func skipCheckpointOnClose() {
        pool.writeWithoutTransaction { db in
            _ = pgsqlite_skip_checkpoint_on_close(db.sqliteConnection)
        }
    }

    /// Checkpoints the WAL into the database file and waits until the next write can start the WAL
    /// over. Called after a run wrote rows: with a persistent WAL, the next process to open the
    /// database then recovers only the few frames written after this (not every frame of the run).
    /// Best effort: a failure (another process reading for too long) only costs that recovery.
    func restartWAL() {
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.restart) }
    }

    // MARK: - SQL

    /// One row's upsert: `$1` the run's start (first_seen and last_seen), `$2`… `LibrarySQL.photoRowColumns`.
    static let upsertPhotoSQL = SQLiteSession.numbered("""
        INSERT INTO photos (\(LibrarySQL.photoRowColumns), first_seen, last_seen)
        VALUES (\(SQLValue.placeholders(25, from: 2)), $1, $1)
        \(LibrarySQL.upsertConflictSQL)
        """)

    static let upsertNonPhotoSQL = """
        INSERT INTO non_photos (path_bytes, file_size, mtime_ns) VALUES (?, ?, ?)
        \(LibrarySQL.nonPhotoConflict)
        """

    /// The values of `upsertPhotoSQL`, and of `LibrarySQL.movePhoto` with the moved row's `id`.
    static func arguments(_ values: PhotoRowValues, now: String, id: Int64? = nil) -> StatementArguments {
        SQLiteSession.arguments([.text(now)] + values.columnValues + (id.map { [.integer($0)] } ?? []))
    }
}
