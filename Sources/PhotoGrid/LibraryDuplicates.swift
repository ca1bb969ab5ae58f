import Duplicates
public import PhotoLibrary
import PhotoGridSupport
import ImageFormats
import Thumbnails
import Platform

/// `photogrid duplicates` and `GET /api/v1/duplicates`: the groups of copies of one picture in a library.
///
/// Signatures (`Duplicates.SignatureMaker`) are made for the photos whose content key has none yet and
/// kept in the library (`PictureSignatureStore`), a batch at a time; then exact copies (one content key,
/// the same bytes) and near copies (hash candidates each proven by `PictureVerifier`, capture times
/// refusing) are grouped, and `KeepRule` chooses the copy to keep. No file is changed.
public enum LibraryDuplicates {
    /// Signatures are saved after this many are made (a crash loses at most this many).
    static let batchSize = 200

    /// The groups of `library`, making missing signatures on `jobs` threads; `makeSignatures: false`
    /// uses only the signatures already kept (what the server answers without a long request). The
    /// signatures stop being made, those made kept, once `isCancelled` says so.
    public static func find(library: Library, jobs: Int? = nil, makeSignatures: Bool = true,
                            progress: (any ProgressReporting)? = nil,
                            isCancelled: @escaping @Sendable () -> Bool = { false }) throws(LibraryError) -> DuplicatesDocument {
        let store = library.store
        guard let root = try store.root() else {
            return DuplicatesDocument(groups: [], leftOut: [], photos: 0, signaturesMade: 0)
        }
        if makeSignatures && !root.isFolder { throw .libraryFolderGone(path: root.path) }
        let rows = try store.photos(statuses: [.ok, .error]).filter { $0.media != .video }
        let photos = rows.filter { $0.status == .ok && $0.contentKey != nil }
        let unreadable = rows.filter { $0.status == .error }
        var hashes = try store.pictureHashes()
        var made = 0
        if makeSignatures {
            var seen = Set<String>()
            let missing = photos.filter { hashes[$0.contentKey!] == nil && seen.insert($0.contentKey!).inserted }
            if !missing.isEmpty {
                made = try SignatureRun(store: store, root: root, photos: missing, threads: jobs ?? IndexOptions.activeProcessorCount,
                                        progress: progress, isCancelled: isCancelled).run()
                hashes = try store.pictureHashes()
            }
        }
        progress?.finish()
        var document = try group(photos, hashes: hashes, store: store, root: root, made: made)
        if !unreadable.isEmpty {
            document.leftOut += unreadable.map {
                .init(id: $0.id, path: $0.path, pathBytes: PathBytesField.base64IfNotUTF8($0.pathBytes), reason: $0.error ?? "unreadable")
            }
            document.leftOut.sort { ($0.path, $0.id) < ($1.path, $1.id) }
        }
        return document
    }

    /// The groups among `photos` given the kept hashes.
    static func group(_ photos: [Photo], hashes: [String: UInt64?], store: any LibraryStore, root: LibraryRoot,
                      made: Int) throws(LibraryError) -> DuplicatesDocument {
        // One position per content key that has a signature; its photos by key.
        var keys: [String] = [], position: [String: Int] = [:], photosOfKey: [[Photo]] = []
        var leftOutKeys: [String: [Photo]] = [:]
        for photo in photos {
            let key = photo.contentKey!
            guard case .some(.some) = hashes[key] else {
                leftOutKeys[key, default: []].append(photo)
                continue
            }
            if let at = position[key] { photosOfKey[at].append(photo); continue }
            position[key] = keys.count
            keys.append(key)
            photosOfKey.append([photo])
        }
        let keyHashes = keys.map { hashes[$0]!! }
        // Candidates by hash; signatures read only for the keys a candidate pair names.
        let candidates = HashIndex(hashes: keyHashes, chunks: 5).pairs(within: 4)
        var needed = Set<Int>()
        for pair in candidates { needed.insert(pair.first); needed.insert(pair.second) }
        let records = try store.pictureSignatures(contentKeys: needed.map { keys[$0] })
        var signatures: [Int: PictureSignature] = [:]
        for at in needed {
            if case .success(let made)? = records[keys[at]]?.outcome, let signature = try? PictureSignature(bytes: made.bytes) {
                signatures[at] = signature
            }
        }
        let capture: (Int) -> Double? = { at in
            // Copies under one key share their bytes, so their capture time too: the first's stands for them.
            photosOfKey[at][0].takenAt.flatMap(CaptureTimeRule.seconds(of:))
        }
        let verifier = PictureVerifier()
        var sets = DisjointSets(count: keys.count)
        for pair in candidates {
            guard let a = signatures[pair.first], let b = signatures[pair.second] else { continue }
            if verifier.verdict(a, b, capturedA: capture(pair.first), capturedB: capture(pair.second)).isSame {
                sets.union(pair.first, pair.second)
            }
        }
        var groups: [DuplicatesDocument.Group] = []
        // Proven sets of keys, and the keys that several photos share (copies under one key).
        var grouped = Set(sets.groups().joined())
        let sharedKeys = photosOfKey.indices.filter { photosOfKey[$0].count > 1 && !grouped.contains($0) }.map { [$0] }
        grouped.removeAll()
        for members in sets.groups() + sharedKeys {
            let copies = members.flatMap { photosOfKey[$0] }
            guard copies.count > 1 else { continue }
            let exact = members.count == 1 && sameBytes(copies, root: root)
            groups.append(group(of: copies, kind: exact ? .exact : .near))
        }
        groups.sort { ($0.photos[0].path, $0.photos[0].id) < ($1.photos[0].path, $1.photos[0].id) }

        var leftOut: [DuplicatesDocument.LeftOut] = [], pending = 0
        if !leftOutKeys.isEmpty {
            let failures = try store.pictureSignatures(contentKeys: Array(leftOutKeys.keys))
            for (key, photos) in leftOutKeys {
                guard case .failure(let failure)? = failures[key]?.outcome else {
                    pending += photos.count
                    continue
                }
                for photo in photos {
                    leftOut.append(.init(id: photo.id, path: photo.path, pathBytes: PathBytesField.base64IfNotUTF8(photo.pathBytes),
                                         reason: failure.message))
                }
            }
            leftOut.sort { ($0.path, $0.id) < ($1.path, $1.id) }
        }
        return DuplicatesDocument(groups: groups, leftOut: leftOut, photos: photos.count, signaturesMade: made, pending: pending)
    }

    /// Whether the files of `copies` (one content key) hold the same bytes (read and compared).
    static func sameBytes(_ copies: [Photo], root: LibraryRoot) -> Bool {
        let paths = copies.map { String(decoding: root.absolutePathBytes(of: $0), as: UTF8.self) }
        let result = ExactCopies.groups(paths: paths, sizes: copies.map(\.fileSize))
        return result.groups.count == 1 && result.groups[0].count == copies.count
    }

    /// The group of `copies`, the kept one first, the others by path.
    static func group(of copies: [Photo], kind: DuplicatesDocument.Kind) -> DuplicatesDocument.Group {
        let ordered = copies.sorted { ($0.path, $0.id) < ($1.path, $1.id) }
        let (kept, reason) = KeepRule.keep(ordered.map {
            KeepRule.Candidate(pixels: ($0.pixelWidth ?? 0) * ($0.pixelHeight ?? 0), format: $0.format,
                               hasCaptureDate: $0.takenAt != nil, modified: $0.modificationTimeNanoseconds)
        })
        var photos = ordered.enumerated().map { at, photo in
            DuplicatesDocument.Copy(id: photo.id, path: photo.path, pathBytes: PathBytesField.base64IfNotUTF8(photo.pathBytes),
                                    keep: at == kept, width: photo.pixelWidth ?? 0, height: photo.pixelHeight ?? 0,
                                    format: photo.format, fileSize: photo.fileSize, takenAt: photo.takenAt, modifiedAt: photo.modifiedAt)
        }
        photos.insert(photos.remove(at: kept), at: 0)
        return DuplicatesDocument.Group(kind: kind, keepReason: reason.rawValue, photos: photos)
    }
}

/// Makes the signatures of `photos` (one per content key) on `threads` threads and saves them a batch at
/// a time from the calling thread, reporting progress.
struct SignatureRun {
    let store: any LibraryStore
    let root: LibraryRoot
    let photos: [Photo]
    let threads: Int
    let progress: (any ProgressReporting)?
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
        let started = workers.start(max(1, min(threads, photos.count)), jobs: photos.count) { at in
            let record = Self.record(key: keys[at], source: sources[at])
            outcomes.state.withLock { state in
                if let record { state.ready.append(record) }
                state.finished += 1
            }
        }
        if !started {  // no thread to be had: make them here
            for at in photos.indices {
                let record = Self.record(key: keys[at], source: sources[at])
                outcomes.state.withLock { state in
                    if let record { state.ready.append(record) }
                    state.finished += 1
                }
            }
        }
        var saved = 0
        progress?.update(IndexProgress(phase: .indexing, done: 0, total: photos.count))
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
            progress?.update(IndexProgress(phase: .indexing, done: finished, total: photos.count))
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
