import PhotoGrid
import PhotoLibrary

extension PhotoListDocument {

    /// A table for people: id, status, format, display size, orientation, taken-at, path (and the error).
    var table: String {
        var rows: [[String]] = [["ID", "STATUS", "FORMAT", "PIXELS", "ORIENT", "TAKEN AT", "PATH"]]
        for photo in photos {
            var size = "-"
            if let width = photo.pixelWidth, let height = photo.pixelHeight { size = "\(width)×\(height)" }
            var path = PathBytesField.consoleText(path: photo.path, pathBytes: photo.pathBytes)
            if let error = photo.error { path += "  (\(ConsoleText.escaped(error)))" }
            rows.append([String(photo.id), photo.status, photo.format, size, photo.orientation.map(String.init) ?? "-",
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

extension String {
    /// The string with its first `target` character replaced.
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
