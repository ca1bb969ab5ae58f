public import PhotoLibrary
import PhotoGridSupport

extension Library {
    /// Indexes `folder` into this library without blocking the caller: the run goes on a thread of its
    /// own (`BlockingWork`) and the caller awaits its report; `progress` is called from that thread.
    /// What a server's request handler or start-up calls; the command line uses
    /// `LibraryIndexing.index(library:…)` directly.
    public func index(folder: String, jobs: Int? = nil, retryErrors: Bool = false, prune: Bool = false,
                      moveRoot: Bool = false, progress: (any ProgressReporting)? = nil,
                      shouldStop: (@Sendable () -> Bool)? = nil,
                      pause: (@Sendable () -> Void)? = nil) async throws(LibraryError) -> IndexReport {
        try await BlockingWork.run { () throws(LibraryError) -> IndexReport in
            try LibraryIndexing.index(library: self, folder: folder, jobs: jobs, retryErrors: retryErrors,
                                      prune: prune, moveRoot: moveRoot, progressBar: progress, shouldStop: shouldStop,
                                      pause: pause)
        }
    }

    /// Makes the thumbnails `request` asks for (as `LibraryThumbnails.make(library:request:)`) on a
    /// thread of its own, awaited by the caller; `progress` is called from the work's thread.
    public func makeThumbnails(_ request: ThumbnailRequest,
                               progress: (any ProgressReporting)? = nil) async throws(ThumbnailsError) -> ThumbnailsReport {
        try await BlockingWork.run { () throws(ThumbnailsError) -> ThumbnailsReport in
            try LibraryThumbnails.make(library: self, request: request, progressBar: progress)
        }
    }
}
