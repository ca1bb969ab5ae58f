import JPEG
import ImageFormats
public import PhotoLibrary
public import Thumbnails
public import PhotoGridSupport
import Platform
import Indexing

/// Why `photogrid thumbs` could not run at all (per-photo failures are not errors of the run).
public enum LibraryThumbnailsError: WrappingFailure, Equatable {
    /// The database could not be opened, read or written.
    case library(LibraryError)
    /// The thumbnail folder could not be created, locked or written.
    case folder(ThumbnailError)
    /// The request is not valid (`ThumbnailRequest.validate()` says why).
    case usage(UsageError)
    /// The thumbnail folder's disk (or the user's quota) is full — ENOSPC or EDQUOT, `errno` — so the run
    /// stopped making thumbnails at the first such failure, after `made` (recorded) in this run.
    case outOfSpace(folder: String, made: Int, errno: Int32)

    public var description: String {
        switch self {
        case .library(let error): return error.description
        case .folder(let error): return "thumbnail folder: \(error.description)"
        case .usage(let error): return error.description
        case let .outOfSpace(folder, made, errno):
            return "no space left on \(folder) (\(ThumbnailError.reason(errno))): stopped after \(CountText.grouped(made)) made"
        }
    }

    /// The error it carries (nil: none, a full disk).
    public var cause: (any PhotoGridFailure)? {
        switch self {
        case .library(let error): return error
        case .folder(let error): return error
        case .usage(let error): return error
        case .outOfSpace: return nil
        }
    }

    public var uncausedKind: FailureKind { .storageFull }
    public func message(naming: (String) -> String) -> String {
        guard let cause, !(cause is ThumbnailError) else { return description }
        return cause.message(naming: naming)
    }
}

/// `photogrid thumbs`: grid (and detail) thumbnails for every indexed photo, kept up to date in a
/// thumbnail folder and recorded in the library database (see docs/commands.md).
///
/// For each photo with status ok and each variant, the thumbnail is skipped when its record is current (made from the
/// photo's present content key, size and mtime) and its file exists with the recorded byte size; otherwise it is made
/// again. Identical photos (same content key) share one file, made once. Results are written in batches (`batchSize`,
/// `batchInterval`); a thumbnail that cannot be made gets an error record and is retried on the next run. A photo whose
/// data is damaged but decodes (truncated, no end-of-image marker, corrupt bytes) gets the thumbnail libjpeg's decode
/// gives, the damage recorded as its warning; the summary lists the warnings of every current thumbnail, made now or
/// before. At the end, files of those variants that no record refers to any more are removed (and, with `prune`, every
/// other size's files and records). The folder must belong to this library (`ThumbnailCache`); a run that fails removes
/// the folder again if it made it.
public enum LibraryThumbnails {
    /// Records are committed after this many…
    static let batchSize = 500
    /// …or when the oldest has waited this long.
    static let batchInterval: Duration = .milliseconds(250)

    /// Makes the thumbnails `request` asks for, for the library at `database` (which must exist).
    ///
    /// - Parameter progressBar: drawn while thumbnails are made (nil when stderr is not a terminal).
    /// - Throws: `.library` for database errors, `.folder` when the thumbnail folder is unusable.
    ///   Validate `request` first (`ThumbnailRequest.validate()`): its problems are usage errors.
    public static func make(database: LibraryLocation, request: ThumbnailRequest,
                            progressBar: (any ProgressReporting)? = nil) throws(LibraryThumbnailsError) -> ThumbnailsReport {
        do { _ = try request.variants() } catch { throw .usage(error) }
        let library: Library
        do { library = try Library.open(database) } catch { throw .library(error) }
        return try make(library: library, request: request, progressBar: progressBar)
    }

    /// `make(database:…)` for a library already open.
    public static func make(library: Library, request: ThumbnailRequest,
                            progressBar: (any ProgressReporting)? = nil) throws(LibraryThumbnailsError) -> ThumbnailsReport {
        let clock = ContinuousClock()
        let started = clock.now
        let variants: [ThumbnailVariant]
        do { variants = try request.variants() } catch { throw .usage(error) }
        let database = library.databasePath
        let folder = request.folder(for: library.location)

        let store = library.store
        let photos: [Photo]
        let root: LibraryRoot?
        let owner: String
        do throws(LibraryError) {
            if store.isReadOnly { throw .readOnlyDatabase(path: database) }
            owner = try store.libraryID()
            root = try store.root()
            // A library whose folder moved: one line, not one failure per photo.
            if let root, !root.isFolder { throw .libraryFolderGone(path: root.path) }
            photos = root == nil ? [] : try store.photos(statuses: [.ok])
        } catch {
            throw .library(error)
        }
        let cache: ThumbnailCache
        do { cache = try ThumbnailCache(root: folder, variants: variants, owner: owner) } catch { throw .folder(error) }
        do {
            var summary = try update(cache, store: store, photos: photos, root: root, variants: variants,
                                     request: request, progressBar: progressBar)
            summary.seconds = (clock.now - started).inSeconds
            return ThumbnailsReport(database: database, summary: summary)
        } catch {
            // A failed run leaves no thumbnail folder it made (but for a full disk's: what it holds is recorded).
            if case .outOfSpace = error {} else { cache.created?.remove() }
            throw error
        }
    }

    /// Makes what is missing or stale in `cache`, records it, and removes what no record uses.
    private static func update(_ cache: ThumbnailCache, store: any LibraryStore, photos: [Photo], root: LibraryRoot?,
                               variants: [ThumbnailVariant], request: ThumbnailRequest,
                               progressBar: (any ProgressReporting)?) throws(LibraryThumbnailsError) -> ThumbnailsSummary {
        var summary = ThumbnailsSummary(folder: cache.root, variants: variants.map(\.name), photos: photos.count)
        var plan = ThumbnailWork()
        var recordsByVariant: [[Int64: ThumbnailRecord]] = []
        for variant in variants {
            do { recordsByVariant.append(try store.thumbnailRecords(variant: variant.name)) } catch { throw .library(error) }
        }
        // Photo by photo (each photo's sizes together): what is claimed is a photo, for all its sizes.
        for photo in photos {
            for (variant, records) in zip(variants, recordsByVariant) {
                if let file = cache.currentFile(records[photo.id], of: photo) {
                    summary.skipped += 1
                    if let warning = file.warning {
                        summary.warnings.append(ThumbnailsSummary.Warning(
                            id: photo.id, path: photo.path, pathBytes: PathBytesField.base64IfNotUTF8(photo.pathBytes),
                            variant: variant.name, warning: warning))
                    }
                    continue
                }
                guard let root else { continue }
                plan.add(photo, variant: variant, root: root, cache: cache)
            }
        }

        if !plan.jobs.isEmpty {
            try runClaimed(plan, variants: variants.map(\.name), store: store, cache: cache, request: request,
                           summary: &summary, progressBar: progressBar)
        }

        for variant in variants {
            // Skipped while another process writes here (its new files are not recorded yet). The
            // records are read under the lock: read before it, they missed what a process that finished
            // in between made and recorded, and its last thumbnails were removed as unreferenced.
            var failure: LibraryError?
            summary.removed += cache.withExclusiveAccess { () -> Int in
                do throws(LibraryError) {
                    return cache.removeUnreferenced(variant, keeping: try store.referencedThumbnailPaths(variant: variant.name))
                } catch {
                    failure = error
                    return 0
                }
            } ?? 0
            if let failure { throw .library(failure) }
        }
        // Workers finish in any order: list the warnings in a stable one.
        summary.warnings.sort { ($0.path, $0.variant) < ($1.path, $1.variant) }
        if request.prune {
            let kept = Set(variants.map(\.name))
            do { try store.deleteThumbnailRecords(keepingVariants: kept) } catch { throw .library(error) }
            summary.removed += cache.withExclusiveAccess { cache.removeVariants(keeping: kept) } ?? 0
        }
        return summary
    }

    /// Runs the jobs of `plan` beside any other process making this library's thumbnails: photos are
    /// claimed a chunk at a time as the jobs reach them (`ThumbnailClaimGate`); the jobs of photos another
    /// process holds are left to it, then waited for at the end (made here if its claim lapses or it
    /// leaves them undone). The claims this run took are dropped when it ends.
    private static func runClaimed(_ plan: ThumbnailWork, variants: [String], store: any LibraryStore, cache: ThumbnailCache, request: ThumbnailRequest,
                                   summary: inout ThumbnailsSummary, progressBar: (any ProgressReporting)?) throws(LibraryThumbnailsError) {
        let threads = request.jobs ?? IndexOptions.activeProcessorCount
        let photosOfJob = plan.photos
        // Made and recorded by another process since this run planned it: every photo's record current, the file there.
        let isDone: @Sendable (ThumbnailJob) -> Bool = { job in
            photosOfJob[job.tag].allSatisfy { photo in
                cache.currentFile(try? store.thumbnailRecord(photoID: photo.id, variant: job.variant.name), of: photo) != nil
            }
        }
        let gate = ThumbnailClaimGate(store: store, variants: variants, worker: ThumbnailWorker.processName(),
                                      leaseSeconds: ThumbnailWorker.defaultLeaseSeconds, work: plan, chunk: max(8, threads * 4),
                                      isDone: isDone)
        var claimed = Set<Int64>()
        var wait: ThumbnailClaimWait?  // made at the first wait: it starts watching the store
        // Claims of a run stopped with Ctrl-C (or any process of this machine gone) are not waited for.
        do { try store.dropThumbnailClaims(heldBy: ThumbnailWorker.hasEnded) } catch { throw .library(error) }
        defer {
            // Best effort: a claim left behind only delays another process until its lease ends.
            try? store.completeThumbnailWork([], photoIDs: Array(claimed.union(gate.claimed)), worker: gate.worker)
        }
        var held = try run(plan, store: store, cache: cache, request: request, summary: &summary, progressBar: progressBar,
                           admit: gate.admit)
        // What others held: theirs while their claims live; ours if a claim lapses or leaves the photo undone.
        while !held.isEmpty {
            let ids = Array(Set(held.flatMap { plan.photos[$0.tag].map(\.id) }))
            let claim: ThumbnailClaim
            do {
                claim = try store.claimThumbnailWork(among: ids, variants: variants, worker: gate.worker,
                                                     leaseSeconds: ThumbnailWorker.defaultLeaseSeconds)
            } catch {
                throw .library(error)
            }
            claimed.formUnion(claim.claimed)
            var waiting: [ThumbnailJob] = [], ready = plan
            ready.jobs = []
            for job in held {
                let photos = plan.photos[job.tag]
                if photos.allSatisfy({ claim.heldElsewhere.contains($0.id) }) {
                    waiting.append(job)
                } else if !photos.contains(where: { claim.claimed.contains($0.id) }) && isDone(job) {
                    summary.skipped += photos.count  // unclaimed and needing nothing: the other process made it
                } else {
                    ready.jobs.append(job)  // claimed now, or its file went: ours to make
                }
            }
            if ready.jobs.isEmpty && !waiting.isEmpty {
                let claimWait = wait ?? ThumbnailClaimWait(store: store, variants: variants, worker: gate.worker)
                wait = claimWait
                do { try claimWait.untilReleased(ids, held: claim.heldElsewhere, leaseEndsIn: claim.leaseEndsIn) } catch { throw .library(error) }
            } else if !ready.jobs.isEmpty {
                try run(ready, store: store, cache: cache, request: request, summary: &summary, progressBar: nil)
            }
            held = waiting
        }
    }

    /// Runs the jobs of `plan` and records their outcomes; returns the jobs `admit` left to another process.
    ///
    /// - Parameter save: records a batch of outcomes (default: `saveThumbnailRecords`).
    /// - Parameter tick: called on this thread at least every 250 ms while jobs run (a worker renews its
    ///   claims there).
    @discardableResult
    static func run(_ plan: ThumbnailWork, store: any LibraryStore, cache: ThumbnailCache, request: ThumbnailRequest,
                    summary: inout ThumbnailsSummary, progressBar: (any ProgressReporting)?,
                    admit: (@Sendable (ThumbnailJob) -> ThumbnailJobResult?)? = nil,
                    save: (([ThumbnailRecord]) throws(LibraryError) -> Void)? = nil,
                    tick: (() throws(LibraryError) -> Void)? = nil) throws(LibraryThumbnailsError) -> [ThumbnailJob] {
        var heldElsewhere: [ThumbnailJob] = []
        let options = ThumbnailOptions(pixelLimit: request.pixelLimit)
        let batch = ThumbnailBatch(options: options, threads: request.jobs ?? IndexOptions.activeProcessorCount)
        let clock = ContinuousClock()
        var pending: [ThumbnailRecord] = []
        var pendingSince: ContinuousClock.Instant?
        var done = 0
        let total = plan.jobs.count
        defer { progressBar?.finish() }
        progressBar?.update(done: 0, total: total)

        // The first full-disk failure: the run records what it made, then stops (every later file would fail too).
        var outOfSpace: Int32?
        try batch.run(plan.jobs, in: cache, wakeInterval: batchInterval, admit: admit) { (outcomes) throws(LibraryThumbnailsError) in
            do throws(LibraryError) {
                try tick?()
                for outcome in outcomes {
                    if case .heldElsewhere = outcome.result {
                        heldElsewhere.append(outcome.job)
                        continue
                    }
                    if case .failed(let error) = outcome.result, error.isOutOfSpace {
                        outOfSpace = outOfSpace ?? error.systemErrno
                        continue  // not the photo's fault: nothing recorded for it
                    }
                    for photo in plan.photos[outcome.job.tag] {
                        let result: Result<MadeThumbnail, ThumbnailError>
                        switch outcome.result {
                        case .made(let made): result = .success(made)
                        case .failed(let error): result = .failure(error)
                        case .madeByAnotherProcess:
                            summary.skipped += 1  // current, and the process that made it records it
                            continue
                        case .heldElsewhere:
                            continue  // (taken out above)
                        }
                        let record = Self.record(of: photo, job: outcome.job, result: result)
                        switch result {
                        case .success(let made):
                            summary.made += 1
                            if let damage = made.damage {
                                summary.warnings.append(ThumbnailsSummary.Warning(
                                    id: photo.id, path: photo.path, pathBytes: PathBytesField.base64IfNotUTF8(photo.pathBytes),
                                    variant: outcome.job.variant.name, warning: damage.description))
                            }
                        case .failure(let error):
                            summary.failures.append(ThumbnailsSummary.Failure(
                                id: photo.id, path: photo.path, pathBytes: PathBytesField.base64IfNotUTF8(photo.pathBytes),
                                variant: outcome.job.variant.name,
                                error: Self.message(error, path: photo.path), remedy: error.remedy))
                        }
                        if pending.isEmpty { pendingSince = clock.now }
                        pending.append(record)
                    }
                }
                done += outcomes.count
                if !outcomes.isEmpty { progressBar?.update(done: done, total: total) }
                if let since = pendingSince, pending.count >= batchSize || clock.now - since >= batchInterval || done == total
                    || outOfSpace != nil {
                    if let save { try save(pending) } else { try store.saveThumbnailRecords(pending) }
                    pending.removeAll(keepingCapacity: true)
                    pendingSince = nil
                }
            } catch {
                throw .library(error)
            }
            if let outOfSpace { throw .outOfSpace(folder: cache.root, made: summary.made, errno: outOfSpace) }
        }
        return heldElsewhere
    }
}

extension ThumbnailCache {
    /// `record`'s file when it is `photo`'s current thumbnail (made from the photo as indexed now) and is in
    /// this cache at its recorded size; nil when it must be made (again).
    func currentFile(_ record: ThumbnailRecord?, of photo: Photo) -> ThumbnailRecord.File? {
        guard let record, record.isCurrent(for: photo), case .success(let file) = record.outcome,
              fileSize(of: file.path) == file.byteSize else { return nil }
        return file
    }
}

extension LibraryThumbnails {
    /// The record of what a job made (or why it failed) for `photo`, one of the photos it was made for.
    package static func record(of photo: Photo, job: ThumbnailJob, result: Result<MadeThumbnail, ThumbnailError>) -> ThumbnailRecord {
        ThumbnailRecord(
            photoID: photo.id, variant: job.variant.name,
            outcome: result
                .map { ThumbnailRecord.File(path: job.relativePath, pixelWidth: $0.width, pixelHeight: $0.height,
                                            byteSize: Int64($0.byteCount), warning: $0.damage?.description) }
                .mapError { ThumbnailFailure(Self.message($0, path: photo.path)) },
            sourceContentKey: photo.contentKey, sourceSize: photo.fileSize,
            sourceModificationTimeNanoseconds: photo.modificationTimeNanoseconds)
    }

    /// `error`'s one-line message without the photo's path in front (reports and records put the
    /// path in its own field): "cut.jpg: truncated JPEG: …" → "truncated JPEG: …".
    package static func message(_ error: ThumbnailError, path: String) -> String {
        let text = error.description
        for prefix in [path + ": ", path + " "] where text.hasPrefix(prefix) && text.count > prefix.count {
            return String(text.dropFirst(prefix.count))
        }
        return text
    }
}

/// The jobs of a run: one per distinct thumbnail file, with the photos that share it.
package struct ThumbnailWork {
    package var jobs: [ThumbnailJob] = []
    /// The photos of each job (same content key), by job tag.
    package var photos: [[Photo]] = []

    package init() {}
    private var jobByPath: [String: Int] = [:]

    /// Adds `photo`'s thumbnail of `variant` to the job for its file (a new job for a new file).
    package mutating func add(_ photo: Photo, variant: ThumbnailVariant, root: LibraryRoot, cache: ThumbnailCache) {
        let relative = ThumbnailCache.relativePath(variant: variant, contentKey: photo.contentKey, photoID: photo.id)
        if let tag = jobByPath[relative] {
            photos[tag].append(photo)
            return
        }
        guard let width = photo.storedWidth, let height = photo.storedHeight else { return }
        var source = ThumbnailSource(
            pathBytes: root.absolutePathBytes(of: photo), displayPath: photo.path,
            storedWidth: width, storedHeight: height, exifOrientation: photo.orientation ?? 1,
            format: ImageFormat(rawValue: photo.format) ?? .jpeg, expectedVersion: FileVersion(size: photo.fileSize, modificationTimeNanoseconds: photo.modificationTimeNanoseconds))
        source.folder = root.pathBytes + [UInt8(ascii: "/")]
        source.expectedDigest = ContentKey.digest(of: photo.contentKey)
        let tag = jobs.count
        jobByPath[relative] = tag
        // The file as planned: another process that makes it meanwhile is seen by the change.
        let planned = cache.modificationTimeNanoseconds(of: relative).map { ThumbnailJob.FileAtPlanning.modified(nanoseconds: $0) } ?? .absent
        jobs.append(ThumbnailJob(tag: tag, source: source, variant: variant, relativePath: relative, fileAtPlanning: planned))
        photos.append([photo])
    }
}

extension ProgressReporting {
    /// Reports `done` of `total` thumbnails.
    package func update(done: Int, total: Int) {
        update(IndexProgress(phase: .indexing, done: done, total: total))
    }
}
