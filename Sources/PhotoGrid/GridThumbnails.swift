import PhotoLibrary
import Thumbnails

/// The grid thumbnails of a library, for `export` and `render`: where each photo's file is.
public struct GridThumbnails: Sendable {
    /// The thumbnail folder.
    public var folder: String
    /// The variant, e.g. `grid-387`.
    public var variant: String
    /// The thumbnails' side in pixels.
    public var pixels: Int
    /// Each photo's thumbnail file relative to `folder`, by photo id (photos without one are absent).
    public var relativePaths: [Int64: String]
    /// What the run that brought them up to date did.
    public var report: ThumbnailsReport

    /// The path of photo `id`'s thumbnail including the folder, or nil when it has none.
    public func path(for id: Int64) -> String? {
        relativePaths[id].map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
    }
}

extension LibraryThumbnails {
    /// Brings the grid thumbnails (and detail ones if `request` asks) of the library at `database`
    /// up to date, then returns where each photo's grid thumbnail is.
    public static func gridThumbnails(library: Library, request: ThumbnailRequest,
                                      progressBar: (any ProgressReporting)? = nil) throws(LibraryThumbnailsError) -> GridThumbnails {
        let report = try make(library: library, request: request, progressBar: progressBar)
        let pixels: Int
        do { pixels = try request.gridPixels() } catch { throw .usage(error) }
        let variant = ThumbnailVariant.grid(pixels).name
        do {
            return GridThumbnails(folder: report.summary.folder, variant: variant, pixels: pixels,
                                  relativePaths: try library.store.thumbnailPaths(variant: variant), report: report)
        } catch {
            throw .library(error)
        }
    }
}
