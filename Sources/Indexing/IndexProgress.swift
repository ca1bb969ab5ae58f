import PhotoLibrary
/// Where an index run is, for a progress bar. Reported on the indexing thread.
public struct IndexProgress: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// Listing folders; `done` counts files found so far, `total` is 0 (not known yet).
        case walking
        /// Probing and writing; `total` is exact (the walk ran first).
        case indexing
    }

    public var phase: Phase
    /// Files handled (unchanged files count as done at once).
    public var done: Int
    /// JPEG candidates plus files that must be opened to know whether they are JPEGs.
    public var total: Int

    public init(phase: Phase, done: Int, total: Int) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}
