import Duplicates
public import PhotoLibrary
import PhotoGridSupport
import ImageFormats
import Thumbnails
import Platform
import Indexing

/// `photogrid duplicates` and `GET /api/v1/duplicates`: the groups of copies of one picture in a library.
///
/// Signatures (`Duplicates.SignatureMaker`) are made for the photos whose content key has none yet and
/// kept in the library (`PictureSignatureStore`), a batch at a time; then exact copies (one content key,
/// the same bytes) and near copies (hash candidates each proven by `PictureVerifier`, capture times
/// refusing) are grouped, and `KeepRule` chooses the copy to keep. No file is changed.
public enum LibraryDuplicates {
    /// The side of the thumbnails the server names for copies (the ladder's smallest detail rung).
    static let thumbnailSide = ThumbnailLadder.detailSides[0]
    /// The photos whose rows a run holds at once.
    static let runChunk = 10_000
    /// Signatures are saved after this many are made (a crash loses at most this many).
    static let batchSize = 200

    /// The groups of `library`, making missing signatures on `jobs` threads; `makeSignatures: false`
    /// uses only the signatures already kept (what the server answers without a long request). The
    /// signatures stop being made, those made kept, once `isCancelled` says so. With `thumbnailPrefix`, each
    /// copy names its `detail-640` thumbnail (the server's on-demand name) after that prefix.
    public static func find(library: Library, jobs: Int? = nil, makeSignatures: Bool = true, thumbnailPrefix: String? = nil,
                            progress: (any ProgressReporting)? = nil,
                            isCancelled: @escaping @Sendable () -> Bool = { false }) throws(LibraryError) -> DuplicatesDocument {
        let store = library.store
        guard let root = try store.root() else {
            return DuplicatesDocument(groups: [], leftOut: [], photos: 0, signaturesMade: 0)
        }
        if makeSignatures && !root.isFolder { throw .libraryFolderGone(path: root.path) }
        var index = try store.pictureSignatureIndex()
        var made = 0
        if makeSignatures {
            // One photo per content key without a record: its signature stands for the key's copies.
            var ids: [Int64] = []
            for (at, entry) in index.enumerated() where entry.kept == .none && (at == 0 || index[at - 1].contentKey != entry.contentKey) {
                ids.append(entry.photoID)
            }
            if !ids.isEmpty {
                // A chunk's rows at a time: a fresh library of a million photos holds a chunk in memory, not all.
                for start in stride(from: 0, to: ids.count, by: runChunk) where !isCancelled() {
                    let missing = try store.photos(ids: Array(ids[start ..< min(start + runChunk, ids.count)]))
                    made += try SignatureRun(store: store, root: root, photos: missing, threads: jobs ?? IndexOptions.activeProcessorCount,
                                             progress: progress, done: start, total: ids.count, isCancelled: isCancelled).run()
                }
                index = try store.pictureSignatureIndex()
            }
        }
        progress?.finish()
        var document = try group(index, store: store, root: root, made: made, thumbnailPrefix: thumbnailPrefix)
        let unreadable = try store.photos(statuses: [.error]).filter { $0.media != .video }
        if !unreadable.isEmpty {
            document.leftOut += unreadable.map {
                .init(id: $0.id, path: $0.path, pathBytes: PathBytesField.base64IfNotUTF8($0.pathBytes), reason: $0.error ?? "unreadable")
            }
            document.leftOut.sort { ($0.path, $0.id) < ($1.path, $1.id) }
        }
        return document
    }

    /// The groups the index (ordered by content key) gives.
    static func group(_ index: [PictureSignatureIndexEntry], store: any PhotoRowStore & PictureSignatureStore, root: LibraryRoot,
                      made: Int, thumbnailPrefix: String? = nil) throws(LibraryError) -> DuplicatesDocument {
        // One position per content key that has a signature, with its photos' ids.
        var keys: [String] = [], hashes: [UInt64] = [], idsOfKey: [[Int64]] = []
        var failed: [Int64] = [], failedKeys: [String] = [], pending = 0
        for (at, entry) in index.enumerated() {
            let sameKey = at > 0 && index[at - 1].contentKey == entry.contentKey
            switch entry.kept {
            case .hash(let hash):
                if sameKey { idsOfKey[idsOfKey.count - 1].append(entry.photoID); continue }
                keys.append(entry.contentKey)
                hashes.append(hash)
                idsOfKey.append([entry.photoID])
            case .failure:
                failed.append(entry.photoID)
                if !sameKey { failedKeys.append(entry.contentKey) }
            case .none:
                pending += 1
            }
        }
        // Candidates by hash; signatures read only for the keys a candidate pair names.
        let candidates = HashIndex(hashes: hashes, chunks: 5).pairs(within: 4)
        var needed = Set<Int>()
        for pair in candidates { needed.insert(pair.first); needed.insert(pair.second) }
        let records = try store.pictureSignatures(contentKeys: needed.map { keys[$0] })
        var signatures: [Int: PictureSignature] = [:]
        for at in needed {
            if case .success(let kept)? = records[keys[at]]?.outcome, let signature = try? PictureSignature(bytes: kept.bytes) {
                signatures[at] = signature
            }
        }
        // The photos of candidate keys and of keys several photos share: the rows a group can hold.
        let shared = idsOfKey.indices.filter { idsOfKey[$0].count > 1 }
        let rows = try store.photos(ids: Array(Set(needed).union(shared).flatMap { idsOfKey[$0] }))
        var photoByID: [Int64: Photo] = [:]
        for photo in rows { photoByID[photo.id] = photo }
        let capture: (Int) -> Double? = { at in
            // Copies under one key share their bytes, so their capture time too: the first's stands for them.
            photoByID[idsOfKey[at][0]]?.takenAt.flatMap(CaptureTimeRule.seconds(of:))
        }
        let verifier = PictureVerifier()
        var sets = DisjointSets(count: keys.count)
        for pair in candidates {
            guard let a = signatures[pair.first], let b = signatures[pair.second] else { continue }
            if verifier.verdict(a, b, capturedA: capture(pair.first), capturedB: capture(pair.second)).isSame {
                sets.union(pair.first, pair.second)
            }
        }
        // Proven sets of keys, and the keys several photos share (copies under one key) on their own.
        let proven = sets.groups()
        let grouped = Set(proven.joined())
        var groups: [DuplicatesDocument.Group] = []
        for members in proven + shared.filter({ !grouped.contains($0) }).map({ [$0] }) {
            let copies = members.flatMap { idsOfKey[$0].compactMap { photoByID[$0] } }
            guard copies.count > 1 else { continue }
            let exact = members.count == 1 && sameBytes(copies, root: root)
            groups.append(group(of: copies, kind: exact ? .exact : .near, thumbnailPrefix: thumbnailPrefix))
        }
        groups.sort { ($0.photos[0].path, $0.photos[0].id) < ($1.photos[0].path, $1.photos[0].id) }

        var leftOut: [DuplicatesDocument.LeftOut] = []
        if !failed.isEmpty {
            let reasons = try store.pictureSignatures(contentKeys: failedKeys)
            for photo in try store.photos(ids: failed) {
                guard let key = photo.contentKey, case .failure(let failure)? = reasons[key]?.outcome else { continue }
                leftOut.append(.init(id: photo.id, path: photo.path, pathBytes: PathBytesField.base64IfNotUTF8(photo.pathBytes),
                                     reason: failure.message))
            }
            leftOut.sort { ($0.path, $0.id) < ($1.path, $1.id) }
        }
        return DuplicatesDocument(groups: groups, leftOut: leftOut, photos: index.count, signaturesMade: made, pending: pending)
    }

    /// Whether the files of `copies` (one content key) hold the same bytes (read and compared).
    static func sameBytes(_ copies: [Photo], root: LibraryRoot) -> Bool {
        let paths = copies.map { String(decoding: root.absolutePathBytes(of: $0), as: UTF8.self) }
        let result = ExactCopies.groups(paths: paths, sizes: copies.map(\.fileSize))
        return result.groups.count == 1 && result.groups[0].count == copies.count
    }

    /// The group of `copies`, the kept one first, the others by path.
    static func group(of copies: [Photo], kind: DuplicatesDocument.Kind, thumbnailPrefix: String?) -> DuplicatesDocument.Group {
        let ordered = copies.sorted { ($0.path, $0.id) < ($1.path, $1.id) }
        let (kept, reason) = KeepRule.keep(ordered.map {
            KeepRule.Candidate(pixels: ($0.pixelWidth ?? 0) * ($0.pixelHeight ?? 0), format: $0.format,
                               hasCaptureDate: $0.takenAt != nil, modified: $0.modificationTimeNanoseconds)
        })
        var photos = ordered.enumerated().map { at, photo in
            DuplicatesDocument.Copy(id: photo.id, path: photo.path, pathBytes: PathBytesField.base64IfNotUTF8(photo.pathBytes),
                                    keep: at == kept, width: photo.pixelWidth ?? 0, height: photo.pixelHeight ?? 0,
                                    format: photo.format, fileSize: photo.fileSize, takenAt: photo.takenAt, modifiedAt: photo.modifiedAt,
                                    thumbnail: thumbnailPrefix.map {
                                        $0 + ThumbnailCache.relativePath(variant: .detail(thumbnailSide), contentKey: photo.contentKey, photoID: photo.id)
                                    })
        }
        photos.insert(photos.remove(at: kept), at: 0)
        return DuplicatesDocument.Group(kind: kind, keepReason: reason.rawValue, photos: photos)
    }
}

/// Makes the signatures of `photos` (one per content key) on `threads` threads and saves them a batch at
/// a time from the calling thread, reporting progress.
struct SignatureRun {
    let store: any PictureSignatureStore
    let root: LibraryRoot
    let photos: [Photo]
    let threads: Int
    let progress: (any ProgressReporting)?
    /// The photos done before this run, and the total, for the progress reported.
    let done: Int
    let total: Int
    let isCancelled: @Sendable () -> Bool

    /// Outcomes handed from the makers to the saving thread.
    final class Outcomes: Sendable {
        let state = LockedCondition<(ready: [PictureSignatureRecord], finished: Int)>(([], 0))
    }

    /// Makes and saves every signature; returns how many were made (failures included).
    func run() throws(LibraryError) -> Int {
        let outcomes = Outcomes()
        let sources = photos.map(source(of:))
        let keys = photos.map { $0.contentKey! }
        let workers = WorkerThreads()
        let make: @Sendable (Int) -> Void = { at in
            let record = Self.record(key: keys[at], source: sources[at])
            outcomes.state.withLock { state in
                if let record { state.ready.append(record) }
                state.finished += 1
            }
        }
        if !workers.start(max(1, min(threads, photos.count)), jobs: photos.count, make) {
            for at in photos.indices { make(at) }  // no thread to be had: made here
        }
        var saved = 0
        progress?.update(IndexProgress(phase: .indexing, done: done, total: total))
        while true {
            let (batch, finished) = outcomes.state.withLock(waitingUntil: { $0.ready.count >= LibraryDuplicates.batchSize || $0.finished == photos.count },
                                                             timeout: .milliseconds(250)) { state in
                defer { state.ready = [] }
                return (state.ready, state.finished)
            }
            do {
                try store.savePictureSignatures(batch)
            } catch {
                workers.cancelAndJoin()
                throw error
            }
            saved += batch.count
            progress?.update(IndexProgress(phase: .indexing, done: done + finished, total: total))
            if finished == photos.count { break }
            if isCancelled() {
                workers.cancelAndJoin()
                let last = outcomes.state.withLock { state in defer { state.ready = [] }; return state.ready }
                try store.savePictureSignatures(last)
                return saved + last.count
            }
        }
        workers.cancelAndJoin()
        return saved
    }

    /// The thumbnail pipeline's source for `photo`: opened inside the library folder, not through a link,
    /// and only as indexed (size and mtime).
    func source(of photo: Photo) -> ThumbnailSource {
        var source = ThumbnailSource(
            pathBytes: root.absolutePathBytes(of: photo), displayPath: photo.path,
            storedWidth: photo.storedWidth ?? 0, storedHeight: photo.storedHeight ?? 0, exifOrientation: photo.orientation ?? 1,
            format: ImageFormat(rawValue: photo.format) ?? .jpeg,
            expectedVersion: FileVersion(size: photo.fileSize, modificationTimeNanoseconds: photo.modificationTimeNanoseconds))
        source.folder = root.pathBytes + [UInt8(ascii: "/")]
        source.expectedDigest = ContentKey.digest(of: photo.contentKey)
        return source
    }

    /// The record to keep for `key`, or nil when the file changed or went since it was indexed (nothing
    /// is kept then: the next index run gives it a new key).
    static func record(key: String, source: ThumbnailSource) -> PictureSignatureRecord? {
        do {
            let signature = try SignatureMaker.signature(of: source)
            return PictureSignatureRecord(contentKey: key, outcome: .success((signature.hash.bits, signature.bytes)))
        } catch {
            switch error {
            case .thumbnail(.sourceChanged), .thumbnail(.sizeChanged), .thumbnail(.system(call: _, path: _, errno: ENOENT)):
                return nil
            default:
                return PictureSignatureRecord(contentKey: key, outcome: .failure(PictureSignatureFailure(error.description)))
            }
        }
    }
}
