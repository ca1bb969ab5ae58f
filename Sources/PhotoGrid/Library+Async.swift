public import PhotoGridSupport
public import PhotoLibrary

extension Library {
    /// Indexes `folder` into this library without blocking the caller: the run goes on a thread of
    /// `pool` and the caller awaits its report; `progress` is called from that thread. What a server
    /// calls; the command line uses `LibraryIndexing.index(library:…)` directly.
    public func index(folder: String, on pool: BlockingPool, jobs: Int? = nil, retryErrors: Bool = false,
                      prune: Bool = false, moveRoot: Bool = false, progress: (any ProgressReporting)? = nil,
                      shouldStop: (@Sendable () -> Bool)? = nil,
                      pause: (@Sendable () -> Void)? = nil) async throws(LibraryError) -> IndexReport {
        try await pool.run { () throws(LibraryError) -> IndexReport in
            try LibraryIndexing.index(library: self, folder: folder, jobs: jobs, retryErrors: retryErrors,
                                      prune: prune, moveRoot: moveRoot, progressBar: progress, shouldStop: shouldStop,
                                      pause: pause)
        }
    }
}
