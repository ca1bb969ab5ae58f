import ImageFormats
public import PhotoLibrary
import Thumbnails
public import PhotoGridSupport
import Platform
import Indexing

/// `photogrid worker`: makes a library's thumbnails in claimed batches, beside any number of other
/// workers, `serve` nodes and `thumbs` runs on the same library (SQLite or PostgreSQL). A batch is a
/// claim (`LibraryStore.claimThumbnailWork`: photos lacking a current record, held by a lease), the
/// thumbnails made as `thumbs` makes them (same files, same records), and one transaction that records
/// them and drops the claim. A worker killed mid-batch loses nothing: its claim's lease ends and
/// another worker takes the photos.
public struct ThumbnailWorker: Sendable {
    /// What to make (sizes, folder, threads).
    public var request: ThumbnailRequest
    /// This worker's name in claims (`host:pid`).
    public var name: String
    /// How long a claim holds its photos, in seconds.
    public var leaseSeconds: Int
    /// Return when no photo needs work (else wait for more until stopped).
    public var untilDone: Bool
    /// How long to wait before looking for work again when there was none, with a store that announces
    /// nothing or cannot be reached. A store that announces changes wakes the worker at once with news (new
    /// photos, released claims); without news it waits until the soonest lease on work ends, if one does.
    public var idleInterval: Duration = .seconds(1)

    /// How long an idle worker waits without news: until the soonest lease on work ends (a second more: leases
    /// are kept in whole seconds), else for news alone; `idleInterval` when the store announces nothing.
    func idleWait(store: any ThumbnailLeaseStore & GridSource, variants: [ThumbnailVariant], announced: Bool) throws(LibraryThumbnailsError) -> Duration {
        guard announced else { return idleInterval }
        let endsIn: Int?
        do { endsIn = try store.soonestThumbnailLeaseEnd(variants: variants.map(\.name), worker: name) } catch { throw .library(error) }
        return endsIn.map { .seconds($0 + 1) } ?? .seconds(24 * 3600)
    }

    /// The default lease: a batch takes seconds; a worker gone longer than this is gone.
    public static let defaultLeaseSeconds = 60

    public init(request: ThumbnailRequest, name: String, leaseSeconds: Int = ThumbnailWorker.defaultLeaseSeconds, untilDone: Bool = false) {
        self.request = request
        self.name = name
        self.leaseSeconds = leaseSeconds
        self.untilDone = untilDone
    }

    /// Works on `library` until the calling task is cancelled (looked at between batches: the batch in hand
    /// is finished) or, with `untilDone`, until nothing needs work; `onBatch` sees the running totals after
    /// each batch. Batches run on a thread of `pool`; an idle worker awaits the store's announcements (new
    /// photos, released claims), the soonest lease's end or the cancellation, holding no thread.
    ///
    /// A database that stops answering mid-run (a PostgreSQL restart or failover) does not end the worker:
    /// `onTrouble` hears the error once, the worker tries again every `idleInterval` on new connections, and
    /// `onTrouble(nil)` says when the database answers again. What the broken batch made but did not record
    /// is made again once its claim's lease ends.
    public func run(library: Library, on pool: BlockingPool,
                    onBatch: (ThumbnailsSummary) -> Void = { _ in },
                    onTrouble: (LibraryError?) -> Void = { _ in }) async throws(LibraryThumbnailsError) -> ThumbnailsSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let store = library.store
        let (cache, variants) = try await pool.run { () throws(LibraryThumbnailsError) in try prepare(library) }
        var summary = ThumbnailsSummary(folder: cache.root, variants: variants.map(\.name), photos: 0)
        // A batch is a few seconds of work: its claim, records and release cost a few round trips, under 1 %.
        let batchSize = max(16, (request.jobs ?? IndexOptions.activeProcessorCount) * 8)
        var troubled = false
        // Announced changes (new photos, released claims, by any process) wake an idle worker.
        let announced = store.gridAnnouncements()
        work: while !Task.isCancelled {
            let seen = announced?.count ?? 0
            let before = summary
            do throws(LibraryThumbnailsError) {
                let done = try await pool.run { () throws(LibraryThumbnailsError) in
                    var summary = before
                    let worked = try batch(store: store, cache: cache, variants: variants, batchSize: batchSize, summary: &summary)
                    let idle = worked || untilDone ? nil : try idleWait(store: store, variants: variants, announced: announced != nil)
                    return (worked: worked, summary: summary, idle: idle)
                }
                summary = done.summary
                if troubled {
                    troubled = false
                    onTrouble(nil)
                }
                if done.worked {
                    summary.seconds = (clock.now - started).inSeconds
                    onBatch(summary)
                } else {
                    guard let idle = done.idle else { break work }  // --until-done: nothing is left
                    await Self.wait(for: announced, after: seen, timeout: idle)
                }
            } catch .library(let error) where error.isUnreachableDatabase {
                if !troubled { onTrouble(error) }
                troubled = true
                await Self.wait(for: nil, after: seen, timeout: idleInterval)  // news of a store that does not answer is no help
            }
        }
        // A stopped worker leaves no claim behind (best effort: the database may be away; the lease ends them).
        let name = self.name
        _ = await pool.run { try? store.dropThumbnailClaims(heldBy: { $0 == name }) }
        summary.seconds = (clock.now - started).inSeconds
        summary.warnings.sort { ($0.path, $0.variant) < ($1.path, $1.variant) }
        return summary
    }

    /// The thumbnail folder (checked, owned by this library) and the variants to make.
    private func prepare(_ library: Library) throws(LibraryThumbnailsError) -> (ThumbnailCache, [ThumbnailVariant]) {
        let variants: [ThumbnailVariant]
        do { variants = try request.variants() } catch { throw .usage(error) }
        let owner: String
        do { owner = try library.store.libraryID() } catch { throw .library(error) }
        do { return (try ThumbnailCache(root: request.folder(for: library.location), variants: variants, owner: owner), variants) } catch { throw .folder(error) }
    }

    /// Returns when `announcements` move past `seen`, `timeout` passes or the calling task is cancelled.
    static func wait(for announcements: GridAnnouncements?, after seen: Int, timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            if let announcements { group.addTask { await announcements.next(after: seen) } }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Claims a batch, makes it and records it; false when there was nothing to claim.
    private func batch(store: any LibraryStore, cache: ThumbnailCache, variants: [ThumbnailVariant], batchSize: Int,
                       summary: inout ThumbnailsSummary) throws(LibraryThumbnailsError) -> Bool {
        let photos: [Photo]
        let root: LibraryRoot?
        do throws(LibraryError) {
            root = try store.root()
            // Claims of ended processes go, and this worker's own: it holds claims only for the batch in
            // hand, so any it still has come from a batch a lost connection broke (renewed with every
            // batch since, they would outlive it by a lease).
            try store.dropThumbnailClaims(heldBy: { [name] holder in holder == name || Self.hasEnded(holder) })
            photos = root == nil ? [] : try store.claimThumbnailWork(variants: variants.map(\.name), worker: name,
                                                                      limit: batchSize, leaseSeconds: leaseSeconds)
        } catch {
            throw .library(error)
        }
        guard let root, !photos.isEmpty else { return false }
        summary.photos += photos.count
        var plan = ThumbnailWork()
        for variant in variants {
            let records: [Int64: ThumbnailRecord]
            do { records = try store.thumbnailRecords(variant: variant.name, photoIDs: photos.map(\.id)) } catch { throw .library(error) }
            for photo in photos {
                if cache.currentFile(records[photo.id], of: photo) != nil {
                    summary.skipped += 1
                    continue
                }
                plan.add(photo, variant: variant, root: root, cache: cache)
            }
        }
        let name = self.name, lease = leaseSeconds
        if !plan.jobs.isEmpty {
            // The claims are renewed every third of the lease while the batch runs: a batch that outlives
            // its lease (a slow disk, huge photos) is not taken over and made twice.
            let clock = ContinuousClock()
            var renewed = clock.now
            let renewal = Duration.milliseconds(lease * 1000 / 3)
            try LibraryThumbnails.run(plan, store: store, cache: cache, request: request, summary: &summary, progressBar: nil,
                                      save: { (records) throws(LibraryError) in
                try store.completeThumbnailWork(records, photoIDs: [], worker: name)
            }, tick: { () throws(LibraryError) in
                guard clock.now - renewed >= renewal else { return }
                renewed = clock.now
                try store.renewThumbnailClaims(worker: name, leaseSeconds: lease)
            })
        }
        // The batch is done: its claims go (what was recorded above, and what needed nothing).
        do { try store.completeThumbnailWork([], photoIDs: photos.map(\.id), worker: name) } catch { throw .library(error) }
        return true
    }

    /// This process's name in claims: `host:pid`.
    public static func processName() -> String { "\(hostName()):\(getpid())" }

    /// This machine's name.
    static func hostName() -> String {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the claimant `name` (`host:pid`) is a process of this machine.
    public static func isOfThisMachine(_ name: String) -> Bool {
        guard let colon = name.lastIndex(of: ":") else { return false }
        return name[..<colon] == hostName()
    }

    /// Whether the claimant `name` (`host:pid`) is a process of this machine that no longer runs: its
    /// claims need not wait for their lease (a `thumbs` stopped with Ctrl-C, a worker killed).
    public static func hasEnded(_ name: String) -> Bool {
        guard let pid = localProcess(name) else { return false }
        return kill(pid, 0) == -1 && errno == ESRCH
    }

    /// The process id of the claimant `name` (`host:pid`) when it is a process of this machine.
    static func localProcess(_ name: String) -> pid_t? {
        guard let colon = name.lastIndex(of: ":"), let pid = pid_t(name[name.index(after: colon)...]), pid > 0,
              name[..<colon] == hostName() else { return nil }
        return pid
    }
}
