import Logging
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Synchronization
import Indexing

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
    /// Signature batches saved and runs ended so far: the copies found may have changed with each.
    private let changes = SignatureChanges()
    /// The copies not kept, and the grid version and signature changes they were found at.
    private let hidden = LockedValue<(gridVersion: Int, changes: Int, ids: Set<Int64>)?>(nil)
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

    /// The ids of the copies the groups do not keep (what `hide=copies` leaves out of the grid): found
    /// again when the grid or the kept signatures changed, else remembered.
    func copiesNotKept() async throws -> Set<Int64> {
        let ended = changes.count
        let version = try await readers.run { [library] () throws(LibraryError) in try library.store.gridVersion() }
        if let known = hidden.withLock({ $0 }), known.gridVersion == version, known.changes == ended { return known.ids }
        let document = try await readers.run { [library] () throws(LibraryError) in
            try LibraryDuplicates.find(library: library, makeSignatures: false)
        }
        if document.pending > 0 { startRun() }
        let ids = Set(document.others.map(\.id))
        hidden.withLock { $0 = (version, ended, ids) }
        return ids
    }

    /// Makes the missing signatures in the background, unless a run is on.
    private func startRun() {
        guard !stopping.load(ordering: .relaxed),
              running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        let submitted = runs.submit { [self] in
            defer {
                changes.update(IndexProgress(phase: .indexing, done: 0, total: 0))
                running.store(false, ordering: .releasing)
            }
            do {
                let made = try LibraryDuplicates.find(library: library, jobs: jobs, progress: changes) { [self] in
                    stopping.load(ordering: .relaxed)
                }
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

/// Counts the signature batches a background run saves (each reported as progress) and the runs' ends.
final class SignatureChanges: ProgressReporting {
    private let counter = Atomic<Int>(0)

    var count: Int { counter.load(ordering: .acquiring) }
    func update(_ progress: IndexProgress) { counter.add(1, ordering: .releasing) }
    func finish() {}
}
