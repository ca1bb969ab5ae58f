/// A library's grid: its items in grid order, windows and sections from one snapshot, its version and the
/// announcements of its changes. Every method may block (but `gridAnnouncements`); errors are `LibraryError`s.
public protocol GridSource: AnyObject, Sendable {
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
}

extension GridSource {
    /// A store that announces nothing.
    public func gridAnnouncements() -> GridAnnouncements? { nil }
    /// The grid's items, all of them.
    public func gridEntries() throws(LibraryError) -> [GridEntry] { try gridEntries(nil) }
}

extension GridSource {
    /// Number of photos in the grid (a snapshot of its own).
    public func gridCount() throws(LibraryError) -> Int { try readTyped { grid throws(LibraryError) in try grid.count() } }

    /// The grid's photos at positions `range` (all of them when nil), in grid order (a snapshot of its own).
    public func gridEntries(_ range: Range<Int>?) throws(LibraryError) -> [GridEntry] {
        try readTyped { grid throws(LibraryError) in try grid.entries(range) }
    }

    /// `readGrid` of a body that throws only library errors.
    private func readTyped<T>(_ body: (any GridWindowReader) throws(LibraryError) -> T) throws(LibraryError) -> T {
        do { return try readGrid(body) } catch let error as LibraryError { throw error } catch {
            throw .database(operation: "reading the grid", message: "\(error)")
        }
    }
}
