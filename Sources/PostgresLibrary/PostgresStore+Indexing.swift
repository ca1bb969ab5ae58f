public import PhotoLibrary
import PostgresNIO
import ImageFormats
import struct Foundation.Data

/// An index run's writes in PostgreSQL: a batch is a few multi-row statements (a round trip each),
/// not one statement per file.
extension PostgresStore: IndexWriter {
    /// Rows per INSERT statement: 26 parameters a row stays under PostgreSQL's 65,535.
    static let rowsPerStatement = 1000

    public func loadIndexState() throws(LibraryError) -> IndexState {
        try transaction("loading the index", mode: Self.snapshotMode) { session throws(LibraryError) in
            var state = IndexState()
            let photos = try session.rows(PostgresQuery(unsafeSQL: LibrarySQL.indexedPhotos), "loading the index")
            state.photos.reserveCapacity(photos.count)
            for row in photos {
                let row = row.makeRandomAccess()
                let status = PhotoStatus(rawValue: try row.value("status", String.self)) ?? .error
                let error: String? = try row.value("error")
                state.photos[[UInt8](try row.value("path_bytes", Data.self))] = KnownPhoto(
                    id: try row.value("id"), size: try row.value("file_size"), modificationTimeNanoseconds: try row.value("mtime_ns"),
                    status: status, contentKey: try row.value("content_key"),
                    hasTransientError: status == .error && ProbeErrorRetry.isTransient(error))
            }
            for row in try session.rows(PostgresQuery(unsafeSQL: LibrarySQL.indexedNonPhotos), "loading the index") {
                let row = row.makeRandomAccess()
                state.nonPhotos[[UInt8](try row.value("path_bytes", Data.self))] = KnownNonPhoto(
                    size: try row.value("file_size"), modificationTimeNanoseconds: try row.value("mtime_ns"))
            }
            return state
        }
    }

    public func apply(_ writes: [PendingWrite], now: String) throws(LibraryError) {
        if writes.isEmpty { return }
        try transaction("writing index results") { session throws(LibraryError) in
            var upserts: [PhotoRowValues] = [], others: [WalkedFile] = [], movies: [[UInt8]] = []
            for pending in writes {
                switch pending {
                case let .photo(values):
                    upserts.append(values)
                    if values.facts?.format.isVideo == true { movies.append(values.file.relativePath) }
                case let .move(id, values):
                    let moved = try session.execute(LibrarySQL.movePhoto, [.text(now)] + values.columnValues + [.integer(id)], "writing index results")
                    // The new path got a row meanwhile (another process): update that one instead.
                    if moved == 0 { upserts.append(values) }
                    if values.facts?.format.isVideo == true { movies.append(values.file.relativePath) }
                case let .nonPhoto(file):
                    others.append(file)
                }
            }
            // In write order: a new library numbers its rows as SQLite does.
            for start in stride(from: 0, to: upserts.count, by: Self.rowsPerStatement) {
                let chunk = upserts[start ..< min(start + Self.rowsPerStatement, upserts.count)]
                var binds = Self.binds(now)
                var rows: [String] = []
                for values in chunk {
                    let first = binds.count + 1
                    PostgresSession.append(values.columnValues, to: &binds)
                    rows.append("(" + LibrarySQL.photoRowTypes.enumerated().map { "$\(first + $0.offset)::\($0.element)" }
                        .joined(separator: ", ") + ", $1, $1)")
                }
                try session.execute(PostgresQuery(unsafeSQL: """
                    INSERT INTO photos (\(LibrarySQL.photoRowColumns), first_seen, last_seen) VALUES \(rows.joined(separator: ", "))
                    \(LibrarySQL.upsertConflictSQL)
                    """, binds: binds), "writing index results")
            }
            for start in stride(from: 0, to: others.count, by: Self.rowsPerStatement) {
                var binds = PostgresBindings()
                var rows: [String] = []
                for file in others[start ..< min(start + Self.rowsPerStatement, others.count)] {
                    rows.append("($\(binds.count + 1)::bytea, $\(binds.count + 2)::bigint, $\(binds.count + 3)::bigint)")
                    binds.append(ByteBuffer(bytes: file.relativePath))
                    binds.append(file.size)
                    binds.append(file.modificationTimeNanoseconds)
                }
                try session.execute(PostgresQuery(unsafeSQL: """
                    INSERT INTO non_photos (path_bytes, file_size, mtime_ns) VALUES \(rows.joined(separator: ", "))
                    \(LibrarySQL.nonPhotoConflict)
                    """, binds: binds), "writing index results")
            }
            // The batch's movies join their photos now (a photo later in path order: at the run's end).
            if !movies.isEmpty {
                do { try LivePhotoPairing.pair(SQLLivePhotoRows(session, .postgres), paths: movies) } catch {
                    throw Self.typed(error, "pairing Live Photos")
                }
            }
        }
    }

    public func finishIndexRun(missing: [Int64], forgottenNonPhotos: [[UInt8]], root: [UInt8], now: String,
                               rowsChanged: Bool) throws(LibraryError) -> Int {
        try transaction("finishing the index run") { session throws(LibraryError) in
            let operation = "finishing the index run"
            if !missing.isEmpty {
                try session.execute(PostgresQuery(unsafeSQL: """
                    UPDATE photos SET status = 'missing', error = NULL,
                        last_seen = GREATEST(last_seen, coalesce((SELECT last_indexed_at FROM library WHERE id = 1), last_seen))
                    WHERE id = ANY($1) AND status <> 'missing'
                    """, binds: Self.binds(missing)), operation)
            }
            if !forgottenNonPhotos.isEmpty {
                var binds = PostgresBindings()
                binds.append(forgottenNonPhotos.map { ByteBuffer(bytes: $0) })
                try session.execute(PostgresQuery(unsafeSQL: "DELETE FROM non_photos WHERE path_bytes = ANY($1)", binds: binds), operation)
            }
            try session.execute(PostgresQuery(unsafeSQL: LibrarySQL.recordRoot,
                                              binds: Self.binds(ByteBuffer(bytes: root), PathBytes.displayText(root), now)), operation)
            // Pairs can change only where rows did.
            if rowsChanged || !missing.isEmpty {
                do { try LivePhotoPairing.check(SQLLivePhotoRows(session, .postgres)) } catch {
                    throw Self.typed(error, "pairing Live Photos")
                }
            }
            let rows = try session.rows("SELECT count(*) AS missing FROM photos WHERE status = 'missing'", operation)
            return try rows.first?.makeRandomAccess().value("missing", Int.self) ?? 0
        }
    }

    /// `error` as a `LibraryError` (what `LivePhotoRows`' untyped throws carry).
    static func typed(_ error: any Error, _ operation: String) -> LibraryError {
        (error as? LibraryError) ?? .database(operation: operation, message: "\(error)")
    }
}
