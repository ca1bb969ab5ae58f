/// Where a photo row stands after the last index run (the `status` column).
public enum PhotoStatus: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// The header was read: sizes and orientation are known.
    case ok
    /// The file is a JPEG candidate that could not be read; `Photo.error` says why.
    case error
    /// The file is gone from its path; the row (and its id) is kept in case it comes back.
    case missing
}
