/// What a library is and where it is kept: its location, folder, identity, totals and schema, and whether
/// it can be reached. Every method may block; errors are `LibraryError`s.
public protocol LibraryMetadataStore: AnyObject, Sendable {
    /// Where the library is kept.
    var location: LibraryLocation { get }
    /// Where it is kept, as shown to the user (a database file's path, a URL without its password).
    var path: String { get }
    /// Whether opening it made it (a new, empty library).
    var createdFile: Bool { get }
    /// Whether it can only be read (no index run, no thumbnail records).
    var isReadOnly: Bool { get }

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
    /// Throws when the store cannot be reached now (a database server down); returns at once for a local
    /// file. For a health check.
    func checkReachable() throws(LibraryError)
}

extension LibraryMetadataStore {
    /// A local file is always there to ask.
    public func checkReachable() throws(LibraryError) {}
}
