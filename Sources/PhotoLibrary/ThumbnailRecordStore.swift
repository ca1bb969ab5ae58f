/// What a library records of the thumbnails made of its photos, by photo and variant, and what waits for
/// one. Every method may block; errors are `LibraryError`s.
public protocol ThumbnailRecordStore: AnyObject, Sendable {
    /// The thumbnail made of photo `photoID` for `variant`, if recorded.
    func thumbnailRecord(photoID: Int64, variant: String) throws(LibraryError) -> ThumbnailRecord?
    /// Every recorded thumbnail of `variant`, by photo id.
    func thumbnailRecords(variant: String) throws(LibraryError) -> [Int64: ThumbnailRecord]
    /// The recorded thumbnails of `variant` of the photos `photoIDs`, by photo id.
    func thumbnailRecords(variant: String, photoIDs: [Int64]) throws(LibraryError) -> [Int64: ThumbnailRecord]
    /// The relative paths of `variant`'s recorded thumbnails, by photo id.
    func thumbnailPaths(variant: String) throws(LibraryError) -> [Int64: String]
    /// The relative paths that some row's record of `variant` still names.
    func referencedThumbnailPaths(variant: String) throws(LibraryError) -> Set<String>
    /// Records thumbnails made (one transaction).
    func saveThumbnailRecords(_ records: [ThumbnailRecord], now: String?) throws(LibraryError)
    /// The photos waiting for a thumbnail of the recorded variants (`defaultVariants` when none is
    /// recorded) and the workers seen claiming them.
    func thumbnailQueue(defaultVariants: [String]) throws(LibraryError) -> ThumbnailQueue
    /// Forgets the records of every variant but `kept`; returns how many went.
    @discardableResult
    func deleteThumbnailRecords(keepingVariants kept: Set<String>) throws(LibraryError) -> Int
}

extension ThumbnailRecordStore {
    /// Records thumbnails made now.
    public func saveThumbnailRecords(_ records: [ThumbnailRecord]) throws(LibraryError) { try saveThumbnailRecords(records, now: nil) }
}
