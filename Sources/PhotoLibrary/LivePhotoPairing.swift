/// Live Photos in a store: a movie row whose `live_photo_id` names its photo (Migrations/0010) is that
/// photo's motion and leaves the grid; the photo's media is `live` and its duration the movie's. Pairs
/// follow `LivePhotoRule`; they are made as index batches land and checked whole at the end of every
/// run, so a pair whose half went away, changed or moved stands alone again. The steps are the same for
/// every store; each store reads and writes its rows through `LivePhotoRows`, inside the transaction
/// of the batch or of the run's end.
package enum LivePhotoPairing {
    /// Pairs the movies among `paths` (just written by an index batch; nil: every candidate movie) with
    /// their photos.
    package static func pair(_ rows: some LivePhotoRows, paths: [[UInt8]]?) throws(LibraryError) {
        for movie in try rows.motionCandidates(paths: paths) {
            guard let photo = try partner(of: movie.half, rows) else { continue }
            try rows.link(movie: movie.id, photo: photo, duration: movie.half.duration)
        }
    }

    /// Checks every pair against the rule and the rows as they are now: a pair whose photo or movie is
    /// no longer present and readable, or no longer matches, is undone (both stand alone again); a Live
    /// Photo's duration follows its movie's. Then pairs what can be paired.
    package static func check(_ rows: some LivePhotoRows) throws(LibraryError) {
        for pair in try rows.pairs() {
            var keep = pair.movieStatus == "ok" && pair.movieMedia == "video" && pair.photoID != nil
            if keep, let photoID = pair.photoID, let photo = pair.photo {
                // A Motion Photo (its motion inside its own file) pairs with no other movie.
                keep = pair.photoStatus == "ok" && (pair.photoMedia == "photo" || pair.photoMedia == "live") && !pair.photoHasMotion
                    && LivePhotoRule.pairs(photo: photo, movie: pair.movie)
                if keep, pair.photoMedia != "live" || pair.photoDuration != pair.movie.duration {
                    try rows.setLive(photo: photoID, duration: pair.movie.duration)
                }
            }
            if !keep { try rows.unlink(movie: pair.movieID) }
        }
        // Live Photos whose movie is gone (or was undone above) are photos again; Motion Photos keep theirs.
        try rows.resetLivePhotosWithoutMovie()
        try pair(rows, paths: nil)
    }

    /// The unpaired photo `movie` pairs with (`LivePhotoRule`), if any: the one in the movie's own
    /// folder, then the nearest in time, then the oldest row.
    static func partner(of movie: LivePhotoRule.Half, _ rows: some LivePhotoRows) throws(LibraryError) -> Int64? {
        var candidates: [(id: Int64, half: LivePhotoRule.Half)] = []
        if let identifier = movie.contentIdentifier {
            candidates += try rows.unpairedPhotos(contentIdentifier: identifier)
        }
        if let stem = LivePhotoRule.stem(movie.pathBytes) {
            // Paths from "dir/IMG_0001." up to "dir/IMG_0001/" ('/' follows '.'): the name's siblings.
            var upper = Array(stem)
            upper[upper.count - 1] = UInt8(ascii: "/")
            candidates += try rows.unpairedPhotos(pathsAbove: Array(stem), below: upper)
        }
        let folder = movie.pathBytes.lastIndex(of: UInt8(ascii: "/")).map { Array(movie.pathBytes[...$0]) } ?? []
        return candidates.filter { LivePhotoRule.pairs(photo: $0.half, movie: movie) }.min { a, b in
            let aHere = isDirectlyIn(a.half.pathBytes, folder), bHere = isDirectlyIn(b.half.pathBytes, folder)
            if aHere != bHere { return aHere }
            let aGap = LivePhotoRule.secondsApart(a.half.takenAt, movie.takenAt) ?? .infinity
            let bGap = LivePhotoRule.secondsApart(b.half.takenAt, movie.takenAt) ?? .infinity
            if aGap != bGap { return aGap < bGap }
            return a.id < b.id
        }?.id
    }

    /// Whether `path` names a file directly inside `folder` (`dir/`, or `[]` for the library's top).
    private static func isDirectlyIn(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
        path.starts(with: folder) && !path[folder.count...].contains(UInt8(ascii: "/"))
    }
}

/// A recorded pair as `LivePhotoPairing.check` judges it: the movie row and the photo it names (nil
/// fields when that photo row is gone).
package struct LivePhotoPair {
    var movieID: Int64
    var movie: LivePhotoRule.Half
    var movieStatus: String
    var movieMedia: String
    var photoID: Int64?
    var photo: LivePhotoRule.Half?
    var photoStatus: String?
    var photoMedia: String?
    var photoDuration: Double?
    /// Whether the photo is a Motion Photo (its motion a byte range of its own file).
    var photoHasMotion: Bool

    package init(movieID: Int64, movie: LivePhotoRule.Half, movieStatus: String, movieMedia: String, photoID: Int64?, photo: LivePhotoRule.Half?,
                 photoStatus: String?, photoMedia: String?, photoDuration: Double?, photoHasMotion: Bool) {
        (self.movieID, self.movie, self.movieStatus, self.movieMedia) = (movieID, movie, movieStatus, movieMedia)
        (self.photoID, self.photo, self.photoStatus, self.photoMedia) = (photoID, photo, photoStatus, photoMedia)
        (self.photoDuration, self.photoHasMotion) = (photoDuration, photoHasMotion)
    }
}

/// A store's rows as Live Photo pairing reads and writes them (inside one write transaction).
package protocol LivePhotoRows {
    /// The movies a Live Photo's motion may be — present, unpaired videos that carry an identifier or
    /// are short enough for the name fallback — among `paths` (every one when nil).
    func motionCandidates(paths: [[UInt8]]?) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)]
    /// Present photos with no movie whose identifier is `contentIdentifier`.
    func unpairedPhotos(contentIdentifier: String) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)]
    /// Present photos with no movie whose path lies strictly between `pathsAbove` and `below` (bytes).
    func unpairedPhotos(pathsAbove: [UInt8], below: [UInt8]) throws(LibraryError) -> [(id: Int64, half: LivePhotoRule.Half)]
    /// Every recorded pair.
    func pairs() throws(LibraryError) -> [LivePhotoPair]
    /// Makes `movie` the motion of `photo`, a Live Photo of `duration`.
    func link(movie: Int64, photo: Int64, duration: Double?) throws(LibraryError)
    /// Sets `photo`'s media to live with `duration`.
    func setLive(photo: Int64, duration: Double?) throws(LibraryError)
    /// Undoes `movie`'s pair (the movie stands alone again).
    func unlink(movie: Int64) throws(LibraryError)
    /// Makes every Live Photo that has no movie (and is not a Motion Photo) a photo again.
    func resetLivePhotosWithoutMovie() throws(LibraryError)
}
