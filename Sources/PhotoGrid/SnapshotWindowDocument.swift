public import GridLayout
public import PhotoLibrary
import Thumbnails

/// The cells of a window written straight from a grid snapshot: a square grid's cells by grid position,
/// or justified rows' boxes.
public enum SnapshotWindowCells {
    case square(PhotoGridLayout, visible: [Int])
    case justified([JustifiedBox])

    /// How many cells the window holds.
    public var count: Int {
        switch self {
        case .square(_, let visible): visible.count
        case .justified(let boxes): boxes.count
        }
    }
}

extension LayoutDocument {
    /// Writes the visible-range document of `cells` at `viewport` to `w`, each photo's values read in place
    /// from `snapshot` (no photo, cell or String made per cell): the same bytes as
    /// `gallery(snapshot:).layoutDocument(all: false, thumbnail:)` for the same request (tests hold them equal).
    public static func writeWindow(to w: inout JSONWriter, snapshot: GridSnapshot, grid: Grid, viewport: Viewport,
                                   cells: SnapshotWindowCells, folders: CellThumbnailFolders) {
        // Read once, not per cell (each read of a stored array counts a reference).
        let scale = viewport.scale, rungs = folders.rungs, namesGridThumbnails = folders.grid != nil
        snapshot.withUnsafePhotos { photos in
            (folders.grid ?? []).withUnsafeBufferPointer { folder in folders.rungBytes.withUnsafeBufferPointer { rungBytes in
                write(to: &w, grid: grid, pinned: nil, sections: nil, version: 1, viewport: viewport) { w in
                    switch cells {
                    case .square(let layout, let visible):
                        for index in visible {
                            let photo = photos[index]
                            let cell = layout.cell(index, imageSize: Size(width: Double(photo.pixelWidth), height: Double(photo.pixelHeight)))
                            writeCell(SnapshotCell(index: index, photo: photo, geometry: cell, thumbnailFolder: namesGridThumbnails ? folder : nil), to: &w)
                        }
                    case .justified(let boxes):  // each cell names the rung that fits it
                        for box in boxes {
                            let photo = photos[box.index]
                            let cell = JustifiedPhotoGrid.cell(box.index, frame: box.frame, pixelSize: Size(width: Double(photo.pixelWidth), height: Double(photo.pixelHeight)))
                            let rung = rungs.isEmpty ? nil : rungs[ThumbnailLadder.cellRung(width: cell.frame.width, height: cell.frame.height, scale: scale)]
                            writeCell(SnapshotCell(index: box.index, photo: photo, geometry: cell,
                                                   thumbnailFolder: rung.map { UnsafeBufferPointer(rebasing: rungBytes[$0]) }), to: &w)
                        }
                    }
                }
            } }
        }
    }
}

/// A window cell's values read in place from a grid snapshot (`LayoutDocument.writeWindow`).
private struct SnapshotCell: LayoutCellValues {
    let index: Int
    let photo: GridSnapshot.UnsafePhoto
    let geometry: CellGeometry
    /// The URL prefix of grid thumbnails (`…/grid-387`, escaped for a JSON string), if cells name theirs.
    let thumbnailFolder: UnsafeBufferPointer<UInt8>?

    var id: Int64? { photo.id }
    var pixelWidth: Double { Double(photo.pixelWidth) }
    var pixelHeight: Double { Double(photo.pixelHeight) }
    var frame: Rect { geometry.frame }
    var imageFrame: Rect { geometry.imageFrame }
    var crop: Rect { geometry.crop }
    var section: Int? { nil }
    var media: String? { photo.nonPhoto?.media.rawValue }
    var duration: Double? { photo.nonPhoto?.duration }
    var posterTime: Double? { photo.nonPhoto?.posterTime }
    var hasPath: Bool { true }

    /// The path as `GalleryPhoto.path` holds it: its bytes, or when they are not UTF-8 the text with
    /// U+FFFD for each invalid sequence.
    func writePath(to w: inout JSONWriter) {
        if photo.pathIsUTF8 { w.value(utf8: photo.path) } else { w.value(String(decoding: photo.path, as: UTF8.self)) }
    }

    var pathBytes: String? { photo.pathIsUTF8 ? nil : PathBytesField.base64IfNotUTF8(Array(photo.path)) }
    var hasThumbnail: Bool { thumbnailFolder != nil }

    /// `ThumbnailCache.relativePath(folder:contentKey:photoID:)`, written in pieces.
    func writeThumbnail(to w: inout JSONWriter) {
        guard let thumbnailFolder else { return }
        w.beginString()
        w.stringContent(escaped: thumbnailFolder)
        if let key = photo.contentKey, ThumbnailCache.isContentKey(utf8: key) {
            w.stringContent("/")
            w.stringContent(escaped: key)  // digits, "-" and hex digits
        } else {
            w.stringContent("/id-")
            w.stringContent(digits: photo.id)
        }
        w.stringContent(".jpg")
        w.endString()
    }
}
