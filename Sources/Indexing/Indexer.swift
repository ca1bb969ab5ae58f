public import PhotoLibrary
import PhotoGridSupport
import Synchronization
import Dispatch

import Platform

/// Indexes a folder into a library store, through its `IndexWriter` steps:
/// 1. Walk the whole folder first (one `fstatat` per file), so the total is exact.
/// 2. Compare with the database: files with the same size and mtime are unchanged and never opened;
///    rows whose file was not found are vanished.
/// 3. Probe the new and changed files on `jobs` threads; write the outcomes in path order, in transactions
///    of `batchSize` rows (the first `firstBatchSize`) or `batchInterval`, whichever comes first. A new file
///    whose content key is a vanished (or missing) row's is a move: that row gets the new path.
/// 4. One last transaction marks the remaining vanished rows missing and records the root.
/// 5. With `prune`, missing rows and their thumbnail records are removed.
/// A run on another folder than the library's is refused unless `moveRoot` says it moved. Every entry the
/// walk saw is counted (indexed, error, vanished, skipped by kind). A crash leaves committed batches in
/// place; the next run finds those files unchanged and completes the rest.
public struct Indexer: Sendable {
    let store: any IndexWriter
    public var options: IndexOptions

    package init(writer: any IndexWriter, options: IndexOptions = IndexOptions()) {
        self.store = writer
        self.options = options
    }

    /// Indexes `folder` (relative paths are resolved against the working directory).
    ///
    /// Bad files become error rows and do not stop the run.
    /// - Throws: `.noSuchFolder`/`.notADirectory`/`.system` for the folder itself, database errors.
    public func index(folder: String) throws(LibraryError) -> IndexSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let now = options.startTime()
        let root = try Self.resolve(folder)
        let progress = options.progress
        var summary = IndexSummary()
        if let previous = try store.root(), previous.pathBytes != root {
            guard options.moveRoot else {
                throw .differentFolder(libraryFolder: previous.path, folder: PathBytes.displayText(root),
                                       rootExists: LibraryRoot.isFolder(previous.pathBytes))
            }
            summary.movedFrom = previous.path
        }

        let walk = try DirectoryWalker.walk(root: root, excluding: databaseFiles(under: root)) { found in
            progress?(IndexProgress(phase: .walking, done: found, total: 0))
        }
        let state = try store.loadIndexState()
        let plan = IndexPlan(walk: walk, state: state, retryAllErrors: options.retryErrors)

        summary.skipped = plan.skippedFiles
        for entry in walk.skipped { summary.skipped[entry.kind, default: 0] += 1 }
        summary.unchanged = plan.unchangedIDs.count
        summary.errors = plan.unchangedErrors
        let total = plan.unchangedIDs.count + plan.jobs.count
        progress?(IndexProgress(phase: .indexing, done: plan.unchangedIDs.count, total: total))

        let prober = PhotoProber(root: root, fileProbe: options.fileProbe, pixelLimit: options.pixelLimit)
        var moves = plan.moveCandidates
        var claimed = Set<Int64>()
        if !plan.jobs.isEmpty {
            try probeAndWrite(plan.jobs, prober: prober, now: now, summary: &summary, moves: &moves,
                              claimed: &claimed, doneBefore: plan.unchangedIDs.count, total: total)
        }

        if summary.added + summary.updated + summary.moved > 0 { store.runWroteRows() }
        let missing = plan.vanishedIDs.filter { !claimed.contains($0) }
        summary.missing = try store.finishIndexRun(missing: missing, forgottenNonPhotos: plan.forgottenNonPhotos,
                                                   root: root, now: now,
                                                   rowsChanged: summary.added + summary.updated + summary.moved + summary.retried > 0)
        if options.prune {
            let pruned = try store.pruneMissing()
            summary.pruned = pruned.rows
            summary.prunedThumbnailPaths = pruned.unreferencedThumbnails
            summary.missing -= pruned.rows
        }
        // A run that changed nothing but the run record leaves it in the WAL (no checkpoint, no sync
        // on close): the next checkpoint takes it along.
        if summary.added + summary.updated + summary.moved + summary.retried + summary.missing == 0
            && plan.forgottenNonPhotos.isEmpty && !options.prune {
            store.runWroteNothing()
        }
        summary.scanned = summary.added + summary.updated + summary.unchanged + summary.moved + summary.retried
        summary.seen = walk.files.count + walk.skipped.count
        summary.filesOpened = prober.opened.load(ordering: .relaxed)
        summary.unreadableFolders = zip(walk.unreadableFolders, plan.rowsKept).map { folder, rowsKept in
            IndexSummary.UnreadableFolder(path: PathBytes.displayText(folder.relativePath),
                                          error: String(cString: strerror(folder.errno)), rowsKept: rowsKept)
        }
        let elapsed = clock.now - started
        summary.seconds = elapsed.inSeconds
        return summary
    }

    /// Probes `jobs` on worker threads and writes their outcomes, in order, in batches.
    private func probeAndWrite(_ jobs: [ProbeJob], prober: PhotoProber, now: String,
                               summary: inout IndexSummary, moves: inout [String: [Int64]],
                               claimed: inout Set<Int64>, doneBefore: Int, total: Int) throws(LibraryError) {
        let workers = ProbeWorkers(jobs: jobs, prober: prober, pause: options.pause)
        defer { workers.finish() }
        let threads = options.jobs ?? IndexOptions.activeProcessorCount
        guard workers.start(threads: min(max(1, threads), jobs.count)) else {
            throw .system(call: "pthread_create", path: "", errno: EAGAIN)
        }
        var batchSize = max(1, min(options.firstBatchSize, options.batchSize))
        let interval = options.batchInterval
        let clock = ContinuousClock()
        var pending: [PendingWrite] = []
        pending.reserveCapacity(min(batchSize, jobs.count))
        var batchStarted: ContinuousClock.Instant?
        var cursor = 0

        while cursor < jobs.count {
            let outcomes = workers.takeFinished(from: cursor)
            if outcomes.isEmpty {
                var deadline: DispatchTime?
                if let batchStarted {
                    let left = interval - (clock.now - batchStarted)
                    let nanoseconds = max(0, left.components.seconds * 1_000_000_000
                                          + left.components.attoseconds / 1_000_000_000)
                    deadline = .now() + .nanoseconds(Int(nanoseconds))
                }
                workers.waitForAwaited(until: deadline)
            }
            for outcome in outcomes {
                let job = jobs[cursor]
                cursor += 1
                guard let write = record(outcome, of: job, summary: &summary, moves: &moves, claimed: &claimed) else {
                    continue
                }
                if pending.isEmpty { batchStarted = clock.now }
                pending.append(write)
            }
            if !outcomes.isEmpty {
                options.progress?(IndexProgress(phase: .indexing, done: doneBefore + cursor, total: total))
            }
            if let started = batchStarted,
               pending.count >= batchSize || clock.now - started >= interval || cursor == jobs.count {
                options.pause?()
                try store.apply(pending, now: now)
                pending.removeAll(keepingCapacity: true)
                batchSize = max(1, options.batchSize)
                batchStarted = nil
                if options.shouldStop?() == true { break }
            }
        }
    }

    /// Counts `outcome` in the summary and returns the write it needs (nil for none).
    private func record(_ outcome: ProbeOutcome, of job: ProbeJob, summary: inout IndexSummary,
                        moves: inout [String: [Int64]], claimed: inout Set<Int64>) -> PendingWrite? {
        let values: PhotoRowValues
        switch outcome {
        case .vanished:
            summary.vanished += 1
            return nil
        case .notPhoto:
            summary.skipped[job.file.skippedKind, default: 0] += 1
            return .nonPhoto(job.file)
        case let .failure(message, format):
            summary.errors += 1
            values = PhotoRowValues(file: job.file, facts: nil, error: message, format: format)
        case let .photo(facts):
            values = PhotoRowValues(file: job.file, facts: facts, error: nil, format: facts.format)
        }
        switch job.kind {
        case .known:
            summary.updated += 1
            return .photo(values)
        case .retry:
            summary.retried += 1
            return .photo(values)
        case .new:
            if let key = values.facts?.contentKey, var candidates = moves[key], !candidates.isEmpty {
                let id = candidates.removeFirst()
                moves[key] = candidates
                claimed.insert(id)
                summary.moved += 1
                return .move(id: id, values)
            }
            summary.added += 1
            return .photo(values)
        }
    }

    /// The database's own files, relative to `root`, when the database lives inside it.
    func databaseFiles(under root: [UInt8]) -> Set<[UInt8]> {
        guard let resolved = Self.realPath(store.path) else { return [] }
        let prefix = root + [UInt8(ascii: "/")]
        guard resolved.starts(with: prefix) else { return [] }
        let relative = Array(resolved[prefix.count...])
        return Set([relative] + LibraryLocation.sqliteSideSuffixes.map { relative + Array($0.utf8) })
    }

    /// Checks that `folder` can be indexed into `store` as it is (without `moveRoot`): it is a readable
    /// folder, and the library indexes it or nothing yet.
    public static func check(folder: String, store: any LibraryStore) throws(LibraryError) {
        let root = try resolve(folder)
        if let previous = try store.root(), previous.pathBytes != root {
            throw .differentFolder(libraryFolder: previous.path, folder: PathBytes.displayText(root),
                                   rootExists: LibraryRoot.isFolder(previous.pathBytes))
        }
    }

    /// The absolute, symlink-free path of the folder to index, as bytes.
    ///
    /// - Throws: `.noSuchFolder`, `.notADirectory`, `.system`.
    public static func resolve(_ folder: String) throws(LibraryError) -> [UInt8] {
        guard let resolved = realPath(folder) else {
            let code = errno
            if code == ENOENT { throw .noSuchFolder(path: folder) }
            throw .system(call: "realpath", path: folder, errno: code)
        }
        var status = stat()
        guard resolved.withNULTerminated({ stat($0, &status) }) == 0 else {
            throw .system(call: "stat", path: folder, errno: errno)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: folder) }
        return resolved
    }

    /// realpath(3) of `path` as bytes; nil (errno set) when it fails.
    static func realPath(_ path: String) -> [UInt8]? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let length = strlen(resolved)
        return resolved.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }
}
