import Logging
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Synchronization

/// `GET /api/v1/duplicates`: the groups the library's kept signatures give, answered at once; the
/// signatures missing are made meanwhile on a thread of their own, one run at a time, so a later request
/// sees more (its `pending` counts the photos left). Stopping the server stops a run after its current
/// signatures (those made are kept).
final class DuplicatesService: Sendable {
    let library: Library
    let readers: BlockingPool
    /// The signature runs' thread.
    private let runs = BlockingPool(threads: 1)
    /// Threads of a run's fan-out.
    private let jobs: Int
    private let running = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let logger: Logger

    init(library: Library, readers: BlockingPool, jobs: Int, logger: Logger) {
        self.library = library
        self.readers = readers
        self.jobs = jobs
        self.logger = logger
    }

    /// The duplicates document from the kept signatures; starts a run when some are missing.
    func document() async throws -> [UInt8] {
        let document = try await readers.run { [library] () throws(LibraryError) in
            try LibraryDuplicates.find(library: library, makeSignatures: false, thumbnailPrefix: GalleryAPI.thumbnailURL(""))
        }
        if document.pending > 0 { startRun() }
        return try DocumentEncoding.bytes(document)
    }

    /// Makes the missing signatures in the background, unless a run is on.
    private func startRun() {
        guard !stopping.load(ordering: .relaxed),
              running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        let submitted = runs.submit { [self] in
            defer { running.store(false, ordering: .releasing) }
            do {
                let made = try LibraryDuplicates.find(library: library, jobs: jobs) { [self] in stopping.load(ordering: .relaxed) }
                logger.info("picture signatures made: \(made.signaturesMade), \(made.groups.count) groups of copies")
            } catch {
                logger.error("making picture signatures: \(error)")
            }
        }
        if !submitted { running.store(false, ordering: .releasing) }
    }

    /// Stops a run after its current signatures and waits for it.
    func shutdown() async {
        stopping.store(true, ordering: .relaxed)
        await runs.shutdown()
    }
}
