import PhotoGrid
import PhotoLibrary

extension LibraryStatistics {

    /// Aligned `label: value` lines.
    var text: String {
        let c = counts
        let grouped = CountText.grouped
        var lines: [(String, String)] = []
        if let root {
            lines.append(("Folder", ConsoleText.escaped(bytes: root.pathBytes)))
            lines.append(("Last indexed", root.lastIndexedAt))
        } else {
            lines.append(("Folder", "(not indexed yet)"))
        }
        lines.append(("Database", ConsoleText.escaped(database)
                      + " (schema \(migrations.last ?? "none"))"))
        lines.append(("Photos", "\(grouped(c.photos)): \(grouped(c.ok)) ok, \(grouped(c.errors)) error"
                      + (c.errors == 1 ? "" : "s") + ", \(grouped(c.missing)) missing"))
        if !c.formats.isEmpty {
            lines.append(("Formats", c.formats.sorted { $0.key < $1.key }
                .map { "\(grouped($0.value)) \($0.key)" }.joined(separator: ", ")))
        }
        let videos = c.media["video"] ?? 0, live = c.media["live"] ?? 0, photos = c.media["photo"] ?? 0
        if videos + live > 0 {
            lines.append(("Media", "\(grouped(photos)) photo\(photos == 1 ? "" : "s"), \(grouped(videos)) video\(videos == 1 ? "" : "s")"
                          + (live > 0 ? ", \(grouped(live)) Live Photo\(live == 1 ? "" : "s")" : "")))
        }
        lines.append(("Reoriented", "\(grouped(c.reoriented)) with an EXIF orientation other than 1"))
        lines.append(("Progressive", grouped(c.progressive)))
        lines.append(("Taken-at", "\(grouped(c.withTakenAt)) with EXIF DateTimeOriginal, the rest sorted by file time"))
        if !c.colorSpaces.isEmpty {
            lines.append(("Colour spaces", c.colorSpaces.sorted { $0.key < $1.key }
                .map { "\(grouped($0.value)) \($0.key)" }.joined(separator: ", ")))
        }
        lines.append(("Size", Self.bytes(c.okBytes) + " in ok photos"))
        if let earliest = c.earliest, let latest = c.latest {
            lines.append(("Dates", "\(earliest.replacingFirst("T", with: " ")) … \(latest.replacingFirst("T", with: " "))"))
        }
        if let queue = thumbnailQueue {
            lines.append(("Thumbnails", "\(grouped(queue.waiting)) photo\(queue.waiting == 1 ? "" : "s") waiting for "
                          + queue.variants.joined(separator: ", ") + (queue.claimed > 0 ? " (\(grouped(queue.claimed)) being made)" : "")))
            if !queue.workers.isEmpty {
                lines.append(("Workers seen", queue.workers.map { worker in
                    let ago = max(0, queue.now - worker.lastSeen)
                    return ConsoleText.escaped(worker.name) + " " + (ago < 60 ? "\(ago) s ago" : "\(ago / 60) min ago")
                }.joined(separator: ", ")))
            }
        }
        if let integrity { lines.append(("Integrity", integrity.split(separator: "\n").joined(separator: "; "))) }
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 1) + $0.1 }
            .joined(separator: "\n") + "\n"
    }

    /// `12345678` → `12.3 MB` (decimal units).
    static func bytes(_ count: Int64) -> String {
        let units = ["bytes", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(count) bytes" }
        return "\((value * 10).rounded() / 10) \(units[unit])"
    }
}
