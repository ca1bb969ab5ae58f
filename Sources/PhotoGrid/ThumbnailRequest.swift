import PhotoGridSupport
import GridLayout
public import Thumbnails
public import PhotoLibrary

/// What `photogrid thumbs` is asked to make (docs/commands.md, `photogrid thumbs`): grid thumbnails sized for the grid at
/// a viewport width and display scale, and optionally detail thumbnails.
public struct ThumbnailRequest: Sendable, Hashable {
    /// Viewport width in points: the grid at this width decides the cell size.
    public var width: Double
    /// Display scale: device pixels per point.
    public var scale: Double
    /// Long side in pixels of the detail thumbnails (fit within), or nil for none.
    public var detailSize: Int?
    /// Worker threads; nil for one per active core.
    public var jobs: Int?
    /// The most pixels one photo's decoding may hold (`ThumbnailOptions.pixelLimit`: the pixels decoded
    /// after shrink-on-load, plus a progressive file's whole-image coefficients); a photo above it is
    /// refused before anything is allocated for it.
    public var pixelLimit: Int
    /// The thumbnail folder; nil for the library's default (`LibraryLocation.defaultThumbnailFolder`).
    public var folder: String?
    /// The grid (columns and row spacing); the Photos grid by default.
    public var configuration: GridConfiguration
    /// Also remove the thumbnails (files and records) of sizes this request does not make.
    public var prune = false

    /// The default viewport width: an iPhone's 393 points.
    public static let defaultWidth = 393.0
    /// The default display scale: 3×.
    public static let defaultScale = 3.0
    /// Largest accepted thumbnail side in pixels.
    public static let maximumPixels = 8192

    public init(width: Double = ThumbnailRequest.defaultWidth, scale: Double = ThumbnailRequest.defaultScale,
                detailSize: Int? = nil, jobs: Int? = nil,
                pixelLimit: Int = ThumbnailOptions.defaultPixelLimit, folder: String? = nil,
                configuration: GridConfiguration = GridConfiguration()) {
        self.width = width
        self.scale = scale
        self.detailSize = detailSize
        self.jobs = jobs
        self.pixelLimit = pixelLimit
        self.folder = folder
        self.configuration = configuration
    }

    /// The folder to use with the library at `location`.
    public func folder(for location: LibraryLocation) -> String {
        folder.flatMap { $0.isEmpty ? nil : $0 } ?? location.defaultThumbnailFolder
    }

    /// The side of a grid thumbnail in pixels: the cell's side in points (the widest column of the
    /// grid at `width`; cells are squares) × `scale`, rounded up so the thumbnail always has at
    /// least the cell's pixels (129 pt × 3 = 387 px at the default 393 pt).
    public func gridPixels() throws(UsageError) -> Int {
        try validate()
        let tracks = configuration.grid.tracks(proposedWidth: width)
        let side = tracks.map(\.width).max() ?? 0
        // A product such as 131.333… × 3 may land a hair above an integer: 1e-9 tolerance.
        let pixels = (side * scale - 1e-9).rounded(.up)
        guard pixels >= 1 else {
            throw UsageError("the grid at width \(width) has cells too small for a thumbnail (\(side) pt)")
        }
        guard pixels <= Double(Self.maximumPixels) else {
            throw UsageError("grid thumbnails would be \(Int(pixels)) px; the largest is \(CountText.grouped(Self.maximumPixels)) (lower \(parameter: "width") or \(parameter: "scale"))")
        }
        return Int(pixels)
    }

    /// The variants to make: the grid's, then the detail one if asked for.
    public func variants() throws(UsageError) -> [ThumbnailVariant] {
        var variants = [ThumbnailVariant.grid(try gridPixels())]
        if let detailSize { variants.append(.detail(detailSize)) }
        return variants
    }

    /// Checks the numbers; a bad one is a usage error naming its flag.
    public func validate() throws(UsageError) {
        guard width.isFinite, width >= GalleryLayout.minimumExtent, width <= GalleryLayout.maximumExtent else {
            throw UsageError(option: "width", "must be a number from 0.001 to 1,000,000 (got \(width))")
        }
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw UsageError(option: "scale", "must be greater than 0 and at most 16 (got \(scale))")
        }
        if let detailSize, !(1...Self.maximumPixels).contains(detailSize) {
            throw UsageError(option: "detail-size", "must be between 1 and \(CountText.grouped(Self.maximumPixels)) pixels (got \(detailSize))")
        }
        if let problem = JobCount.problem(jobs) { throw UsageError(option: "jobs", "\(problem)") }
        guard pixelLimit >= 1 else { throw UsageError(option: "pixel-limit", "must be positive (got \(pixelLimit))") }
    }
}
