public import GridLayout
package import PhotoLibrary
import Thumbnails

/// The names thumbnails are served and found by (`<variant>/<stem>.jpg`, the stem a content key or
/// `id-<row id>`, as `ThumbnailCache.relativePath` files them): what a layout's cells point at and what a
/// request for one is taken apart into.
public enum ThumbnailNames {
    /// `grid-<pixels>/<stem>.jpg`: the name of `photo`'s grid thumbnail of `pixels` (as `file(variant:stem:)`
    /// takes it apart), or nil for a photo not from a library.
    public static func gridName(pixels: Int, photo: GalleryPhoto) -> String? {
        photo.id.map { ThumbnailCache.relativePath(variant: .grid(pixels), contentKey: photo.contentKey, photoID: $0) }
    }

    /// `prefix` + `gridName(pixels:photo:)` in one String: a URL prefix and the name, for every cell
    /// of a layout (`gridFolder` is `prefix` + `grid-<pixels>`, made once per document).
    public static func gridName(folder gridFolder: String, photo: GalleryPhoto) -> String? {
        photo.id.map { ThumbnailCache.relativePath(folder: gridFolder, contentKey: photo.contentKey, photoID: $0) }
    }

    /// `grid-<pixels>` preceded by `prefix`: the folder part of grid thumbnail names.
    public static func gridFolder(pixels: Int, prefix: String = "") -> String {
        prefix + ThumbnailVariant.grid(pixels).name
    }

    /// `prefix` + `<variant>/<stem>.jpg`: the name of the thumbnail that fits a justified cell of `frame`
    /// at `scale` (`ThumbnailLadder.cellVariant`), or nil for a photo not from a library.
    public static func cellName(frame: Rect, scale: Double, photo: GalleryPhoto, prefix: String = "") -> String? {
        let variant = ThumbnailLadder.cellVariant(width: frame.width, height: frame.height, scale: scale)
        return photo.id.map { ThumbnailCache.relativePath(folder: prefix + variant.name, contentKey: photo.contentKey, photoID: $0) }
    }

    /// `detail-<pixels>/<stem>.jpg`: the name of `photo`'s detail thumbnail fitted within `pixels`.
    public static func detailName(pixels: Int, photo: GalleryPhoto) -> String? {
        photo.id.map { ThumbnailCache.relativePath(variant: .detail(pixels), contentKey: photo.contentKey, photoID: $0) }
    }

    /// The readable photos a thumbnail stem names: by content key, or `id-<row id>`.
    package static func photos(named stem: String, in store: any PhotoRowStore) throws(LibraryError) -> [Photo] {
        if stem.hasPrefix("id-") {
            guard let id = Int64(stem.dropFirst(3)), id > 0, let photo = try store.photo(id: id), photo.status == .ok,
                  !(photo.contentKey.map(ThumbnailCache.isContentKey) ?? false) else { return [] }
            return [photo]
        }
        guard ThumbnailCache.isContentKey(stem) else { return [] }
        return try store.photos(contentKey: stem, limit: sharingLimit)
    }

    /// The most photos sharing a file (one content key) a request reads and records the file for: the
    /// file is the first's; `thumbs` records the rest.
    package static let sharingLimit = 256
}
