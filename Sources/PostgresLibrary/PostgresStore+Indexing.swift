public import PhotoLibrary
import PostgresNIO
import ImageFormats
import struct Foundation.Data

/// An index run's writes in PostgreSQL: a batch is one statement per table, its rows bound as column arrays,
/// not one statement per file.
extension PostgresStore: IndexWriter {
    public func loadIndexState() throws(LibraryError) -> IndexState {
        try transaction("loading the index", mode: Self.snapshotMode) { session throws(LibraryError) in try session.indexState() }
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
            // In write order (unnest keeps it): a new library numbers its rows as SQLite does.
            if !upserts.isEmpty {
                let rows = upserts.map(\.columnValues)
                try session.execute(Self.unnestInsert(into: "photos", columns: LibrarySQL.photoRowColumns, kinds: LibrarySQL.photoRowKinds,
                                                      rows: rows, extra: ["first_seen", "last_seen"], now: now,
                                                      conflict: LibrarySQL.upsertConflictSQL), "writing index results")
            }
            if !others.isEmpty {
                let rows = others.map { [SQLValue.blob(Data($0.relativePath)), .integer($0.size), .integer($0.modificationTimeNanoseconds)] }
                try session.execute(Self.unnestInsert(into: "non_photos", columns: "path_bytes, file_size, mtime_ns", kinds: [.blob, .integer, .integer],
                                                      rows: rows, conflict: LibrarySQL.nonPhotoConflict), "writing index results")
            }
            // The batch's movies join their photos now (a photo later in path order: at the run's end).
            if !movies.isEmpty { try LivePhotoPairing.pair(SQLLivePhotoRows(session, .postgres), paths: movies) }
        }
    }

    public func finishIndexRun(missing: [Int64], forgottenNonPhotos: [[UInt8]], root: [UInt8], now: String,
                               rowsChanged: Bool) throws(LibraryError) -> Int {
        try transaction("finishing the index run") { session throws(LibraryError) in
            try session.finishIndexRun(missing: missing, forgottenNonPhotos: forgottenNonPhotos, root: root, now: now,
                                       rowsChanged: rowsChanged, .postgres)
        }
    }

    /// `INSERT INTO table (columns[, extra]) SELECT * FROM unnest(…)[, now…] conflict`: `rows` (each
    /// `kinds.count` values) bound as one array per column, `extra` columns set to `now`.
    static func unnestInsert(into table: String, columns: String, kinds: [SQLValue.Kind], rows: [[SQLValue]],
                             extra: [String] = [], now: String = "", conflict: String) -> PostgresQuery {
        var binds = PostgresBindings(capacity: kinds.count + 1)
        var arrays: [String] = []
        for (column, kind) in kinds.enumerated() {
            let array = PostgresColumnArray(kind, rows.map { $0[column] })
            binds.append(array)
            arrays.append("$\(binds.count)::\(array.elementTypeName)[]")
        }
        var selected = "*"
        if !extra.isEmpty {
            binds.append(now)
            selected += String(repeating: ", $\(binds.count)::text", count: extra.count)
        }
        let extraColumns = extra.map { ", " + $0 }.joined()
        return PostgresQuery(unsafeSQL: """
            INSERT INTO \(table) (\(columns)\(extraColumns)) SELECT \(selected) FROM unnest(\(arrays.joined(separator: ", ")))
            \(conflict)
            """, binds: binds)
    }
}
