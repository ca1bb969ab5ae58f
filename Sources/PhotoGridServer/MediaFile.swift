import PhotoGrid
import PhotoLibrary
import PhotoGridSupport
import Platform
import ImageFormats

/// An indexed video's bytes (or a Live Photo's movie's), opened to be served: the row's own file, and only
/// while it is the file that was indexed.
///
/// The file is opened under the library's folder without following a link at its last component, then
/// checked: a regular file whose size and modification time are the row's (else `.changed`: the next
/// index run reads it again), that lies inside the folder once every link on its way is resolved (a
/// folder swapped for a link since the index run reaches nothing outside). One owner: the descriptor is
/// closed when the value goes away.
final class MediaFile: Sendable {
    /// The open file.
    let descriptor: Int32
    /// Where the movie starts in the file (0; an Android Motion Photo's appended MP4: its offset).
    let start: Int64
    /// The number of bytes served.
    let length: Int64
    /// `video/mp4` or `video/quicktime`.
    let contentType: String
    /// A strong validator: the row id, size and modification time (`"media-12-4096-1700000000000000000"`).
    let entityTag: String
    /// The file's name, for a download.
    let name: String

    private init(descriptor: Int32, start: Int64, length: Int64, contentType: String, entityTag: String, name: String) {
        self.descriptor = descriptor; self.start = start; self.length = length; self.contentType = contentType
        self.entityTag = entityTag; self.name = name
    }

    deinit { close(descriptor) }

    /// What stops a row's media from being served.
    enum Failure: WrappingFailure {
        /// No such row, or a row with nothing to play (a photo, an unreadable or missing file).
        case notFound(String)
        /// The file is not the one indexed any more (size, time, kind or place changed).
        case changed(String)
        /// The library could not be read.
        case library(LibraryError)
        /// The file could not be opened or read.
        case failed(String)

        var description: String {
            switch self {
            case let .notFound(message), let .changed(message), let .failed(message): message
            case let .library(error): error.description
            }
        }

        var cause: (any PhotoGridFailure)? { if case let .library(error) = self { error } else { nil } }

        var uncausedKind: FailureKind {
            switch self {
            case .notFound: .notFound
            case .changed: .conflict
            case .library, .failed: .internal
            }
        }
    }

    /// The movie of row `id`: a video's own file, a Live Photo's movie.
    static func open(_ library: Library, id: Int64) throws(Failure) -> MediaFile {
        let row: Photo?
        do { row = try library.store.photo(id: id) } catch { throw .library(error) }
        guard let row else { throw .notFound("no photo or video has id \(id)") }
        guard row.status == .ok else { throw .notFound("item \(id) (\(row.path)) is \(row.status.rawValue) in the library: the index could not read it") }
        var movie = row
        switch row.media {
        case .photo:
            throw .notFound("item \(id) (\(row.path)) is a photo: only videos and Live Photos have media to play")
        case .live where row.motionLength != nil:
            break  // a Motion Photo: the MP4 inside its own file
        case .live:
            let found: Photo?
            do { found = try row.movieID.flatMap { movieID throws(LibraryError) in try library.store.photo(id: movieID) } } catch { throw .library(error) }
            guard let found, found.status == .ok else { throw .notFound("the Live Photo \(id) (\(row.path)) has no readable movie") }
            movie = found
        case .video:
            break
        }
        let root: LibraryRoot?
        do { root = try library.store.root() } catch { throw .library(error) }
        guard let root else { throw .notFound("the library has not been indexed yet") }
        let folder = root.pathBytes + [UInt8(ascii: "/")]
        let descriptor = (folder + movie.pathBytes).withNULTerminated { openReadOnly($0) }
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ELOOP || code == ENOTDIR { throw .changed("\(movie.path) is gone or was replaced since it was indexed") }
            throw .failed("cannot open \(movie.path): \(String(cString: strerror(code)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .failed("cannot read \(movie.path): \(String(cString: strerror(code)))")
        }
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        guard status.st_mode & S_IFMT == S_IFREG, Int64(status.st_size) == movie.fileSize,
              modified == movie.modificationTimeNanoseconds, ReadOnlyFile.isInside(folder, descriptor: descriptor),
              Self.hasIndexedContent(descriptor, of: movie) else {
            close(descriptor)
            throw .changed("\(movie.path) changed since it was indexed (the next index run reads it again)")
        }
        var name = movie.path.split(separator: "/").last.map(String.init) ?? movie.path
        var start: Int64 = 0, length = movie.fileSize
        if let offset = movie.motionOffset, let count = movie.motionLength {
            guard offset >= 0, count > 0, offset <= movie.fileSize - count else {
                close(descriptor)
                throw .changed("\(movie.path)'s motion lies outside the file")
            }
            start = offset; length = count
            name = (name.split(separator: ".").dropLast().joined(separator: ".")) + ".mp4"
        }
        return MediaFile(descriptor: descriptor, start: start, length: length,
                         contentType: movie.format == "mov" ? "video/quicktime" : "video/mp4",
                         entityTag: "\"media-\(movie.id)-\(movie.fileSize)-\(movie.modificationTimeNanoseconds)-\(start)\"", name: name)
    }

    /// Up to `count` bytes at `offset` of the movie (from `start`; fewer only at the end of the file).
    func read(_ count: Int, at movieOffset: Int64) throws(Failure) -> [UInt8] {
        let offset = start + movieOffset
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if got > 0 { done += got } else if got == 0 { break } else if errno != EINTR {
                throw .failed("cannot read \(name): \(String(cString: strerror(errno)))")
            }
        }
        bytes.removeSubrange(done...)
        return bytes
    }
}

extension MediaFile {
    /// Whether the file open as `descriptor` still gives `movie`'s content key (its bytes, not only its
    /// size and time, as indexed); true for a row without a key.
    static func hasIndexedContent(_ descriptor: Int32, of movie: Photo) -> Bool {
        guard let digest = ContentKey.digest(of: movie.contentKey) else { return true }
        let format = ImageFormat(rawValue: movie.format) ?? .jpeg
        return (try? ImageProbe.contentDigest(descriptor: descriptor, format: format)) == digest
    }
}

/// open(2) read-only, not following a link at the last component, never blocking on a FIFO (a file scope
/// name: `MediaFile.open` hides the C function inside the class).
private func openReadOnly(_ path: UnsafePointer<CChar>) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
}
