public import Thumbnails

/// The thumbnail sizes a server makes and hands out: a viewport's grid cell or detail view snaps up to
/// the next rung, so that any number of viewports — or of crafted `grid-N` / `detail-N` requests — makes
/// at most `maximumFilesPerPhoto` files per photo (docs/serve.md, "Thumbnail sizes").
///
/// Rungs grow by at most 1.5× (a thumbnail has at most 1.5× the cell's pixels per side); 387 is the
/// Photos grid at 393 pt and 3× (129 pt cells). Cells or viewports beyond the top rung get the top
/// rung. A rung above the photo's own size makes the same picture as a lower one (thumbnails are never
/// upscaled), so such requests share the lowest rung's file (`servingVariant`).
public enum ThumbnailLadder {
    /// Grid thumbnail sides (centre squares), in pixels.
    public static let gridSides = [128, 192, 256, 387, 512, 768, 1024, 1536, 2048]
    /// Detail thumbnail long sides (fitted within), in pixels.
    public static let detailSides = [640, 1280, 1920, 2560, 3840]
    /// The most thumbnail files a server keeps per photo (one per rung).
    public static let maximumFilesPerPhoto = gridSides.count + detailSides.count

    /// The grid rung for a cell of `pixels` pixels: the smallest rung at least that large, or the top one.
    public static func gridSide(atLeast pixels: Int) -> Int { rung(atLeast: pixels, of: gridSides) }

    /// The detail rung for a viewport whose longer side is `pixels` pixels.
    public static func detailSide(atLeast pixels: Int) -> Int { rung(atLeast: pixels, of: detailSides) }

    /// The rung for a justified cell of `width`×`height` points at `scale`: its longer side in pixels
    /// (rounded up, at most `ThumbnailRequest.maximumPixels`) snapped up to the grid ladder when the
    /// cell is square (within half a point: the centre square is what it shows), else to the detail
    /// ladder (fitted within, as the cell shows the whole photo). No sizes beyond the ladder's.
    public static func cellVariant(width: Double, height: Double, scale: Double) -> ThumbnailVariant {
        variants[cellRung(width: width, height: height, scale: scale)]
    }

    /// `cellVariant`'s position in `variants`: a cell's rung found without making the variant's name.
    public static func cellRung(width: Double, height: Double, scale: Double) -> Int {
        let points = max(width, height) * scale
        let pixels = points.isFinite ? Int(min(max((points - 1e-9).rounded(.up), 1), Double(ThumbnailRequest.maximumPixels))) : 1
        if abs(width - height) < 0.5 { return rungIndex(atLeast: pixels, of: gridSides) }
        return gridSides.count + rungIndex(atLeast: pixels, of: detailSides)
    }

    /// Every variant on the ladder (grid rungs, then detail rungs).
    public static let variants: [ThumbnailVariant] = gridSides.map(ThumbnailVariant.grid) + detailSides.map(ThumbnailVariant.detail)

    /// Whether `variant` is on the ladder.
    public static func contains(_ variant: ThumbnailVariant) -> Bool {
        switch variant.target {
        case .square(let side): return gridSides.contains(side)
        case .fit(let longSide): return detailSides.contains(longSide)
        }
    }

    /// The rung whose file serves `variant` (on the ladder) for a photo shown `width`×`height` pixels: the
    /// lowest rung that makes the same picture. A grid thumbnail is a square of min(side, short side), a
    /// detail one fits within min(long side asked, photo's long side): every rung at or above the one
    /// that first reaches the photo's own side makes the same file.
    public static func servingVariant(_ variant: ThumbnailVariant, width: Int?, height: Int?) -> ThumbnailVariant {
        guard let width, let height, width > 0, height > 0 else { return variant }
        switch variant.target {
        case .square(let side): return .grid(min(side, gridSide(atLeast: min(width, height))))
        case .fit(let longSide): return .detail(min(longSide, detailSide(atLeast: max(width, height))))
        }
    }

    /// What the ladder offers, for messages: `grid-128, …, grid-2048 and detail-640, …, detail-3840`.
    public static var offered: String {
        "grid-" + gridSides.map(String.init).joined(separator: ", grid-") + " and detail-"
            + detailSides.map(String.init).joined(separator: ", detail-")
    }

    private static func rung(atLeast pixels: Int, of sides: [Int]) -> Int {
        sides[rungIndex(atLeast: pixels, of: sides)]
    }

    /// The position of the smallest of `sides` at least `pixels`, or of the top one.
    private static func rungIndex(atLeast pixels: Int, of sides: [Int]) -> Int {
        sides.firstIndex { $0 >= pixels } ?? sides.count - 1
    }
}
