public import PhotoGridSupport
import JPEG
import GridLayout
public import Drawing
public import Imaging
public import Thumbnails

/// Draws the viewport as the screen shows it: the visible cells (clipped, the spacing in the background
/// colour) and, optionally, the zoom transition frame of one photo. People look at it to check a layout.
///
/// Geometry comes from `GalleryLayout` (points, viewport coordinates) and is multiplied by the display
/// scale into device pixels. A cell is drawn either from its grid thumbnail — the photo's centre square,
/// stretched to the cell — or from the original photo stretched to its fill rect and clipped to the cell;
/// both show the same pixels (docs/layout-spec.md §4.3). The detail frame draws the grid at opacity `1 − p` (S01E309's
/// grid fades out with the same transaction) and the photo at the interpolated rect, clipped to its mask.
public struct GridPicture: Sendable {
    /// What a cell is drawn from.
    public enum CellSource: Sendable, Hashable {
        /// A JPEG of the photo's centre square (a grid thumbnail): drawn into the cell's frame.
        case centreSquare(path: String)
        /// The whole photo (EXIF orientation applied when drawn): drawn into the fill rect, clipped.
        /// Named by its raw path bytes (a file name need not be UTF-8) and a display path for errors.
        case photoFile(PhotoFile)

        /// The whole photo at `path`.
        public static func photo(path: String) -> CellSource { .photoFile(PhotoFile(path: path)) }
    }

    /// A photo file named by its raw path bytes, with the text that names it in messages.
    public struct PhotoFile: Sendable, Hashable {
        public var pathBytes: [UInt8]
        public var displayPath: String

        public init(pathBytes: [UInt8], displayPath: String) {
            self.pathBytes = pathBytes
            self.displayPath = displayPath
        }

        public init(path: String) { self.init(pathBytes: Array(path.utf8), displayPath: path) }
    }

    public let gallery: GalleryLayout
    /// Background (and spacing) colour.
    public var background: Canvas.Color
    /// The most pixels decoding one photo may hold (`ThumbnailOptions.pixelLimit`), as for its thumbnail.
    public var pixelLimit = ThumbnailOptions.defaultPixelLimit

    public init(gallery: GalleryLayout, background: Canvas.Color = .white) {
        self.gallery = gallery
        self.background = background
    }

    /// The picture's size in device pixels: the viewport × scale, rounded.
    public var pixelSize: (width: Int, height: Int) {
        let v = gallery.viewport
        return (Int((v.width * v.scale).rounded()), Int((v.height * v.scale).rounded()))
    }

    /// A viewport rect (points) in device pixels.
    func pixels(_ r: Rect) -> Rect {
        let k = gallery.viewport.scale
        return Rect(x: r.x * k, y: r.y * k, width: r.width * k, height: r.height * k)
    }

    /// Draws the viewport; with `detail`, the transition frame of opening that cell at `progress`.
    ///
    /// - Parameters:
    ///   - source: what cell `index` showing `photo` is drawn from (nil leaves the cell empty).
    ///   - detailSource: the photo drawn by the detail frame (its whole image).
    ///   - failed: told about each cell that could not be drawn (the picture is still made).
    ///   - warned: told about each cell (and, with index `detail.index`, the detail photo) drawn from
    ///     damaged data that libjpeg decoded anyway, with what was wrong: it is drawn as decoded, as
    ///     `photogrid thumbs` makes its thumbnail.
    public func render(detail: (index: Int, progress: Double)? = nil,
                       source: (Int, GalleryPhoto) -> CellSource?,
                       detailSource: (GalleryPhoto) -> PhotoFile?,
                       failed: (Int, ThumbnailError) -> Void = { _, _ in },
                       warned: (Int, String) -> Void = { _, _ in }) throws(RenderError) -> Canvas {
        let size = pixelSize
        var canvas: Canvas
        do { canvas = try Canvas(width: size.width, height: size.height, background: background) } catch { throw .canvas(error) }
        let viewport = gallery.viewport
        let shift = Point(x: 0, y: -viewport.offset)
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        for index in gallery.visibleCells() {
            guard let photo = gallery.photo(at: index), let cellSource = source(index, photo) else { continue }
            let cell = gallery.cell(index, photo)
            let frame = pixels(cell.frame.offsetBy(shift))
            do {
                let damage = switch cellSource {
                case let .centreSquare(path):
                    try canvas.draw(photoAt: path, into: frame, clip: screen)
                case let .photoFile(file):
                    try canvas.draw(photoAtBytes: file.pathBytes, displayPath: file.displayPath,
                                    into: pixels(cell.imageFrame.offsetBy(shift)),
                                    clip: cell.clip.map { pixels($0.offsetBy(shift)).intersection(screen) } ?? screen,
                                    pixelLimit: pixelLimit)
                }
                if let damage { warned(index, damage.description) }
            } catch {
                failed(index, error)
            }
            if photo.media == "video", let duration = photo.duration {
                drawDuration(duration, in: frame.intersection(screen), on: &canvas)
            }
        }
        drawHeaders(on: &canvas, screen: screen)
        if let detail {
            let document: DetailDocument
            do { document = try gallery.detailDocument(index: detail.index, progress: detail.progress) } catch { throw .usage(error) }
            // The grid's opacity is 1 − p: cover it with the background at opacity p.
            canvas.fill(screen, color: background, opacity: detail.progress)
            if let photo = gallery.photo(at: detail.index), let file = detailSource(photo) {
                do {
                    let damage = try canvas.draw(photoAtBytes: file.pathBytes, displayPath: file.displayPath,
                                                 into: pixels(document.image),
                                                 clip: pixels(document.visible).intersection(screen), pixelLimit: pixelLimit)
                    if let damage { warned(detail.index, damage.description) }
                } catch {
                    throw .detail(error)
                }
            }
        }
        return canvas
    }
}

extension GridPicture {
    /// Header background (the grouped-list grey of iOS) and title colour.
    static let headerBackground = Canvas.Color(red: 242, green: 242, blue: 247)
    static let headerTitle = Canvas.Color(red: 60, green: 60, blue: 67)

    /// Draws the section headers over the cells (the layout reference's §10.2): every visible header at
    /// its natural frame but the pinned section's, which is drawn last at its pinned (pushed) frame. A
    /// header is its frame filled with `headerBackground` and the section's label (`SectionLabel`) in
    /// `HeaderTitleFont`, left aligned (`.leading`, one glyph square in) and centred vertically, 40 % of the
    /// header tall or less where the label would not fit the header's width.
    func drawHeaders(on canvas: inout Canvas, screen: Rect) {
        let viewport = gallery.viewport
        let sectioned = gallery.sectioned, justified = gallery.justified?.headerHeight == nil ? nil : gallery.justified
        guard sectioned != nil || justified != nil else { return }
        let pinned = sectioned?.pinnedHeader(offset: viewport.offset) ?? justified?.pinnedHeader(offset: viewport.offset)
        let visible = sectioned?.visibleHeaders(offset: viewport.offset, height: viewport.height)
            ?? justified?.visibleHeaders(offset: viewport.offset, height: viewport.height) ?? []
        var headers: [(Int, Rect)] = visible.filter { $0 != pinned?.section }.map { j in
            (j, (sectioned?.headerFrame(j) ?? justified?.headerFrame(j) ?? .zero).offsetBy(Point(x: 0, y: -viewport.offset)))
        }
        if let pinned { headers.append((pinned.section, pinned.frame.offsetBy(Point(x: 0, y: -viewport.offset)))) }
        for (section, frame) in headers {
            let box = pixels(frame)
            canvas.fill(box, color: Self.headerBackground, clip: screen)
            let label = SectionLabel.label(for: gallery.sectionTitles[section])
            // 40 % of the header tall, smaller when the label would not fit its width (one glyph square of margin).
            let fitting = (box.width / Double(max(1, label.count * (HeaderTitleFont.columns + 1) + 2))).rounded(.down)
            let dot = max(1, min((box.height * 0.4 / Double(HeaderTitleFont.rows)).rounded(.down), fitting))
            let origin = Point(x: box.x + dot, y: box.y + ((box.height - dot * Double(HeaderTitleFont.rows)) / 2).rounded(.down))
            for square in HeaderTitleFont.dots(label, origin: origin, dot: dot) {
                canvas.fill(square, color: Self.headerTitle, clip: box.intersection(screen))
            }
        }
    }
}

extension GridPicture {
    /// A video cell's duration: `DurationLabel` in `HeaderTitleFont`, white over a one-dot dark shadow,
    /// in the cell's bottom-right corner 5 × 4 points in (as the web gallery and the Photos app place it),
    /// the glyphs 1.25 points a dot (a 12-point label's cap height); clipped to the cell.
    func drawDuration(_ seconds: Double, in cell: Rect, on canvas: inout Canvas) {
        let text = DurationLabel.text(seconds: seconds)
        let scale = gallery.viewport.scale
        let dot = max(1, (1.25 * scale).rounded())
        let width = dot * Double(text.count * (HeaderTitleFont.columns + 1) - 1)
        let origin = Point(x: (cell.x + cell.width - 5 * scale - width).rounded(), y: (cell.y + cell.height - 4 * scale - dot * Double(HeaderTitleFont.rows)).rounded())
        let squares = HeaderTitleFont.dots(text, origin: origin, dot: dot)
        for square in squares {
            canvas.fill(square.offsetBy(Point(x: dot, y: dot)), color: Self.durationShadow, clip: cell, opacity: 0.45)
        }
        for square in squares { canvas.fill(square, color: Self.durationText, clip: cell) }
    }

    static let durationText = Canvas.Color(red: 255, green: 255, blue: 255)
    static let durationShadow = Canvas.Color(red: 0, green: 0, blue: 0)
}

/// Why a picture could not be drawn.
public enum RenderError: WrappingFailure {
    case canvas(ThumbnailError)
    case usage(UsageError)
    case detail(ThumbnailError)
    case write(ThumbnailError)

    public var description: String {
        switch self {
        case let .canvas(e): return "cannot make the picture: \(e)"
        case let .usage(e): return e.description
        case let .detail(e): return "cannot draw the detail photo: \(e)"
        case let .write(e): return "cannot write the picture: \(e)"
        }
    }

    public var cause: (any PhotoGridFailure)? {
        switch self {
        case let .canvas(e), let .detail(e), let .write(e): return e
        case let .usage(e): return e
        }
    }

    public var uncausedKind: FailureKind { .internal }

    public func message(naming: (String) -> String) -> String {
        if case let .usage(e) = self { return e.message(naming: naming) }
        return description
    }
}
