import GridLayout
import PhotoLibrary
public import Thumbnails

import Platform
public import PhotoGridSupport
import Indexing

/// `photogrid export`: everything a client needs to draw the Photos grid of a folder, in one folder.
///
/// `DIR/.photogrid-export` (the `ExportMarker` naming these outputs, so no index takes them for
/// photos), `DIR/photogrid.sqlite` (the library, indexed incrementally), `DIR/thumbnails/grid-N/…` and
/// `DIR/thumbnails/detail-M/…` (`photogrid thumbs`), `DIR/layout.json` (the layout document of every
/// cell, each with its grid thumbnail's path relative to `layout.json`) and `DIR/grid.jpg` (the first
/// screen, drawn from the thumbnails). A rerun on an unchanged folder stats the files, finds every
/// thumbnail current, and rewrites neither `layout.json` nor `grid.jpg` when their content is the same.
public enum GalleryExport {
    /// What `export` asks for.
    public struct Request: Sendable, Hashable {
        public var folder: String
        public var output: String
        public var width: Double
        public var height: Double
        public var scale: Double
        /// Detail thumbnails fit within this many pixels; nil: the viewport's long side × scale.
        public var detailSize: Int?
        public var jobs: Int?
        /// The most pixels one photo's decoding may hold (`ThumbnailRequest.pixelLimit`).
        public var pixelLimit: Int
        /// `--group`: none, day, month or year.
        public var group: String
        /// `--header-height`: a section header's height in points.
        public var headerHeight: Double
        /// `--justified` and its options; nil for the square grid.
        public var justified: JustifiedRequest?

        public init(folder: String, output: String, width: Double = 393, height: Double = 759, scale: Double = 3,
                    detailSize: Int? = nil, jobs: Int? = nil, pixelLimit: Int = ThumbnailOptions.defaultPixelLimit,
                    group: String = "none", headerHeight: Double = 44, justified: JustifiedRequest? = nil) {
            self.justified = justified
            self.group = group
            self.headerHeight = headerHeight
            self.folder = folder
            self.output = output
            self.width = width
            self.height = height
            self.scale = scale
            self.detailSize = detailSize
            self.jobs = jobs
            self.pixelLimit = pixelLimit
        }

        /// The detail thumbnails' long side: the viewport's long side in device pixels unless given.
        public var detailPixels: Int { detailSize ?? Int((max(width, height) * scale).rounded(.up)) }

        /// The library's file name inside the export folder.
        static let databaseName = "photogrid.sqlite"
        var database: LibraryLocation { .sqliteFile(output + "/" + Self.databaseName) }
        var layoutRequest: LayoutRequest {
            LayoutRequest(width: width, height: height, scale: scale, group: group, headerHeight: headerHeight, justified: justified)
        }
    }

    /// What an export did.
    public struct Report: Sendable {
        public var index: IndexReport
        public var thumbnails: ThumbnailsReport
        public var cells: Int
        public var layoutPath: String
        public var layoutWritten: Bool
        public var picturePath: String
        public var pictureWritten: Bool
        public var pictureFailures: [LibraryPicture.Summary.Failure]
    }

    /// Runs the export. Throws `UsageError` for bad requests; other errors are fatal (one line, exit 1).
    public static func run(_ request: Request, indexProgress: (any ProgressReporting)? = nil,
                           thumbnailProgress: (any ProgressReporting)? = nil) throws -> Report {
        let layoutRequest = request.layoutRequest
        let configuration = try layoutRequest.configuration()
        _ = try layoutRequest.grouping()  // validates --group before anything is written
        _ = try layoutRequest.justifiedConfiguration()
        _ = try GalleryLayout(photos: [], viewport: layoutRequest.viewport, configuration: configuration)  // validates
        guard request.detailPixels > 0, request.detailPixels <= ThumbnailRequest.maximumPixels else {
            throw UsageError(option: "detail-size", "must be between 1 and \(CountText.grouped(ThumbnailRequest.maximumPixels)) pixels (got \(request.detailPixels))")
        }
        _ = try Indexer.resolve(request.folder)  // a wrong folder must not leave an output folder behind
        try checkOutputFolder(request.output)
        let hadDatabase = access(request.output + "/" + Request.databaseName, F_OK) == 0
        let created: CreatedFolder?
        do { created = try CreatedFolder.make(request.output) } catch { throw ExportError(output: "\(error)", kind: .internal) }
        do {
            return try write(request, layoutRequest: layoutRequest, configuration: configuration,
                             indexProgress: indexProgress, thumbnailProgress: thumbnailProgress)
        } catch {
            // A failed run removes what it made: the output folder, else the library it created — but
            // never a library holding photo rows (batches committed before a full disk): then the folder
            // stays, and a rerun continues it.
            if let created {
                if !LibraryStoreOpener.holdsPhotos(request.database) { created.remove() }
            } else if !hadDatabase {
                LibraryStoreOpener.removeNew(request.database)
            }
            throw error
        }
    }

    /// The names an export puts into its folder: a folder that holds only these (and its library)
    /// was made by a previous export.
    static let exportNames = Set(ExportMarker.outputs(databaseName: Request.databaseName))

    /// Refuses an output folder that is neither empty nor a previous export's (its library
    /// `photogrid.sqlite` and nothing but what an export writes): `export` never writes among
    /// someone else's files, such as the photos themselves.
    static func checkOutputFolder(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw ExportError(output: "\(path) exists and is not a folder", kind: .conflict) }
        guard let names = FolderListing.names(path) else {
            throw ExportError(output: "cannot read \(path): \(String(cString: strerror(errno)))", kind: FailureKind(errno: errno))
        }
        if names.isEmpty { return }
        // A previous export (the store then refuses a photogrid.sqlite that is not a library).
        let isExport = names.contains(Request.databaseName)
            && names.allSatisfy { exportNames.contains($0) || AtomicFile.isTemporary($0) }
        if !isExport {
            throw ExportError(output: "\(path) is not empty and holds no photogrid export; nothing was written", kind: .conflict,
                              remedy: .emptyFolder)
        }
    }

    /// Indexes, makes the thumbnails and writes layout.json and grid.jpg into the output folder.
    private static func write(_ request: Request, layoutRequest: LayoutRequest, configuration: GridConfiguration,
                              indexProgress: (any ProgressReporting)?, thumbnailProgress: (any ProgressReporting)?) throws -> Report {
        // The one pool of the export, released when it returns or throws (before `run` removes a
        // library it made).
        let library = try Library.openOrCreate(request.database)
        let index = try LibraryIndexing.index(library: library, folder: request.folder, jobs: request.jobs,
                                              progressBar: indexProgress)
        // Names this folder's outputs, so that no index (of the photo folder it may sit in) takes
        // grid.jpg or the thumbnails for photos. Written once the library is known to be ours (the
        // walk skips the library's own files without it), so a refused run writes nothing.
        let marker = ExportMarker.contents(outputs: ExportMarker.outputs(databaseName: Request.databaseName))
        _ = try writeIfChanged(Array(marker.utf8), to: request.output + "/" + ExportMarker.fileName)
        var thumbnailRequest = ThumbnailRequest(width: request.width, scale: request.scale, detailSize: request.detailPixels,
                                                jobs: request.jobs, pixelLimit: request.pixelLimit,
                                                folder: request.output + "/thumbnails")
        thumbnailRequest.prune = true  // sizes an earlier export made and this one does not are removed
        try thumbnailRequest.validate()
        let thumbnails = try LibraryThumbnails.gridThumbnails(library: library, request: thumbnailRequest,
                                                              progressBar: thumbnailProgress)

        // layout.json: every cell, each with its thumbnail relative to the document.
        let (entries, sections) = try library.store.readGrid { grid in
            (try grid.entries(), try layoutRequest.grouping().sections(grid))
        }
        // Justified cells are not squares: they name the detail thumbnail (the whole photo), drawn at the
        // cell's imageFrame and clipped to its frame.
        let wholePhotos = request.justified == nil ? nil
            : try library.store.thumbnailPaths(variant: ThumbnailVariant.detail(request.detailPixels).name)
        let cellThumbnails = wholePhotos ?? thumbnails.relativePaths
        let photos = entries.map { entry in
            var photo = GalleryPhoto(entry)
            photo.thumbnail = cellThumbnails[entry.id].map { "thumbnails/" + $0 }
            return photo
        }
        let gallery = try GalleryLayout(photos: photos, viewport: layoutRequest.viewport, configuration: configuration,
                                        sections: sections, justified: try layoutRequest.justifiedConfiguration())
        var bytes = try gallery.layoutDocument(all: true).documentBytes(reservingCapacity: photos.count * 300 + 1024)
        bytes.append(UInt8(ascii: "\n"))
        let layoutPath = request.output + "/layout.json"
        let layoutWritten = try writeIfChanged(bytes, to: layoutPath)

        // grid.jpg: the first screen, redrawn only when the layout changed or the picture is gone.
        let picturePath = request.output + "/grid.jpg"
        var failures: [LibraryPicture.Summary.Failure] = []
        var pictureWritten = false
        if layoutWritten || access(picturePath, F_OK) != 0 {
            let summary = try LibraryPicture.render(library: library, request: layoutRequest, output: picturePath,
                                                    thumbnail: { photo in
                                                        guard wholePhotos != nil else { return photo.id.flatMap { thumbnails.path(for: $0) } }
                                                        return photo.thumbnail.map { request.output + "/" + $0 }
                                                    },
                                                    pixelLimit: request.pixelLimit)
            failures = summary.failures
            pictureWritten = true
        }
        return Report(index: index, thumbnails: thumbnails.report, cells: photos.count, layoutPath: layoutPath,
                      layoutWritten: layoutWritten, picturePath: picturePath, pictureWritten: pictureWritten,
                      pictureFailures: failures)
    }

    /// Writes `bytes` to `path` atomically unless the file already holds exactly them; says whether it wrote.
    static func writeIfChanged(_ bytes: [UInt8], to path: String) throws -> Bool {
        if let existing = readFile(path), existing == bytes { return false }
        do { try AtomicFile.write(bytes, to: path) } catch { throw ExportError("cannot write \(path): \(error)", kind: .internal) }
        return true
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return result }
            result.append(contentsOf: buffer[0..<n])
        }
    }
}

/// A fatal export problem (the output folder), one line.
public struct ExportError: PhotoGridFailure {
    public var text: FailureText
    public var kind: FailureKind
    public var remedy: FailureRemedy?
    init(_ text: FailureText, kind: FailureKind, remedy: FailureRemedy? = nil) {
        self.text = text
        self.kind = kind
        self.remedy = remedy
    }

    /// A problem with the output folder (`out`).
    init(output detail: String, kind: FailureKind, remedy: FailureRemedy? = nil) {
        self.init("\(parameter: "out"): \(detail)", kind: kind, remedy: remedy)
    }

    public var description: String { text.description }
    public func message(naming: (String) -> String) -> String { text.rendered(naming: naming) }
}
