/// Where one grid cell and its image are, and which part of the image it shows.
public struct CellGeometry: Sendable, Hashable {
    /// Position of the cell in the grid (0-based, grid order).
    public var index: Int
    /// The cell's frame, in content coordinates (y grows with the scroll).
    public var frame: Rect
    /// The image's unclipped frame (the fill rect for square cells), in content coordinates; this is
    /// also the matched-geometry source frame (docs/layout-spec.md §7.2).
    public var imageFrame: Rect
    /// The clip applied to the image (the cell's bounds for square cells), in content coordinates.
    public var clip: Rect?
    /// The visible part of the image in its display (oriented) pixels.
    public var crop: Rect

    public init(index: Int, frame: Rect, imageFrame: Rect, clip: Rect?, crop: Rect) {
        self.index = index
        self.frame = frame
        self.imageFrame = imageFrame
        self.clip = clip
        self.crop = crop
    }

    /// The visible part of an image drawn at `imageFrame` under `clip`, in pixels of a `pixelSize` image:
    /// `(visible − imageFrame.origin) × pixelSize / imageFrame.size` (docs/layout-spec.md §4.3), per axis
    /// (`visibleSpan`).
    public static func visibleCrop(imageFrame: Rect, clip: Rect?, pixelSize: Size) -> Rect {
        let x = visibleSpan(start: imageFrame.x, length: imageFrame.width, clip: clip.map { ($0.x, $0.width) }, pixels: pixelSize.width)
        let y = visibleSpan(start: imageFrame.y, length: imageFrame.height, clip: clip.map { ($0.y, $0.height) }, pixels: pixelSize.height)
        return Rect(x: x.start, y: y.start, width: x.length, height: y.length)
    }

    /// One axis of `visibleCrop`: the clip measured from the image's start (the difference of two nearby
    /// coordinates, exact however far down the grid the cell is), cut to the image, in pixels; the whole
    /// image, exactly, when the clip holds all of it (no rounding left: 3024, not 3023.999999999999).
    static func visibleSpan(start: Double, length: Double, clip: (start: Double, length: Double)?, pixels: Double) -> (start: Double, length: Double) {
        guard length > 0 else { return (0, 0) }
        guard let clip else { return (0, pixels) }
        let from = clip.start - start
        let lower = max(from, 0), upper = min(from + clip.length, length)
        if lower == 0 && upper == length { return (0, pixels) }
        let scale = pixels / length
        return (lower * scale, max(0, upper - lower) * scale)
    }

    /// The centred largest square of an image, in its pixels: the part a square cell shows whatever
    /// its size (docs/layout-spec.md §4.3: `side = min(W, H)`, origin `((W − side)/2, (H − side)/2)`).
    public static func centreSquareCrop(pixelSize: Size) -> Rect {
        let side = min(pixelSize.width, pixelSize.height)
        return Rect(x: (pixelSize.width - side) / 2, y: (pixelSize.height - side) / 2, width: side, height: side)
    }
}
