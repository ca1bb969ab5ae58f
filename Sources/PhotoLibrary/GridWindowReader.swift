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

extension GridWindowReader {
    /// All of the grid's items, in grid order.
    public func entries() throws(LibraryError) -> [GridEntry] { try entries(nil) }
}
