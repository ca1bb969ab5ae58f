import struct Foundation.Data
package import ImageFormats

/// One row to write: a walked file and what its probe found.
public struct PhotoRowValues: Sendable {
    package var file: WalkedFile
    /// Header facts, or nil for an error row.
    package var facts: PhotoFacts?
    /// The error row's message (nil when `facts` is set).
    package var error: String?
    /// The format the file was read as (`PhotoFacts.format`), or claimed to be (an error row).
    package var format: ImageFormat

    package init(file: WalkedFile, facts: PhotoFacts?, error: String?, format: ImageFormat) {
        (self.file, self.facts, self.error, self.format) = (file, facts, error, format)
    }

    /// Grid order's key: the capture time when known, else the file's mtime as UTC.
    package var sortKey: String { facts?.takenAt ?? UTCTime(nanoseconds: file.modificationTimeNanoseconds).isoSeconds }
    /// `ok` with facts, else `error`.
    package var status: PhotoStatus { facts == nil ? .error : .ok }
    /// An error row's message (nil for an ok row).
    package var errorText: String? { facts == nil ? (error ?? "unreadable") : nil }
    /// A video, a Live Photo (a Motion Photo: its motion in its own file), or a photo.
    package var media: MediaKind { format.isVideo ? .video : facts?.motion != nil ? .live : .photo }
    /// A video's duration, or a Motion Photo's motion's.
    package var duration: Double? { facts?.motion.map { $0.duration } ?? facts?.duration }

    /// The row's values, in the order of `LibrarySQL.photoRowColumns`.
    package var columnValues: [SQLValue] {
        [.blob(Data(file.relativePath)), .text(PathBytes.displayText(file.relativePath)), .integer(file.size),
         .integer(file.modificationTimeNanoseconds), SQLValue(facts?.contentKey), SQLValue(facts?.storedWidth), SQLValue(facts?.storedHeight),
         SQLValue(facts?.pixelWidth), SQLValue(facts?.pixelHeight), SQLValue(facts?.orientation), SQLValue(facts?.components),
         SQLValue(facts?.colorSpace), SQLValue(facts.map { $0.isProgressive ? 1 : 0 }), SQLValue(facts?.takenAt), .text(sortKey),
         .text(status.rawValue), SQLValue(errorText), .text(format.rawValue), .text(media.rawValue), SQLValue(duration),
         SQLValue(facts?.codec), SQLValue(facts?.posterTime), SQLValue(facts?.contentIdentifier), SQLValue(facts?.motion?.offset),
         SQLValue(facts?.motion?.length)]
    }
}

/// One pending write of an index run; applied in batches, one transaction per batch.
public enum PendingWrite: Sendable {
    /// Insert the row for a path, or update it in place if the path has a row.
    case photo(PhotoRowValues)
    /// Give row `id` (a vanished file with the same content key) the new path and facts.
    case move(id: Int64, PhotoRowValues)
    /// Remember a file that is not a JPEG candidate.
    case nonPhoto(WalkedFile)
}
