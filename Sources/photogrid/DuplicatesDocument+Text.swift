import PhotoGrid

extension DuplicatesDocument {
    /// The groups as `photogrid duplicates` prints them: each group's kind and keep reason, then its copies
    /// (the kept one marked), then the photos left out and why.
    var text: String {
        var lines: [String] = []
        let copies = others.count
        lines.append("\(CountText.grouped(groups.count)) group\(groups.count == 1 ? "" : "s") of copies, "
                     + "\(CountText.grouped(copies)) cop\(copies == 1 ? "y" : "ies") not kept "
                     + "(\(CountText.grouped(photos)) photos compared, \(CountText.grouped(signaturesMade)) signatures made now)")
        for group in groups {
            lines.append("")
            lines.append("\(group.kind.rawValue) copies (keep: \(group.keepReason))")
            for copy in group.photos {
                let size = "\(copy.width)×\(copy.height)"
                let taken = copy.takenAt ?? "no capture date"
                lines.append("  \(copy.keep ? "keep" : "    ")  \(PathBytesField.consoleText(path: copy.path, pathBytes: copy.pathBytes))  "
                             + "\(size) \(copy.format) \(LibraryStatistics.bytes(copy.fileSize)), \(taken)")
            }
        }
        if !leftOut.isEmpty {
            lines.append("")
            lines.append("left out (\(CountText.grouped(leftOut.count))):")
            for photo in leftOut {
                lines.append("  \(PathBytesField.consoleText(path: photo.path, pathBytes: photo.pathBytes)): \(photo.reason)")
            }
        }
        if pending > 0 {
            lines.append("")
            lines.append("\(CountText.grouped(pending)) photo\(pending == 1 ? "" : "s") changed since indexed, not compared (run photogrid index, then duplicates)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
