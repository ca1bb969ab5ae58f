import GridLayout
import PhotoLibrary
import Thumbnails

/// `photogrid render`: the viewport of a library drawn into a JPEG (see `GridPicture`).
public enum LibraryPicture {
    /// What a render produced.
    public struct Summary: Sendable {
        public var path: String
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// Cells drawn / cells that could not be drawn (with why).
        public var cells: Int
        public var failures: [String]
    }

    /// The grid thumbnails `photogrid thumbs` made for this viewport's width and scale in the default
    /// folder (`thumbnails` next to the database), by photo id; empty when there are none.
    public static func recordedThumbnails(database: String, request: LayoutRequest) -> [Int64: String] {
        let thumbnails = ThumbnailRequest(width: request.width, scale: request.scale)
        guard let pixels = try? thumbnails.gridPixels(),
              let store = try? PhotoStore(path: database, mode: .existing),
              let paths = try? store.thumbnailPaths(variant: ThumbnailVariant.grid(pixels).name) else { return [:] }
        let folder = thumbnails.folder(database: database)
        return paths.mapValues { folder + "/" + $0 }
    }

    /// Renders the viewport of `request` for the library at `database` into `output` (written atomically).
    ///
    /// Cells are drawn from grid thumbnails when `thumbnail` finds one for a photo (a path to its
    /// centre-square JPEG; by default those `photogrid thumbs` recorded for this width and scale), else
    /// from the photo itself. Throws `UsageError` for bad flags, `LibraryError` for the database,
    /// `RenderError` for the picture.
    public static func render(database: String, request: LayoutRequest, detail: Int? = nil, progress: Double = 1,
                              output: String, thumbnail: ((GalleryPhoto) -> String?)? = nil) throws -> Summary {
        guard request.sizes == nil else { throw UsageError("render draws photos: use --db, not --sizes") }
        guard output.hasSuffix(".jpg") || output.hasSuffix(".jpeg") || output.hasSuffix(".JPG") else {
            throw UsageError("--out: '\(output)' must name a .jpg file")
        }
        let gallery = try request.gallery(database: database, detailIndex: detail, alsoVisible: true)
        if let detail { _ = try gallery.detailDocument(index: detail, progress: progress) }
        let store = try PhotoStore(path: database, mode: .existing)
        let root = try store.root()?.path ?? ""
        func original(_ photo: GalleryPhoto) -> String? { photo.path.map { root + "/" + $0 } }
        let square = gallery.configuration.cellStyle == .square
        let recorded = thumbnail == nil && square ? recordedThumbnails(database: database, request: request) : [:]
        let thumbnail = thumbnail ?? { photo in photo.id.flatMap { recorded[$0] } }
        var failures: [String] = []
        var drawn = 0
        let picture = GridPicture(gallery: gallery)
        let canvas = try picture.render(
            detail: detail.map { ($0, progress) },
            source: { _, photo in
                drawn += 1
                if square, let path = thumbnail(photo) { return .centreSquare(path: path) }
                return original(photo).map { .photo(path: $0) }
            },
            detailSource: original,
            failed: { index, error in failures.append("cell \(index) (\(gallery.photo(at: index)?.path ?? "?")): \(error)") })
        do { try canvas.write(to: output) } catch { throw RenderError.write(error) }
        return Summary(path: output, pixelWidth: canvas.width, pixelHeight: canvas.height,
                       cells: drawn - failures.count, failures: failures)
    }
}
