/// What the database knows about a photo row, as much as the indexer needs to classify a walked file.
package struct KnownPhoto: Sendable, Equatable {
    package var id: Int64
    package var size: Int64
    package var modificationTimeNanoseconds: Int64
    package var status: PhotoStatus
    package var contentKey: String?
    /// An error row whose error may go away without the file changing (`ProbeErrorRetry`).
    package var hasTransientError = false

    package init(id: Int64, size: Int64, modificationTimeNanoseconds: Int64, status: PhotoStatus, contentKey: String?, hasTransientError: Bool = false) {
        (self.id, self.size, self.modificationTimeNanoseconds) = (id, size, modificationTimeNanoseconds)
        (self.status, self.contentKey, self.hasTransientError) = (status, contentKey, hasTransientError)
    }
}

/// A file remembered as not being a JPEG candidate.
package struct KnownNonPhoto: Sendable, Equatable {
    package var size: Int64
    package var modificationTimeNanoseconds: Int64

    package init(size: Int64, modificationTimeNanoseconds: Int64) {
        (self.size, self.modificationTimeNanoseconds) = (size, modificationTimeNanoseconds)
    }
}

/// The database's view of the folder before an index run.
public struct IndexState: Sendable {
    package var photos: [[UInt8]: KnownPhoto] = [:]
    package var nonPhotos: [[UInt8]: KnownNonPhoto] = [:]

    package init() {}
}
