public import PhotoGrid
public import PhotoLibrary
public import Thumbnails
public import PhotoGridSupport
import Dispatch
import Glibc
import ImageFormats
import Indexing

/// Thumbnails found or made one at a time, as a server answers `GET /api/v1/thumbnails/{variant}/{name}.jpg`:
/// the recorded file when it is current, else made now (into the same cache and records as
/// `photogrid thumbs`), recorded for every photo with the same content, and then served.
///
/// A thumbnail is named by its variant (`grid-387`, `detail-1024`) and its file stem: the photos'
/// content key, or `id-<row id>` for a photo without a usable key (`ThumbnailCache.relativePath`).
/// Names come from the database, never from a path: a stem that is neither form, or names no readable
/// photo, is not found. Blocking (file and pixel work): call it on a worker thread. Two calls for the
/// same file at once make it once (the cache's per-file lock; the second finds it made).
///
/// What is made is recorded in batches (`saveRecords()`), not one commit per thumbnail.
public final class ThumbnailsOnDemand: Sendable {
    /// A thumbnail file ready to serve.
    public struct File: Sendable, Equatable {
        /// Absolute path inside the thumbnail folder.
        public var path: String
        public var byteSize: Int64
        /// Whether this call made it.
        public var made: Bool
    }

    /// Why no thumbnail can be served.
    public enum Failure: WrappingFailure, Equatable {
        /// No such variant, or no readable photo of that name.
        case notFound(String)
        /// The photo could not be made into a thumbnail (damaged, too large, gone): the reason.
        case unreadable(String)
        /// The photo's file is not the one indexed (a link or another file in its place): nothing is made
        /// or recorded from it; the next index run reads it again.
        case changed(String)
        /// The database could not be read or written.
        case library(LibraryError)
        /// The thumbnail folder could not be created or written.
        case folder(ThumbnailError)
        /// The thumbnail could not be stored (the disk is full, read-only, failing): the system's reason,
        /// with no path in it (a client is not told where the server keeps its files).
        case storage(String)

        public var description: String {
            switch self {
            case .notFound(let message), .unreadable(let message), .changed(let message): return message
            case .library(let error): return error.description
            case .folder(let error): return Self.folderMessage(error)
            case .storage(let reason): return "the thumbnail could not be stored: \(reason)"
            }
        }

        /// Why the thumbnail folder cannot be used, without its path (a client is not told where the server keeps its files).
        static func folderMessage(_ error: ThumbnailError) -> String {
            switch error {
            case .otherLibrarysFolder(_, let owner): return "the thumbnail folder holds the thumbnails of another library (\(owner)); nothing was written"
            case .notACacheFolder: return "the thumbnail folder is not empty and photogrid did not make it; nothing was written"
            case .system(let call, _, let errno): return "the thumbnail folder: \(call) failed: \(ThumbnailError.reason(errno))"
            default: return "the thumbnail folder cannot be used"
            }
        }

        /// `.changed` for the photo at `path`: its file is not the one indexed.
        static func changed(path: String) -> Failure { .changed("\(path) changed since it was indexed (the next index run reads it again)") }

        public var cause: (any PhotoGridFailure)? {
            switch self {
            case .library(let error): return error
            case .folder(let error): return error
            default: return nil
            }
        }

        public var uncausedKind: FailureKind {
            switch self {
            case .notFound: return .notFound
            case .unreadable: return .damagedInput
            case .changed: return .conflict
            case .library, .folder: return .internal
            case .storage: return .storageFull
            }
        }
    }

    public let library: Library
    /// The thumbnail folder (`thumbs`' default: `thumbnails` beside the database).
    public let folder: String
    private let options: ThumbnailOptions
    private let owner: String
    private let caches = LockedValue<[String: ThumbnailCache]>([:])
    /// Names being made or looked up, each with its turn and how many calls want it (`oneAtATime`).
    private let making = LockedValue<[String: (semaphore: DispatchSemaphore, callers: Int)]>([:])
    /// Called after a thumbnail is made and before it is noted as made (tests widen the moment with it).
    let afterMaking = LockedValue<(@Sendable () -> Void)?>(nil)
    private let indexedFolder: String?
    /// What making a thumbnail counts as (an index run yields to it); finding one made is not.
    private let foreground: ForegroundWork?
    /// Made and not recorded yet, by relative path: the file and the records of its photos.
    private let unrecorded = LockedValue<[String: (file: File, records: [ThumbnailRecord])]>([:])

    /// Serves thumbnails of `library` from `folder` (the default folder when nil), decoding at most
    /// `pixelLimit` pixels per photo (`ThumbnailOptions.defaultPixelLimit` when nil). `indexedFolder` is the
    /// folder a server indexes: until the library's first index run completes (and records its folder),
    /// photos are found there, so the first screen of a never-seen folder fills during that run. Each
    /// thumbnail made (not one found) runs as `foreground` work when given.
    public init(library: Library, folder: String? = nil, pixelLimit: Int? = nil, indexedFolder: String? = nil,
                foreground: ForegroundWork? = nil) throws(LibraryError) {
        self.library = library
        self.indexedFolder = indexedFolder
        self.foreground = foreground
        self.folder = folder ?? library.location.defaultThumbnailFolder
        options = ThumbnailOptions(pixelLimit: pixelLimit ?? ThumbnailOptions.defaultPixelLimit)
        owner = try library.store.libraryID()
    }

    /// The thumbnail `variantName`/`stem`, found current or made now. Only the ladder's sizes are made
    /// (`ThumbnailLadder`), and a rung above the photo's own size is served the lowest rung's file that
    /// makes the same picture: a photo never has more than `ThumbnailLadder.maximumFilesPerPhoto` files.
    public func file(variant variantName: String, stem: String) throws(Failure) -> File {
        guard let asked = ThumbnailVariant(name: variantName), ThumbnailLadder.contains(asked) else {
            throw .notFound("no thumbnail size '\(variantName)': this server makes \(ThumbnailLadder.offered)")
        }
        let store = library.store
        let photos: [Photo]
        let found: LibraryRoot?
        do {
            photos = try ThumbnailNames.photos(named: stem, in: store)
            found = try root()
        } catch {
            throw .library(error)
        }
        guard !photos.isEmpty, let root = found else { throw .notFound("no photo has the thumbnail name '\(stem)'") }
        let variant = ThumbnailLadder.servingVariant(asked, width: photos[0].pixelWidth, height: photos[0].pixelHeight)
        if !root.isFolder { throw .library(.libraryFolderGone(path: root.path)) }
        let relative = ThumbnailCache.relativePath(variant: variant, contentKey: photos[0].contentKey, photoID: photos[0].id)
        let cache = try cache(for: variant)
        return try oneAtATime(relative) { () throws(Failure) -> File in
            try findOrMake(relative: relative, cache: cache, variant: variant, photos: photos, root: root)
        }
    }

    /// The thumbnail file `relative` of `photos` (one content), found current or made now: what `file`
    /// does once it knows the name, one call at a time for the name (`oneAtATime`).
    private func findOrMake(relative: String, cache: ThumbnailCache, variant: ThumbnailVariant, photos: [Photo],
                            root: LibraryRoot) throws(Failure) -> File {
        let store = library.store
        if let made = unrecorded.withLock({ $0[relative]?.file }), cache.fileSize(of: relative) == made.byteSize {
            return File(path: made.path, byteSize: made.byteSize, made: false)
        }
        do throws(LibraryError) {
            if let record = try store.thumbnailRecord(photoID: photos[0].id, variant: variant.name),
               record.isCurrent(for: photos[0]), case .success(let recorded) = record.outcome,
               recorded.path == relative, cache.fileSize(of: relative) == recorded.byteSize {
                return File(path: cache.path(of: relative), byteSize: recorded.byteSize, made: false)
            }
        } catch {
            throw .library(error)
        }
        var work = ThumbnailWork()
        for photo in photos { work.add(photo, variant: variant, root: root, cache: cache) }
        guard let job = work.jobs.first else { throw .unreadable("the photo has no size to make a thumbnail of") }
        let result: Result<MadeThumbnail, ThumbnailError>
        let outcome = foreground.map { $0.run { ThumbnailBatch.make(job, in: cache, options: options) } }
            ?? ThumbnailBatch.make(job, in: cache, options: options)
        switch outcome {
        case .made(let made): result = .success(made)
        case .failed(let error): result = .failure(error)
        case .madeByAnotherProcess, .heldElsewhere:  // (no admission here: only the first can be)
            // Current: the process that made it records it.
            guard let size = cache.fileSize(of: relative) else { throw .unreadable("the thumbnail vanished as it was made") }
            return File(path: cache.path(of: relative), byteSize: size, made: false)
        }
        let records = work.photos[job.tag].map { LibraryThumbnails.record(of: $0, job: job, result: result) }
        switch result {
        case .success(let made):
            let file = File(path: cache.path(of: relative), byteSize: Int64(made.byteCount), made: true)
            afterMaking.withLock { $0 }?()
            unrecorded.withLock { $0[relative] = (file, records) }
            return file
        case .failure(.system(_, let path, let errno)) where path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/"):
            // Not the photo's fault: nothing is recorded, a later request tries again.
            throw .storage(ThumbnailError.reason(errno))
        case .failure(.sourceChanged(let path)):
            throw .changed(path: path)
        case .failure(let error) where Self.saysFileGone(error):
            throw .changed(path: photos[0].path)
        case .failure(let error):
            do { try store.saveThumbnailRecords(records) } catch { throw .library(error) }
            throw .unreadable(LibraryThumbnails.message(error, path: photos[0].path))
        }
    }

    /// Runs `body` for the thumbnail `relative` while no other call of this object runs it for the same
    /// name: a call that comes while another makes the file waits, then finds it made (before, one that
    /// planned after the file was written but before it was noted as made, made it again).
    private func oneAtATime<Value>(_ relative: String, _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let turn = making.withLock { making -> DispatchSemaphore in
            if let entry = making[relative] {
                making[relative] = (entry.semaphore, entry.callers + 1)
                return entry.semaphore
            }
            let semaphore = DispatchSemaphore(value: 1)
            making[relative] = (semaphore, 1)
            return semaphore
        }
        turn.wait()
        defer {
            turn.signal()
            making.withLock { making in
                guard let entry = making[relative] else { return }
                making[relative] = entry.callers == 1 ? nil : (entry.semaphore, entry.callers - 1)
            }
        }
        return try body()
    }

    /// The library's folder; during its first index run (not recorded yet) the folder being indexed.
    private func root() throws(LibraryError) -> LibraryRoot? {
        try library.store.root() ?? indexedFolder.flatMap { folder in
            (try? Indexer.resolve(folder)).map { LibraryRoot(pathBytes: $0, path: folder, lastIndexedAt: "") }
        }
    }

    /// A placeholder for the grid thumbnails of the photos named `stem`: the centre square of the small
    /// JPEG their camera embedded (`EmbeddedThumbnailSquare`, ~120 px, made in a millisecond, kept
    /// nowhere). What a page shows while the real thumbnail is made. Nil for a photo without one (or with
    /// one of another shape); `.notFound` for a name no readable photo has.
    public func placeholder(stem: String) throws(Failure) -> [UInt8]? {
        let photos: [Photo]
        let found: LibraryRoot?
        do {
            photos = try ThumbnailNames.photos(named: stem, in: library.store)
            found = try root()
        } catch {
            throw .library(error)
        }
        guard let photo = photos.first, let root = found else { throw .notFound("no photo has the thumbnail name '\(stem)'") }
        guard photo.format == "jpeg" else { return nil }
        let file: SourceFile
        do {
            file = try SourceFile(pathBytes: root.absolutePathBytes(of: photo), displayPath: photo.path, inside: root.pathBytes + [UInt8(ascii: "/")])
        } catch .sourceChanged {
            throw .changed(path: photo.path)
        } catch {
            if Self.saysFileGone(error) { throw .changed(path: photo.path) }
            throw .unreadable(LibraryThumbnails.message(error, path: photo.path))
        }
        let descriptor = file.descriptor
        guard file.version == FileVersion(size: photo.fileSize, modificationTimeNanoseconds: photo.modificationTimeNanoseconds),
              ContentKey.digest(of: photo.contentKey).map({ (try? ImageProbe.contentDigest(descriptor: descriptor, format: .jpeg)) == $0 }) ?? true
        else {
            throw .changed(path: photo.path)
        }
        return EmbeddedThumbnailSquare.make(file: file, displayWidth: photo.pixelWidth ?? 0, displayHeight: photo.pixelHeight ?? 0)
    }

    /// Whether `error` says the photo's file is not where it was indexed (gone, a link in its place, a file
    /// in place of a folder): `.changed`, as `media` answers it, and nothing recorded.
    static func saysFileGone(_ error: ThumbnailError) -> Bool {
        guard case .system(_, _, let errno) = error else { return false }
        return errno == ENOENT || errno == ENOTDIR || errno == ELOOP
    }

    /// Records what was made since the last call, in one transaction; the number of thumbnails.
    /// A server calls it a few times a second and at shutdown: each file is already in place, atomically,
    /// so a record lost to a crash only means the next `thumbs` or request makes it again.
    @discardableResult
    public func saveRecords() throws(LibraryError) -> Int {
        let pending = unrecorded.withLock { $0 }
        guard !pending.isEmpty else { return 0 }
        try library.store.saveThumbnailRecords(pending.values.flatMap(\.records))
        unrecorded.withLock { current in
            for (path, entry) in pending where current[path]?.file == entry.file { current.removeValue(forKey: path) }
        }
        return pending.count
    }

    /// The cache of `variant`'s folder, opened once — under the lock: threads opening a new folder at
    /// once each saw the others' half-made folder (its lock file, owner file and variant folders appear one
    /// by one) and one in three runs of `OnDemandMakesOnceTests` refused it as "not empty".
    private func cache(for variant: ThumbnailVariant) throws(Failure) -> ThumbnailCache {
        let opened = caches.withLock { caches -> Result<ThumbnailCache, ThumbnailError> in
            if let cache = caches[variant.name] { return .success(cache) }
            do throws(ThumbnailError) {
                let cache = try ThumbnailCache(root: folder, variants: [variant], owner: owner)
                caches[variant.name] = cache
                return .success(cache)
            } catch {
                return .failure(error)
            }
        }
        switch opened {
        case .success(let cache): return cache
        case .failure(let error): throw .folder(error)
        }
    }
}
