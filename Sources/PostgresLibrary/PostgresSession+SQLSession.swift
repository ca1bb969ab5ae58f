public import PhotoLibrary
import PostgresNIO

/// A pooled connection's statements (`SQLSession`): what the statements written once run on in PostgreSQL.
extension PostgresSession: SQLSession {
    public func rows(_ sql: String, _ values: [SQLValue], _ operation: String) throws(LibraryError) -> [PostgresStoreRow] {
        try rows(Self.query(sql, values), operation).map { PostgresStoreRow(row: $0.makeRandomAccess()) }
    }

    /// The rows are collected first: a row handed over as it arrives would run on the connection's event loop.
    public func forEachRow(_ sql: String, _ values: [SQLValue], _ operation: String,
                           _ body: (PostgresStoreRow) throws(LibraryError) -> Void) throws(LibraryError) {
        for row in try rows(Self.query(sql, values), operation) { try body(PostgresStoreRow(row: row.makeRandomAccess())) }
    }

    @discardableResult
    public func execute(_ sql: String, _ values: [SQLValue], _ operation: String) throws(LibraryError) -> Int {
        try execute(Self.query(sql, values), operation)
    }

    /// `sql` with `values` bound in order ($1, $2, …).
    static func query(_ sql: String, _ values: [SQLValue]) -> PostgresQuery {
        var binds = PostgresBindings(capacity: values.count)
        append(values, to: &binds)
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// Appends `values` to `binds`, in order.
    static func append(_ values: [SQLValue], to binds: inout PostgresBindings) {
        for value in values {
            switch value {
            case .null: binds.appendNull()
            case .integer(let number): binds.append(number)
            case .real(let number): binds.append(number)
            case .text(let text): binds.append(text)
            case .blob(let data): binds.append(ByteBuffer(bytes: data))
            }
        }
    }
}

extension PostgresStore: SQLStore {
    public var dialect: SQLDialect { .postgres }

    public func readStatements<T>(_ operation: String, _ body: (PostgresSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try session(body)
    }

    public func readSnapshot<T>(_ operation: String, _ body: (PostgresSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try transaction(operation, mode: Self.snapshotMode, body)
    }

    public func writeTransaction<T>(_ operation: String, _ body: (PostgresSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try transaction(operation, body)
    }
}
