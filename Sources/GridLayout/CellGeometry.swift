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
    /// `(visible − imageFrame.origin) × pixelSize / imageFrame.size` (docs/layout-spec.md §4.3).
    public static func visibleCrop(imageFrame: Rect, clip: Rect?, pixelSize: Size) -> Rect {
        let visible = clip.map { imageFrame.intersection($0) } ?? imageFrame
        let sx = imageFrame.width > 0 ? pixelSize.width / imageFrame.width : 0
        let sy = imageFrame.height > 0 ? pixelSize.height / imageFrame.height : 0
        return Rect(x: (visible.x - imageFrame.x) * sx, y: (visible.y - imageFrame.y) * sy,
                    width: visible.width * sx, height: visible.height * sy)
    }

    /// The centred largest square of an image, in its pixels: the part a square cell shows whatever
    /// its size (docs/layout-spec.md §4.3: `side = min(W, H)`, origin `((W − side)/2, (H − side)/2)`).
    public static func centreSquareCrop(pixelSize: Size) -> Rect {
        let side = min(pixelSize.width, pixelSize.height)
        return Rect(x: (pixelSize.width - side) / 2, y: (pixelSize.height - side) / 2, width: side, height: side)
    }
}
