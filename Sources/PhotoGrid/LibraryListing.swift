import PhotoGridSupport
public import PhotoLibrary

/// One photo of `photogrid list --json` (`docs/json.md`, `docs/schemas/list.schema.json`). Absent facts are omitted.
public struct ListedPhoto: Decodable, Sendable, Equatable, JSONWritable {
    public var id: Int64
    /// Path relative to the indexed folder (display text: invalid UTF-8 bytes shown as U+FFFD).
    public var path: String
    /// Base64 of the path's bytes, present when they are not valid UTF-8 (`path` cannot open the file then).
    public var pathBytes: String?
    /// `ok`, `error` or `missing`.
    public var status: String
    /// `jpeg`, `png`, `webp`, `heic`, `avif`, `mov` or `mp4`: what the file was read as (an error row:
    /// what it claims).
    public var format: String
    /// `photo`, `video` or `live` (a Live Photo: the photo row; its movie is a `video` row with `livePhotoId`).
    public var media: String
    /// A video's (or a Live Photo's motion's) duration in seconds, when the file says; a video's codec
    /// (`h264`, `hevc`); a video's poster frame time in seconds (`ffmpeg -ss posterTime` gives that frame).
    public var duration: Double?
    public var codec: String?
    public var posterTime: Double?
    /// A Live Photo's movie: its row id and path (an Android Motion Photo: its own path, and where the
    /// MP4 lies in it: `movieOffset`, `movieLength` bytes).
    public var movieId: Int64?
    public var moviePath: String?
    public var movieOffset: Int64?
    public var movieLength: Int64?
    /// A Live Photo's movie row: the id of its photo (the movie is not in the grid).
    public var livePhotoId: Int64?
    /// Why the file could not be read (error rows only).
    public var error: String?
    public var storedWidth: Int?
    public var storedHeight: Int?
    public var orientation: Int?
    /// Display (oriented) size.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// EXIF DateTimeOriginal, ISO 8601 local time.
    public var takenAt: String?
    /// The file's modification time when last indexed, ISO 8601 UTC (`…Z`): what a photo without
    /// `takenAt` is ordered and grouped by.
    public var modifiedAt: String?

    public init(_ photo: Photo) {
        id = photo.id
        path = photo.path
        pathBytes = PathBytesField.base64IfNotUTF8(photo.pathBytes)
        status = photo.status.rawValue
        format = photo.format
        media = photo.media.rawValue
        duration = photo.duration
        codec = photo.codec
        posterTime = photo.posterTime
        movieId = photo.movieID
        moviePath = photo.moviePath ?? (photo.motionLength != nil ? photo.path : nil)
        movieOffset = photo.motionOffset
        movieLength = photo.motionLength
        livePhotoId = photo.livePhotoID
        error = photo.status == .error ? photo.error : nil
        storedWidth = photo.storedWidth
        storedHeight = photo.storedHeight
        orientation = photo.orientation
        pixelWidth = photo.pixelWidth
        pixelHeight = photo.pixelHeight
        takenAt = photo.takenAt
        modifiedAt = photo.modifiedAt
    }

    /// The photo's object, keys sorted, absent facts left out.
    public func write(to w: inout JSONWriter) {
        w.beginObject()
        if let codec { w.key("codec"); w.value(codec) }
        if let duration { w.key("duration"); w.value(duration) }
        if let error { w.key("error"); w.value(error) }
        w.key("format"); w.value(format)
        w.key("id"); w.value(Int(id))
        if let livePhotoId { w.key("livePhotoId"); w.value(Int(livePhotoId)) }
        w.key("media"); w.value(media)
        if let modifiedAt { w.key("modifiedAt"); w.value(modifiedAt) }
        if let movieId { w.key("movieId"); w.value(Int(movieId)) }
        if let movieLength { w.key("movieLength"); w.value(Int(movieLength)) }
        if let movieOffset { w.key("movieOffset"); w.value(Int(movieOffset)) }
        if let moviePath { w.key("moviePath"); w.value(moviePath) }
        if let orientation { w.key("orientation"); w.value(orientation) }
        w.key("path"); w.value(path)
        if let pathBytes { w.key("pathBytes"); w.value(pathBytes) }
        if let pixelHeight { w.key("pixelHeight"); w.value(pixelHeight) }
        if let pixelWidth { w.key("pixelWidth"); w.value(pixelWidth) }
        if let posterTime { w.key("posterTime"); w.value(posterTime) }
        w.key("status"); w.value(status)
        if let storedHeight { w.key("storedHeight"); w.value(storedHeight) }
        if let storedWidth { w.key("storedWidth"); w.value(storedWidth) }
        if let takenAt { w.key("takenAt"); w.value(takenAt) }
        w.endObject()
    }
}

/// The `photogrid list --json` document, version 1: every photo in grid order.
public struct PhotoListDocument: Decodable, Sendable, Equatable, JSONWritable {
    public var version = 1
    public var photos: [ListedPhoto]
    /// With a page: the grid position of its first photo, and the photos in the library (every status).
    public var offset: Int?
    public var total: Int?

    public init(photos: [ListedPhoto], offset: Int? = nil, total: Int? = nil) {
        self.photos = photos
        self.offset = offset
        self.total = total
    }

    /// The document's JSON text (one line, keys sorted).
    public var json: String { String(decoding: jsonBytes(reservingCapacity: expectedBytes), as: UTF8.self) }

    /// About how many bytes the document takes (~250 a photo): the room its writer reserves.
    public var expectedBytes: Int { photos.count * 260 + 64 }

    public func write(to w: inout JSONWriter) {
        w.beginObject()
        if let offset { w.key("offset"); w.value(offset) }
        w.key("photos")
        w.array { w in for photo in photos { photo.write(to: &w) } }
        if let total { w.key("total"); w.value(total) }
        w.key("version"); w.value(version)
        w.endObject()
    }
}

/// `photogrid list`: the library's photos in grid order.
public enum LibraryListing {
    /// Reads every photo of the database at `database` (which must exist), in grid order.
    public static func document(database: LibraryLocation) throws(LibraryError) -> PhotoListDocument {
        try document(library: try Library.open(database))
    }

    /// The largest page `page(library:offset:limit:)` gives.
    public static let maximumPageSize = 1000

    /// Photos `offset ..< offset + limit` of an open library in grid order (every status, or only those
    /// whose status is `status`: `ok`, `error` or `missing`), with the total.
    public static func page(library: Library, offset: Int, limit: Int, status: String? = nil) throws -> PhotoListDocument {
        var only: PhotoStatus?
        if let status {
            guard let known = PhotoStatus(rawValue: status) else {
                throw UsageError(option: "status", separator: ": ", "'\(status)' is not one of ok, error, missing")
            }
            only = known
        }
        guard offset >= 0 else { throw UsageError(option: "offset", "must be 0 or more (got \(offset))") }
        guard (1...maximumPageSize).contains(limit) else {
            throw UsageError(option: "limit", "must be between 1 and \(CountText.grouped(maximumPageSize)) (got \(limit))")
        }
        let (photos, total) = try library.store.photoPage(offset: offset, limit: limit, status: only)
        return PhotoListDocument(photos: photos.map(ListedPhoto.init), offset: offset, total: total)
    }

    /// Every photo of an open library, in grid order.
    public static func document(library: Library) throws(LibraryError) -> PhotoListDocument {
        PhotoListDocument(photos: try library.store.photos().map(ListedPhoto.init))
    }
}
