import Imaging
import PhotoGridSupport
import Dispatch
public import JPEG
import Synchronization

import Platform

/// One thumbnail to make: a photo, a variant, and where in the cache the file goes.
public struct ThumbnailJob: Sendable, Hashable {
    /// The caller's handle on the job (e.g. the index of its photo group); returned with the outcome.
    public var tag: Int
    public var source: ThumbnailSource
    public var variant: ThumbnailVariant
    /// The file's path relative to the cache root (`ThumbnailCache.relativePath`).
    public var relativePath: String
    /// The file as it was when the job was planned: if it is different when its lock is taken,
    /// another process made it meanwhile and it is not made again. Nil: always made.
    public var fileAtPlanning: FileAtPlanning?

    /// A thumbnail file as a plan saw it.
    public enum FileAtPlanning: Sendable, Hashable {
        case absent
        case modified(nanoseconds: Int64)
    }

    public init(tag: Int, source: ThumbnailSource, variant: ThumbnailVariant, relativePath: String,
                fileAtPlanning: FileAtPlanning? = nil) {
        self.tag = tag
        self.source = source
        self.variant = variant
        self.relativePath = relativePath
        self.fileAtPlanning = fileAtPlanning
    }
}

/// A thumbnail written to the cache.
public struct MadeThumbnail: Sendable, Hashable {
    /// Pixel width as displayed (what the file's frame header says).
    public var width: Int
    /// Pixel height as displayed.
    public var height: Int
    /// The file's size in bytes.
    public var byteCount: Int
    /// The size and modification time of the photo file it was made from.
    public var sourceVersion: FileVersion
    /// What libjpeg warned about in the decoded data (nil when it was clean): the thumbnail shows
    /// what it decoded.
    public var damage: JPEGDamage?
}

/// What became of a job.
public struct ThumbnailJobOutcome: Sendable {
    public var job: ThumbnailJob
    public var result: ThumbnailJobResult
}

/// A job's result: made here, found made by another process meanwhile, or failed.
public enum ThumbnailJobResult: Sendable {
    case made(MadeThumbnail)
    /// Another process wrote the file after the job was planned (`ThumbnailJob.fileAtPlanning`): it
    /// is current, and that process records it.
    case madeByAnotherProcess
    /// Another process holds the job's claim and makes it (`ThumbnailBatch.run`'s `admit` said so).
    case heldElsewhere
    case failed(ThumbnailError)
}

/// Makes many thumbnails on worker threads and hands the outcomes back to the calling thread in
/// groups, as they finish.
///
/// Memory stays bounded whatever the number of jobs: each worker holds one photo's buffers at a
/// time (`ThumbnailPipeline`), and an outcome is a few dozen bytes. The calling thread receives
/// outcomes in completion order (not job order) and does the bookkeeping (database writes,
/// progress) while the workers go on.
public struct ThumbnailBatch: Sendable {
    public var options: ThumbnailOptions
    /// Worker threads (at least 1, at most the number of jobs).
    public var threads: Int

    public init(options: ThumbnailOptions = ThumbnailOptions(), threads: Int) {
        self.options = options
        self.threads = threads
    }

    /// Makes one thumbnail under its file's lock (`ThumbnailCache.withFileLock`): render, encode,
    /// write atomically into `cache` — unless another process wrote the file since the job was
    /// planned (it exists and is not as `fileAtPlanning` saw it).
    public static func make(_ job: ThumbnailJob, in cache: ThumbnailCache, options: ThumbnailOptions) -> ThumbnailJobResult {
        do {
            return try cache.withFileLock(job.relativePath) { () throws(ThumbnailError) -> ThumbnailJobResult in
                if let planned = job.fileAtPlanning, let now = cache.modificationTimeNanoseconds(of: job.relativePath),
                   planned != .modified(nanoseconds: now) {
                    return .madeByAnotherProcess
                }
                let rendered = try ThumbnailPipeline.render(job.source, target: job.variant.target, options: options)
                let bytes = try ThumbnailPipeline.encode(rendered, quality: options.quality)
                try AtomicFile.write(bytes, to: cache.path(of: job.relativePath))
                return .made(MadeThumbnail(
                    width: rendered.pixels.width, height: rendered.pixels.height,
                    byteCount: bytes.count, sourceVersion: rendered.sourceVersion, damage: rendered.damage))
            }
        } catch {
            return .failed(error)
        }
    }


    /// Runs `jobs` into `cache`, calling `receive` on this thread with each group of finished
    /// outcomes (every job's outcome is delivered exactly once, unless `receive` throws: then the
    /// workers stop after their current job and the error is rethrown).
    ///
    /// - Parameter wakeInterval: `receive` is also called (possibly with no outcomes) at least this
    ///   often while jobs run, so the caller can commit pending writes on time.
    /// - Parameter admit: asked on a worker thread just before each job: nil to make it, or the outcome
    ///   to give it instead (e.g. `.heldElsewhere` when another process claimed its photo).
    public func run<E: Error>(_ jobs: [ThumbnailJob], in cache: ThumbnailCache,
                              wakeInterval: Duration = .milliseconds(250),
                              admit: (@Sendable (ThumbnailJob) -> ThumbnailJobResult?)? = nil,
                              receive: ([ThumbnailJobOutcome]) throws(E) -> Void) throws(E) {
        guard !jobs.isEmpty else { return }
        let pool = WorkerPool(jobs: jobs, cache: cache, options: options, admit: admit)
        guard pool.start(threads: min(max(1, threads), jobs.count)) else {
            // No thread could be started: do the work here.
            for job in jobs {
                try receive([ThumbnailJobOutcome(job: job, result: admit?(job) ?? Self.make(job, in: cache, options: options))])
            }
            return
        }
        defer { pool.finish() }
        let nanoseconds = wakeInterval.components.seconds * 1_000_000_000 + wakeInterval.components.attoseconds / 1_000_000_000
        var received = 0
        while received < jobs.count {
            pool.waitForOutcome(until: .now() + .nanoseconds(Int(max(1_000_000, nanoseconds))))
            let outcomes = pool.takeOutcomes()
            received += outcomes.count
            try receive(outcomes)
        }
    }
}

/// The threads of one `ThumbnailBatch.run`.
private final class WorkerPool: Sendable {
    private let jobs: [ThumbnailJob]
    private let cache: ThumbnailCache
    private let options: ThumbnailOptions
    private let admit: (@Sendable (ThumbnailJob) -> ThumbnailJobResult?)?
    private let ready = LockedValue<[ThumbnailJobOutcome]>([])
    /// Signalled once per finished job.
    private let finished = DispatchSemaphore(value: 0)
    private let workers = WorkerThreads()

    init(jobs: [ThumbnailJob], cache: ThumbnailCache, options: ThumbnailOptions,
         admit: (@Sendable (ThumbnailJob) -> ThumbnailJobResult?)?) {
        self.jobs = jobs
        self.cache = cache
        self.options = options
        self.admit = admit
    }

    /// Starts up to `count` threads; false if none could be started.
    func start(threads count: Int) -> Bool {
        workers.start(count, jobs: jobs.count) { [self] index in make(index) }
    }

    /// Makes job `index` and hands its outcome over.
    private func make(_ index: Int) {
        let job = jobs[index]
        let result = admit?(job) ?? ThumbnailBatch.make(job, in: cache, options: options)
        ready.withLock { $0.append(ThumbnailJobOutcome(job: job, result: result)) }
        finished.signal()
    }

    /// Waits until a job finishes or `deadline` passes.
    func waitForOutcome(until deadline: DispatchTime) {
        _ = finished.wait(timeout: deadline)
    }

    /// The outcomes finished since the last call.
    func takeOutcomes() -> [ThumbnailJobOutcome] {
        ready.withLock { ready in
            let taken = ready
            ready.removeAll(keepingCapacity: true)
            return taken
        }
    }

    /// Stops handing out jobs and joins every thread.
    func finish() {
        workers.cancelAndJoin()
    }
}
