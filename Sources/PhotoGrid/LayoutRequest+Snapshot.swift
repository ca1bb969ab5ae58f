import GridLayout
public import PhotoLibrary

extension LayoutRequest {
    /// The gallery for this request from a grid snapshot in memory (`GridSnapshot`), for the requests
    /// a snapshot can answer: square cells without sections (what a scrolling client asks most); nil
    /// for the others, which read the library (`gallery(library:…)`). Same document, same errors.
    /// Justified rows (without sections) take every photo (row breaks depend on all before them).
    public func gallery(snapshot: GridSnapshot, all: Bool = false, detailIndex: Int? = nil) throws -> GalleryLayout? {
        guard sizes == nil else { return nil }
        let configuration = try configuration()
        guard try grouping() == .none, configuration.cellStyle == .square else { return nil }
        let count = snapshot.count
        if let detailIndex, !(0..<count).contains(detailIndex) {
            throw UsageError.noPhoto(at: detailIndex, count: count)
        }
        func photos(_ range: Range<Int>) -> [GalleryPhoto] {
                range.clamped(to: 0..<snapshot.count).map { i in
                    let photo = snapshot.photo(at: i)
                    var gallery = GalleryPhoto(id: photo.id, path: photo.path, pathBytes: photo.invalidPathBytes,
                                               pixelWidth: Double(photo.pixelWidth), pixelHeight: Double(photo.pixelHeight),
                                               contentKey: photo.contentKey)
                    gallery.media = photo.nonPhoto?.media.rawValue
                    gallery.duration = photo.nonPhoto?.duration
                    gallery.posterTime = photo.nonPhoto?.posterTime
                    return gallery
                }
        }
        if let justified = try justifiedConfiguration() {
            return try GalleryLayout(photos: photos(0..<count), viewport: viewport, configuration: configuration, justified: justified)
        }
        do throws(GalleryLoadError<Never>) {
            return try GalleryLayout(count: count, viewport: viewport, configuration: configuration,
                                     only: all ? 0..<count : detailIndex.map { $0..<($0 + 1) }, also: detailIndex) { range in photos(range) }
        } catch {
            switch error {
            case let .usage(usage): throw usage
            case .load: throw error
            }
        }
    }
}
