public import GridLayout
public import Imaging
public import JPEG
import ImageFormats
public import Thumbnails

/// An RGB image to compose pictures on (e.g. a screenshot of the grid): a background colour,
/// filled rectangles and JPEGs drawn into rectangles at fractional pixel positions, each clipped
/// and with an opacity; then encoded to a JPEG file atomically.
///
/// Geometry is in canvas pixels, origin top-left, y down; pixel (i, j) covers `[i, i+1) × [j, j+1)`.
/// Rectangles may start and end anywhere: an edge pixel that a rectangle covers partly is blended
/// by the covered fraction (antialiased edges), and an image is resampled so that its own edges
/// land exactly on the rectangle's (no rounding to whole pixels). Drawing is "over" compositing
/// with a constant opacity; there is no alpha channel.
public struct Canvas: Sendable {
    /// An opaque colour: one of `Imaging`'s pixels.
    public typealias Color = RGB

    /// The largest canvas side (JPEG's own limit).
    public static let maximumSide = 65_500
    /// The most pixels a canvas may have (300 MB of RGB).
    public static let maximumPixels = 100_000_000

    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes, packed RGB rows.
    public private(set) var pixels: [UInt8]

    /// A canvas of `width` × `height` pixels filled with `background`.
    ///
    /// - Throws: `.imaging(.invalidSize)` for a side outside `1...maximumSide` or more than
    ///   `maximumPixels` pixels.
    public init(width: Int, height: Int, background: Color = .black) throws(ThumbnailError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
              width * height <= Self.maximumPixels else {
            throw .imaging(.invalidSize(PixelSize(width: width, height: height)))
        }
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var index = 0
        while index < pixels.count {
            pixels[index] = background.red
            pixels[index + 1] = background.green
            pixels[index + 2] = background.blue
            index += 3
        }
        self.pixels = pixels
    }

    /// The colour of pixel (`x`, `y`), or nil outside the canvas.
    public func color(x: Int, y: Int) -> Color? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let index = (y * width + x) * 3
        return Color(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
    }

    /// Paints `rect` (∩ `clip`) with `color` at `opacity` (0...1; values outside are clamped).
    public mutating func fill(_ rect: Rect, color: Color, clip: Rect? = nil, opacity: Double = 1) {
        guard let area = coverage(of: rect, clip: clip, opacity: opacity) else { return }
        let source: (UInt8, UInt8, UInt8) = (color.red, color.green, color.blue)
        blend(area) { _, _ in source }
    }

    /// Draws the photo at `path` (JPEG, PNG, WebP or HEIF, by its first bytes) into `rect`, clipped to `clip`, at `opacity`.
    /// The image is upright (EXIF orientation applied) and stretched to the rectangle: callers keep its aspect ratio,
    /// e.g. with a fill rect and a clip, as a grid cell does.
    ///
    /// Decoded only if some of it is visible, at the smallest size its decoder reduces to that still has at least the
    /// rectangle's pixels (`ImageDecoder`'s `atLeast`: a JPEG's DCT scale, a HEIF's own thumbnail item; the other formats
    /// whole). Damaged data that libjpeg decodes with warnings is drawn as decoded, as `ThumbnailPipeline` does (a
    /// truncated file's missing part grey).
    ///
    /// - Returns: what libjpeg warned about (nil when the data was clean or nothing was drawn).
    /// - Throws: `.jpeg` (`.image` for the other formats) when the file cannot be read or decoded
    ///   (including the pixel limit), `.system` when it cannot be opened.
    @discardableResult
    public mutating func draw(photoAt path: String, into rect: Rect, clip: Rect? = nil, opacity: Double = 1,
                              pixelLimit: Int = JPEGDecodeOptions.defaultPixelLimit) throws(ThumbnailError) -> JPEGDamage? {
        try draw(photoAtBytes: Array(path.utf8), displayPath: path, into: rect, clip: clip, opacity: opacity,
                 pixelLimit: pixelLimit)
    }

    /// `draw(photoAt:…)` for a file named by its raw path bytes (which need not be UTF-8);
    /// `displayPath` names it in errors.
    @discardableResult
    public mutating func draw(photoAtBytes pathBytes: [UInt8], displayPath path: String, into rect: Rect, clip: Rect? = nil,
                              opacity: Double = 1,
                              pixelLimit: Int = JPEGDecodeOptions.defaultPixelLimit) throws(ThumbnailError) -> JPEGDamage? {
        guard coverage(of: rect, clip: clip, opacity: opacity) != nil else { return nil }
        let file = try SourceFile(pathBytes: pathBytes, displayPath: path)
        let decoded: DecodedImage
        let orientation: Orientation
        do {
            let format = ImageFormat.ofFile(descriptor: file.descriptor) ?? .jpeg
            let facts = try ImageProbe.probe(descriptor: file.descriptor, path: path, format: format)
            orientation = Orientation(exifValue: facts.orientation)
            // The pixels the rectangle needs (capped: a rectangle far larger than any photo needs full
            // size), in stored orientation: a decoder that can reduces to no less (a JPEG's DCT scale).
            let needed = PixelSize(width: Int(min(rect.width, 65_536).rounded(.up)),
                                   height: Int(min(rect.height, 65_536).rounded(.up)))
            let stored = orientation.storedSize(forDisplaySize: needed)
            decoded = try ImageDecoder.decode(descriptor: file.descriptor, path: path, format: format, pixelLimit: pixelLimit,
                                              atLeast: (stored.width, stored.height),
                                              storedSize: PixelSize(width: facts.storedWidth, height: facts.storedHeight))
        } catch {
            throw ThumbnailError(decoding: error)
        }
        let image: PixelBuffer
        do {
            image = try PixelBuffer(width: decoded.width, height: decoded.height, bytes: decoded.pixels)
        } catch {
            throw .imaging(error)
        }
        try draw(image.oriented(orientation), into: rect, clip: clip, opacity: opacity)
        return decoded.damage
    }

    /// Draws `image` scaled into `rect`, clipped to `clip`, at `opacity`.
    public mutating func draw(_ image: PixelBuffer, into rect: Rect, clip: Rect? = nil, opacity: Double = 1) throws(ThumbnailError) {
        guard let area = coverage(of: rect, clip: clip, opacity: opacity) else { return }
        var source = image
        // Pixels of the source per canvas pixel. A steep shrink is done in two steps (first to about
        // twice the rectangle's size) so the edge padding below stays small.
        if Double(source.width) / rect.width > 8 || Double(source.height) / rect.height > 8 {
            let size = PixelSize(width: min(source.width, max(1, Int((rect.width * 2).rounded(.up)))),
                                 height: min(source.height, max(1, Int((rect.height * 2).rounded(.up)))))
            do { source = try source.resampled(to: size) } catch { throw .imaging(error) }
        }
        let sx = Double(source.width) / rect.width, sy = Double(source.height) / rect.height
        // The output pixels of `area` map to a source region that can reach past the image's edges
        // (by less than one canvas pixel, sx source pixels): pad with copies of the edge pixels so
        // that those partly covered pixels take the edge colour.
        let padX = Int(sx.rounded(.up)) + 2, padY = Int(sy.rounded(.up)) + 2
        let padded = Self.padded(source, x: padX, y: padY)
        let region = PixelRegion(x: (Double(area.x0) - rect.x) * sx + Double(padX),
                                 y: (Double(area.y0) - rect.y) * sy + Double(padY),
                                 width: Double(area.x1 - area.x0) * sx, height: Double(area.y1 - area.y0) * sy)
        let resampled: PixelBuffer
        do {
            resampled = try padded.resampled(to: PixelSize(width: area.x1 - area.x0, height: area.y1 - area.y0),
                                             region: region)
        } catch {
            throw .imaging(error)
        }
        resampled.bytes.withUnsafeBufferPointer { bytes in
            let rowLength = resampled.width
            blend(area) { x, y in
                let index = ((y - area.y0) * rowLength + (x - area.x0)) * 3
                return (bytes[index], bytes[index + 1], bytes[index + 2])
            }
        }
    }

    /// The canvas as a baseline JPEG (optimized Huffman tables).
    public func jpegBytes(quality: Int = ThumbnailOptions.defaultQuality) throws(ThumbnailError) -> [UInt8] {
        do {
            return try JPEGEncoder.encode(rgb: pixels, width: width, height: height, quality: quality)
        } catch {
            throw .jpeg(error)
        }
    }

    /// Encodes the canvas and writes it to `path` atomically (`AtomicFile`).
    public func write(to path: String, quality: Int = ThumbnailOptions.defaultQuality) throws(ThumbnailError) {
        try AtomicFile.write(try jpegBytes(quality: quality), to: path)
    }

    // MARK: - Coverage and blending

    /// The canvas pixels a drawing touches and how much of each it covers.
    struct Coverage {
        /// Whole-pixel bounds: columns `x0 ..< x1`, rows `y0 ..< y1`.
        var x0: Int, x1: Int, y0: Int, y1: Int
        /// Covered fraction of each column and row, times the opacity for rows.
        var columns: [Double]
        var rows: [Double]
    }

    /// `rect ∩ clip ∩ canvas` as pixel coverage, or nil when nothing would change (empty, not
    /// finite, or zero opacity).
    func coverage(of rect: Rect, clip: Rect?, opacity: Double) -> Coverage? {
        let alpha = min(max(opacity.isNaN ? 0 : opacity, 0), 1)
        let values = [rect.x, rect.y, rect.width, rect.height, clip?.x ?? 0, clip?.y ?? 0,
                      clip?.width ?? 0, clip?.height ?? 0]
        guard alpha > 0, values.allSatisfy(\.isFinite), rect.width > 0, rect.height > 0 else { return nil }
        var visible = rect.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        if let clip { visible = visible.intersection(clip) }
        // Less than 1/1024 of a pixel across: invisible.
        guard visible.width >= 1.0 / 1024, visible.height >= 1.0 / 1024 else { return nil }
        let x0 = Int(visible.minX.rounded(.down)), x1 = min(width, Int(visible.maxX.rounded(.up)))
        let y0 = Int(visible.minY.rounded(.down)), y1 = min(height, Int(visible.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        let columns = (x0..<x1).map { min(Double($0 + 1), visible.maxX) - max(Double($0), visible.minX) }
        let rows = (y0..<y1).map { (min(Double($0 + 1), visible.maxY) - max(Double($0), visible.minY)) * alpha }
        return Coverage(x0: x0, x1: x1, y0: y0, y1: y1, columns: columns, rows: rows)
    }

    /// Blends `source(x, y)` over every pixel of `area` by its coverage (16-bit fixed point).
    mutating func blend(_ area: Coverage, source: (Int, Int) -> (UInt8, UInt8, UInt8)) {
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { canvas in
            for y in area.y0..<area.y1 {
                let rowCoverage = area.rows[y - area.y0]
                for x in area.x0..<area.x1 {
                    let a = Int((rowCoverage * area.columns[x - area.x0] * 65536).rounded())
                    if a <= 0 { continue }
                    let (r, g, b) = source(x, y)
                    let index = (y * width + x) * 3
                    if a >= 65536 {
                        canvas[index] = r
                        canvas[index + 1] = g
                        canvas[index + 2] = b
                    } else {
                        canvas[index] = Self.mix(canvas[index], r, a)
                        canvas[index + 1] = Self.mix(canvas[index + 1], g, a)
                        canvas[index + 2] = Self.mix(canvas[index + 2], b, a)
                    }
                }
            }
        }
    }

    /// `old + (new − old) · a / 65536`, rounded.
    static func mix(_ old: UInt8, _ new: UInt8, _ a: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (Int(old) * (65536 - a) + Int(new) * a + 32768) >> 16)
    }

    /// `image` with `x` columns and `y` rows of its edge pixels repeated on each side.
    static func padded(_ image: PixelBuffer, x padX: Int, y padY: Int) -> PixelBuffer {
        let w = image.width, h = image.height
        let outW = w + 2 * padX, outH = h + 2 * padY
        var bytes = [UInt8](repeating: 0, count: outW * outH * 3)
        image.bytes.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { out in
                for oy in 0..<outH {
                    let sy = min(max(oy - padY, 0), h - 1)
                    for ox in 0..<outW {
                        let sx = min(max(ox - padX, 0), w - 1)
                        let s = (sy * w + sx) * 3, o = (oy * outW + ox) * 3
                        out[o] = source[s]
                        out[o + 1] = source[s + 1]
                        out[o + 2] = source[s + 2]
                    }
                }
            }
        }
        // Sides are positive and the byte count matches: this cannot fail.
        return (try? PixelBuffer(width: outW, height: outH, bytes: bytes)) ?? image
    }
}
