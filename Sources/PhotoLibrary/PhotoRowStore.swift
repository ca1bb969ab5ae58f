/// A library's photo rows, read by grid order, page, content key or id. Every method may block; errors
/// are `LibraryError`s.
public protocol PhotoRowStore: AnyObject, Sendable {
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
}

extension PhotoRowStore {
    /// Every row in grid order.
    public func photos() throws(LibraryError) -> [Photo] { try photos(statuses: nil) }
    /// The readable rows whose content key is `contentKey`, by id.
    public func photos(contentKey: String) throws(LibraryError) -> [Photo] { try photos(contentKey: contentKey, limit: Int.max) }
    /// Rows `offset ..< offset + limit` of every status.
    public func photoPage(offset: Int, limit: Int) throws(LibraryError) -> (photos: [Photo], total: Int) {
        try photoPage(offset: offset, limit: limit, status: nil)
    }
}
