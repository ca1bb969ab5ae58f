public import PhotoGridSupport
import GridLayout
public import PhotoLibrary
import Drawing
public import Thumbnails

/// `photogrid render`: the viewport of a library drawn into a JPEG (see `GridPicture`).
public enum LibraryPicture {
    /// What a render produced; also the `render --json` document (version 1, keys sorted).
    public struct Summary: Sendable, Codable {
        public var version = 1
        /// The JPEG written.
        public var path: String
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// Cells drawn.
        public var cells: Int
        /// Cells that could not be drawn, and why.
        public var failures: [Failure]

        /// A cell that could not be drawn.
        public struct Failure: Sendable, Codable {
            /// Its grid position, photo id and path (relative to the indexed folder).
            public var index: Int
            public var id: Int64?
            public var path: String?
            /// Base64 of the path's bytes when they are not valid UTF-8.
            public var pathBytes: String?
            public var error: String
            /// What the person can do about it (not in the JSON: the command line's text says it).
            public var remedy: FailureRemedy? = nil

            private enum CodingKeys: String, CodingKey { case index, id, path, pathBytes, error }

            /// `cell 3 (a.jpg): why`, for an error line.
            public var message: String { "cell \(index) (\(path ?? "?")): \(error)" }
        }

        /// Cells drawn from damaged data (a truncated photo, or its thumbnail made from one).
        public var warnings: [Warning] = []

        /// A cell drawn from damaged data, and what was wrong with it.
        public struct Warning: Sendable, Codable {
            public var index: Int
            public var id: Int64?
            public var path: String?
            public var pathBytes: String?
            public var warning: String

            /// `cell 3 (cut.jpg): truncated JPEG: …`, for a warning line.
            public var message: String { "cell \(index) (\(path ?? "?")): \(warning)" }
        }
    }

    /// The records of the grid thumbnails `photogrid thumbs` made for this viewport's width and scale, by
    /// photo id, with their paths in the default folder (`thumbnails` next to the database); a record's
    /// file may be elsewhere or gone (`render` checks it before drawing).
    static func recordedFiles(library: Library, request: LayoutRequest) -> [Int64: ThumbnailRecord.File] {
        let thumbnails = ThumbnailRequest(width: request.width, scale: request.scale)
        guard let pixels = try? thumbnails.gridPixels(),
              let records = try? library.store.thumbnailRecords(variant: ThumbnailVariant.grid(pixels).name) else { return [:] }
        let folder = thumbnails.folder(for: library.location)
        return records.compactMapValues { record in
            guard case .success(var file) = record.outcome else { return nil }
            file.path = folder + "/" + file.path
            return file
        }
    }

    /// Renders the viewport of `request` for the library at `database` into `output` (written atomically).
    ///
    /// Cells are drawn from grid thumbnails when `thumbnail` finds one for a photo (a path to its
    /// centre-square JPEG; by default those `photogrid thumbs` recorded for this width and scale), else
    /// from the photo itself. A photo with damaged data that libjpeg decodes is drawn as decoded, as
    /// its thumbnail is, and named in `Summary.warnings` (so is a recorded thumbnail made from one).
    /// Throws `UsageError` for bad flags, `LibraryError` for the database, `RenderError` for the picture.
    public static func render(database: LibraryLocation, request: LayoutRequest, detail: Int? = nil, progress: Double = 1,
                              output: String, thumbnail: ((GalleryPhoto) -> String?)? = nil,
                              pixelLimit: Int = ThumbnailOptions.defaultPixelLimit) throws -> Summary {
        try checkRequest(request, output: output)
        _ = try request.configuration()
        _ = try request.grouping()  // a bad flag is reported before the database is opened
        return try render(library: try Library.open(database), request: request, detail: detail, progress: progress,
                          output: output, thumbnail: thumbnail, pixelLimit: pixelLimit)
    }

    /// Refuses what `render` cannot draw before anything is opened: a layout of `--sizes` (render draws
    /// photos) and an output that is not a JPEG file.
    static func checkRequest(_ request: LayoutRequest, output: String) throws(UsageError) {
        guard request.sizes == nil else { throw UsageError("render draws photos: use \(parameter: "db"), not \(parameter: "sizes")") }
        guard output.hasSuffix(".jpg") || output.hasSuffix(".jpeg") || output.hasSuffix(".JPG") else {
            throw UsageError(option: "out", separator: ": ", "'\(output)' must name a .jpg file")
        }
    }

    /// `render(database:…)` over a library already open (one pool for the gallery, the root and the
    /// thumbnail records).
    public static func render(library: Library, request: LayoutRequest, detail: Int? = nil, progress: Double = 1,
                              output: String, thumbnail: ((GalleryPhoto) -> String?)? = nil,
                              pixelLimit: Int = ThumbnailOptions.defaultPixelLimit) throws -> Summary {
        try checkRequest(request, output: output)
        let gallery = try request.gallery(library: library, detailIndex: detail, alsoVisible: true)
        if let detail { _ = try gallery.detailDocument(index: detail, progress: progress) }
        let root = try library.store.root()
        func original(_ photo: GalleryPhoto) -> GridPicture.PhotoFile? {
            guard let root, let path = photo.path else { return nil }
            let relative = photo.pathBytes ?? Array(path.utf8)
            return GridPicture.PhotoFile(pathBytes: root.pathBytes + [UInt8(ascii: "/")] + relative,
                                         displayPath: root.path + "/" + path)
        }
        let square = gallery.configuration.cellStyle == .square && gallery.justified == nil
        let recorded = thumbnail == nil && square ? recordedFiles(library: library, request: request) : [:]
        // A record names a file in the default folder; one made into another (`thumbs --out DIR`) or
        // removed since is not there as recorded, and the photo itself is drawn.
        let thumbnail = thumbnail ?? { photo in
            guard let id = photo.id, let file = recorded[id],
                  ThumbnailCache.fileSize(atPath: file.path) == file.byteSize else { return nil }
            return file.path
        }
        var failures: [Summary.Failure] = []
        var warnings: [Summary.Warning] = []
        func warn(_ index: Int, _ warning: String) {
            let photo = gallery.photo(at: index)
            warnings.append(Summary.Warning(index: index, id: photo?.id, path: photo?.path,
                                            pathBytes: photo?.pathBytes.flatMap(PathBytesField.base64IfNotUTF8),
                                            warning: warning))
        }
        var drawn = 0
        var picture = GridPicture(gallery: gallery)
        picture.pixelLimit = pixelLimit
        let canvas = try picture.render(
            detail: detail.map { ($0, progress) },
            source: { index, photo in
                drawn += 1
                if let path = thumbnail(photo) {
                    if let warning = photo.id.flatMap({ recorded[$0]?.warning }) {
                        warn(index, warning)
                    }
                    // A cell that is not a square (justified rows) is given the whole photo's thumbnail.
                    return square ? .centreSquare(path: path) : .photo(path: path)
                }
                return original(photo).map { .photoFile($0) }
            },
            detailSource: original,
            failed: { index, error in
                let photo = gallery.photo(at: index)
                failures.append(Summary.Failure(index: index, id: photo?.id, path: photo?.path,
                                                pathBytes: photo?.pathBytes.flatMap(PathBytesField.base64IfNotUTF8),
                                                error: "\(error)", remedy: error.remedy))
            },
            warned: { index, warning in warn(index, "\(warning)") })
        do { try canvas.write(to: output) } catch { throw RenderError.write(error) }
        return Summary(path: output, pixelWidth: canvas.width, pixelHeight: canvas.height,
                       cells: drawn - failures.count, failures: failures, warnings: warnings)
    }
}
