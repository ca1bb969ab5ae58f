import PhotoLibrary
/// A file the index run must open, and why.
struct ProbeJob: Sendable {
    enum Kind: Sendable, Equatable {
        /// The path has row `id`, but the file changed (or had been missing): re-probe in place.
        case known(id: Int64)
        /// A path the database has never seen as a photo.
        case new
        /// Error row `id`, unchanged, whose error may have gone away (or `--retry-errors`).
        case retry(id: Int64)
    }

    var file: WalkedFile
    var kind: Kind

    /// New files without a photo name are candidates only if their first bytes are a format's signature.
    var needsSignatureCheck: Bool { kind == .new && !file.hasPhotoName }
}

/// What an index run has to do, worked out from the walk and the database before opening a file.
struct IndexPlan: Sendable {
    /// Rows whose file has the same size and mtime: nothing to open.
    var unchangedIDs: [Int64] = []
    /// How many of those are error rows (counted in the summary's errors; not reopened).
    var unchangedErrors = 0
    /// Files known not to be JPEGs (unchanged since they were checked, or too short): skipped, by
    /// the kind their name says.
    var skippedFiles: [SkippedKind: Int] = [:]
    /// For each of the walk's unreadable folders, how many rows inside it were kept as they were.
    var rowsKept: [Int] = []
    /// Files to open, in path order.
    var jobs: [ProbeJob] = []
    /// Rows (not already missing) whose path the walk did not find, outside unreadable folders.
    var vanishedIDs: [Int64] = []
    /// Rows a new file may be a move of, by content key: vanished rows and rows already missing.
    var moveCandidates: [String: [Int64]] = [:]
    /// Non-photo files the database remembers that the walk did not find.
    var forgottenNonPhotos: [[UInt8]] = []

    /// Classifies every walked file against the database's state.
    ///
    /// - Parameter retryAllErrors: every unchanged error row becomes a job, not only those whose
    ///   error may have gone away.
    init(walk: DirectoryWalk, state: IndexState, retryAllErrors: Bool = false) {
        var seenPhotos = Set<[UInt8]>()
        var seenNonPhotos = Set<[UInt8]>()
        seenPhotos.reserveCapacity(walk.files.count)
        for file in walk.files {
            if let known = state.photos[file.relativePath] {
                seenPhotos.insert(file.relativePath)
                if known.status != .missing, known.size == file.size,
                   known.modificationTimeNanoseconds == file.modificationTimeNanoseconds {
                    if known.status == .error, retryAllErrors || known.hasTransientError {
                        jobs.append(ProbeJob(file: file, kind: .retry(id: known.id)))
                        continue
                    }
                    unchangedIDs.append(known.id)
                    if known.status == .error { unchangedErrors += 1 }
                } else {
                    jobs.append(ProbeJob(file: file, kind: .known(id: known.id)))
                }
                continue
            }
            if !file.hasPhotoName {
                if let other = state.nonPhotos[file.relativePath] {
                    seenNonPhotos.insert(file.relativePath)
                    if other.size == file.size, other.modificationTimeNanoseconds == file.modificationTimeNanoseconds {
                        skippedFiles[file.skippedKind, default: 0] += 1
                        continue  // known not to be a photo, and unchanged
                    }
                }
                if file.size < 3 {  // too short for any signature (JPEG's FF D8 FF is the shortest)
                    skippedFiles[file.skippedKind, default: 0] += 1
                    continue
                }
            }
            jobs.append(ProbeJob(file: file, kind: .new))
        }

        rowsKept = Array(repeating: 0, count: walk.unreadableFolders.count)
        for (path, known) in state.photos where !seenPhotos.contains(path) {
            if known.status != .missing {
                if let folder = walk.unreadableFolders.firstIndex(where: { Self.path(path, isInside: $0.relativePath) }) {
                    rowsKept[folder] += 1
                    continue
                }
                vanishedIDs.append(known.id)
            }
            if let key = known.contentKey { moveCandidates[key, default: []].append(known.id) }
        }
        vanishedIDs.sort()
        for key in moveCandidates.keys { moveCandidates[key]?.sort() }
        for path in state.nonPhotos.keys where !seenNonPhotos.contains(path) {
            forgottenNonPhotos.append(path)
        }
    }

    /// Whether `path` lies inside `folder` (both relative, as bytes).
    static func path(_ path: [UInt8], isInside folder: [UInt8]) -> Bool {
        path.count > folder.count && path[folder.count] == UInt8(ascii: "/") && path.starts(with: folder)
    }
}
