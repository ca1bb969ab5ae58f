public import PhotoLibrary
import GRDB

/// A GRDB connection's statements (`SQLSession`): what the statements written once run on in SQLite.
public struct SQLiteSession: SQLSession {
    let db: Database
    /// The library being opened, when errors are to be told as opening errors (`SQLiteStore.opening`: a busy
    /// database is `.databaseBusy`, which opening waits out).
    var opening: String? = nil

    public func rows(_ sql: String, _ values: [SQLValue], _ operation: String) throws(LibraryError) -> [SQLiteRow] {
        try typed(operation) { try GRDB.Row.fetchAll(db, sql: Self.numbered(sql), arguments: Self.arguments(values)).map(SQLiteRow.init) }
    }

    public func forEachRow(_ sql: String, _ values: [SQLValue], _ operation: String,
                           _ body: (SQLiteRow) throws(LibraryError) -> Void) throws(LibraryError) {
        try typed(operation) {
            let rows = try GRDB.Row.fetchCursor(db, sql: Self.numbered(sql), arguments: Self.arguments(values))
            while let row = try rows.next() { try body(SQLiteRow(row: row)) }
        }
    }

    @discardableResult
    public func execute(_ sql: String, _ values: [SQLValue], _ operation: String) throws(LibraryError) -> Int {
        try typed(operation) {
            try db.execute(sql: Self.numbered(sql), arguments: Self.arguments(values))
            return db.changesCount
        }
    }

    /// `body`'s result, its GRDB errors as library errors.
    private func typed<T>(_ operation: String, _ body: () throws -> T) throws(LibraryError) -> T {
        guard let opening else { return try SQLiteStore.typed(operation, body) }
        return try SQLiteStore.opening(opening, body)
    }

    /// `sql` with its placeholders `$N` spelled `?N`: SQLite reads `$1` as a parameter named "$1", numbered
    /// where it first appears, so `… $2 … $1` would bind the values the wrong way round.
    static func numbered(_ sql: String) -> String {
        var bytes = Array(sql.utf8), quoted = false
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "'") { quoted.toggle() }
            if !quoted, bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index + 1]) {
                bytes[index] = UInt8(ascii: "?")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `values` bound by position (`?N`, `numbered`'s spelling of `$N`, is the Nth).
    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case .null: nil
            case .integer(let number): number
            case .real(let number): number
            case .text(let text): text
            case .blob(let data): data
            }
        })
    }
}

extension SQLiteStore: SQLStore {
    public var dialect: SQLDialect { .sqlite }

    public func readStatements<T>(_ operation: String, _ body: (SQLiteSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try read(operation) { db in try body(SQLiteSession(db: db)) }
    }

    /// A reader's statements see one snapshot already.
    public func readSnapshot<T>(_ operation: String, _ body: (SQLiteSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try read(operation) { db in try body(SQLiteSession(db: db)) }
    }

    public func writeTransaction<T>(_ operation: String, _ body: (SQLiteSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try write(operation) { db in try body(SQLiteSession(db: db)) }
    }
}
