public import PhotoLibrary

/// One photo of `photogrid list --json` (`docs/json.md`, `docs/schemas/list.schema.json`). Absent facts are omitted.
public struct ListedPhoto: Codable, Sendable, Equatable {
    public var id: Int64
    /// Path relative to the indexed folder (display text: invalid UTF-8 bytes shown as U+FFFD).
    public var path: String
    /// Base64 of the path's bytes, present when they are not valid UTF-8 (`path` cannot open the file then).
    public var pathBytes: String?
    /// `ok`, `error` or `missing`.
    public var status: String
    /// Why the file could not be read (error rows only).
    public var error: String?
    public var storedWidth: Int?
    public var storedHeight: Int?
    public var orientation: Int?
    /// Display (oriented) size.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// EXIF DateTimeOriginal, ISO 8601 local time.
    public var takenAt: String?

    public init(_ photo: Photo) {
        id = photo.id
        path = photo.path
        pathBytes = PathBytesField.base64IfNotUTF8(photo.pathBytes)
        status = photo.status.rawValue
        error = photo.status == .error ? photo.error : nil
        storedWidth = photo.storedWidth
        storedHeight = photo.storedHeight
        orientation = photo.orientation
        pixelWidth = photo.pixelWidth
        pixelHeight = photo.pixelHeight
        takenAt = photo.takenAt
    }
}

/// The `photogrid list --json` document, version 1: every photo in grid order.
public struct PhotoListDocument: Codable, Sendable, Equatable {
    public var version = 1
    public var photos: [ListedPhoto]

    public init(photos: [ListedPhoto]) {
        self.photos = photos
    }

    /// The document's JSON text (one line, keys sorted).
    public var json: String { DocumentEncoding.json(self) }

    /// A table for people: id, status, display size, orientation, taken-at, path (and the error).
    public var table: String {
        var rows: [[String]] = [["ID", "STATUS", "PIXELS", "ORIENT", "TAKEN AT", "PATH"]]
        for photo in photos {
            var size = "-"
            if let width = photo.pixelWidth, let height = photo.pixelHeight { size = "\(width)×\(height)" }
            var path = PathBytesField.consoleText(path: photo.path, pathBytes: photo.pathBytes)
            if let error = photo.error { path += "  (\(ConsoleText.escaped(error)))" }
            rows.append([String(photo.id), photo.status, size, photo.orientation.map(String.init) ?? "-",
                         photo.takenAt.map { $0.replacingFirst("T", with: " ") } ?? "-", path])
        }
        var widths = Array(repeating: 0, count: rows[0].count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                if column == 0 {
                    line += pad + cell  // ids right-aligned
                } else if column == row.count - 1 {
                    line += "  " + cell
                } else {
                    line += "  " + cell + pad
                }
            }
            text += line + "\n"
        }
        text += "\(CountText.grouped(photos.count)) photo\(photos.count == 1 ? "" : "s")\n"
        return text
    }
}

/// `photogrid list`: the library's photos in grid order.
public enum LibraryListing {
    /// Reads every photo of the database at `database` (which must exist), in grid order.
    public static func document(database: String) throws(LibraryError) -> PhotoListDocument {
        let store = try PhotoStore(path: database, mode: .existing)
        return PhotoListDocument(photos: try store.photos().map(ListedPhoto.init))
    }
}

extension String {
    /// The string with its first `target` character replaced.
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
