import GridLayout
import Thumbnails

/// The URL folders of the thumbnails a layout's cells name, escaped for a JSON string once per layout:
/// square cells' grid folder (`…/grid-387`), or for justified rows one folder per rung of
/// `ThumbnailLadder.variants` (`…/detail-640`), each cell naming the rung that fits its frame
/// (`ThumbnailLadder.cellRung`).
public struct CellThumbnailFolders: Sendable {
    /// The square cells' grid folder; nil when they name none.
    let grid: [UInt8]?
    /// The rungs' folders in one array of bytes and each rung's range in it (no array counted per cell);
    /// empty for square cells.
    let rungBytes: [UInt8]
    let rungs: [Range<Int>]

    /// The folders under `prefix` that `request`'s cells name: none when `prefix` is nil or square cells
    /// are too small for a grid thumbnail.
    public init(_ request: LayoutRequest, configuration: GridConfiguration, prefix: String?) {
        grid = prefix.flatMap { request.gridThumbnailFolder(configuration: configuration, prefix: $0) }.map(JSONWriter.escapedContent)
        let folders = request.justified == nil ? [] : prefix.map { prefix in
            ThumbnailLadder.variants.map { JSONWriter.escapedContent(prefix + $0.name) }
        } ?? []
        rungBytes = folders.flatMap { $0 }
        rungs = folders.indices.map { k in
            let start = folders[..<k].reduce(0) { $0 + $1.count }
            return start..<(start + folders[k].count)
        }
    }
}

extension LayoutRequest {
    /// `prefix` + `grid-<pixels>`: the folder of this request's grid thumbnails (`ThumbnailNames`'s
    /// names), for its cells at its scale snapped up to the ladder (`ThumbnailLadder`); nil for cells that
    /// are not square crops (justified rows too: each of their cells names the rung that fits it,
    /// `ThumbnailLadder.cellVariant`) or too small for one.
    public func gridThumbnailFolder(configuration: GridConfiguration, prefix: String) -> String? {
        guard configuration.cellStyle == .square, justified == nil else { return nil }
        let thumbnails = ThumbnailRequest(width: width, scale: scale, configuration: configuration)
        return (try? thumbnails.gridPixels()).map {
            ThumbnailNames.gridFolder(pixels: ThumbnailLadder.gridSide(atLeast: $0), prefix: prefix)
        }
    }
}
