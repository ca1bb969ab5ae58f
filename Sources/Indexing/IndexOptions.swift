import PhotoLibrary
import class Foundation.ProcessInfo

/// How an index run works. The defaults are what `photogrid index` uses.
public struct IndexOptions: Sendable {
    /// Probing threads (at least 1); nil: the cores this process may run on (looked up only when
    /// there is something to probe).
    public var jobs: Int?
    /// A write transaction commits after this many pending rows (the run's first after `firstBatchSize`)…
    public var batchSize: Int = 500
    /// The first batch's size: enough rows for a screen of cells (a 4K screen of 100-point cells has
    /// ~300), so that a server's page shows a never-seen folder's first screen as early as it can.
    public var firstBatchSize: Int = 256
    /// …or when its oldest pending row has waited this long, whichever comes first. A crash loses
    /// at most one batch; the next run redoes it.
    public var batchInterval: Duration = .milliseconds(250)
    /// Headers declaring more pixels than this become error rows ("absurd dimensions").
    /// 1 gigapixel: above any camera, below the 60000×60000 of a hostile header.
    public var pixelLimit: Int = 1_000_000_000
    /// Open every error row again, not only those whose error may have gone away (`ProbeErrorRetry`).
    public var retryErrors = false
    /// After the run, remove the rows of missing photos (files gone for good) and their thumbnail records.
    public var prune = false
    /// Index a folder other than the one the library was built from, keeping the rows of the same
    /// relative paths (the library folder was moved or renamed). Without it such a run is refused.
    public var moveRoot = false
    /// How headers are read (tests substitute a counting or fake probe).
    public var fileProbe: FileProbe = .formats
    /// Called on the indexing thread as files are found and done.
    public var progress: (@Sendable (IndexProgress) -> Void)?
    /// Asked after each committed batch: true ends the run there (a server shutting down). The files
    /// not probed yet keep their rows as they were; the next run picks them up.
    public var shouldStop: (@Sendable () -> Bool)?
    /// Called by every probing thread before each file, and by the writing thread before each batch:
    /// may wait while work a person waits for runs (a server's thumbnail requests: `ForegroundWork.yield()`),
    /// so that the run takes the cores left.
    public var pause: (@Sendable () -> Void)?

    /// The run's start time as stored in first_seen/last_seen (tests pin it).
    package var startTime: @Sendable () -> String = { UTCTime.now().isoSeconds + "Z" }

    public init() {}

    /// The cores this process may run on (its CPU affinity and cgroup quota), at least 1.
    public static var activeProcessorCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
