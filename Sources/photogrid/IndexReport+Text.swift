import PhotoGrid
import PhotoLibrary
import Indexing

extension IndexReport {

    /// One paragraph for people.
    var text: String {
        let s = summary
        let grouped = CountText.grouped
        var text = "Indexed \(grouped(s.scanned)) photo file\(s.scanned == 1 ? "" : "s") in \(ConsoleText.escaped(folder)) "
            + "into \(ConsoleText.escaped(database)) in \(Self.formatSeconds(s.seconds)): "
            + "\(grouped(s.added)) added, \(grouped(s.updated)) updated, \(grouped(s.unchanged)) unchanged, "
            + "\(grouped(s.moved)) moved, " + (s.retried > 0 ? "\(grouped(s.retried)) retried, " : "")
            + "\(grouped(s.missing)) missing, "
            + "\(grouped(s.errors)) error\(s.errors == 1 ? "" : "s")"
        text += s.errors > 0 ? " (`photogrid list` shows which and why)." : "."
        text += Self.accountText(s)
        if let prunedThumbnails {
            text += " Pruned \(grouped(s.pruned)) missing photo\(s.pruned == 1 ? "" : "s") and "
                + "\(grouped(prunedThumbnails)) thumbnail file\(prunedThumbnails == 1 ? "" : "s")."
        }
        if let movedFrom = s.movedFrom {
            text += " The library moved here from \(ConsoleText.escaped(movedFrom))."
        }
        return text
    }

    /// The sentences that account for what was not indexed: skipped entries by kind, files that
    /// vanished, unreadable folders (empty when there are none). Shared with `export`.
    static func accountText(_ s: IndexSummary) -> String {
        let grouped = CountText.grouped
        var text = ""
        if s.skippedTotal > 0 {
            let parts = SkippedKind.allCases.compactMap { kind -> String? in
                guard let count = s.skipped[kind], count > 0 else { return nil }
                return "\(grouped(count)) " + kind.label(count)
            }
            text += " Skipped \(grouped(s.skippedTotal)) of \(grouped(s.seen)) entries: "
                + parts.joined(separator: ", ") + " (`photogrid list --skipped` names them)."
        }
        if s.vanished > 0 {
            text += " \(grouped(s.vanished)) file\(s.vanished == 1 ? "" : "s") vanished before it could be read."
        }
        if !s.unreadableFolders.isEmpty {
            let shown = s.unreadableFolders.prefix(3).map { folder in
                ConsoleText.escaped(folder.path) + ": " + folder.error
                    + " (\(grouped(folder.rowsKept)) photo\(folder.rowsKept == 1 ? "" : "s") kept)"
            }.joined(separator: "; ")
            let more = s.unreadableFolders.count > 3 ? "; and \(s.unreadableFolders.count - 3) more" : ""
            text += " \(s.unreadableFolders.count) folder\(s.unreadableFolders.count == 1 ? "" : "s") "
                + "could not be read (their photos were left as they were): \(shown)\(more)."
        }
        return text
    }

    static func formatSeconds(_ seconds: Double) -> String {
        if seconds < 10 {
            let milliseconds = Int((seconds * 1000).rounded())
            let fraction = String(milliseconds % 1000)
            return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
        }
        return "\(Int(seconds.rounded())) s"
    }
}

extension SkippedKind {
    /// How the summary names `count` entries of this kind.
    func label(_ count: Int) -> String {
        let plural = count != 1
        switch self {
        case .image: return plural ? "other images" : "other image"
        case .raw: return plural ? "raw camera files" : "raw camera file"
        case .video: return plural ? "videos" : "video"
        case .other: return plural ? "other files" : "other file"
        case .hidden: return "hidden"
        case .symlink: return plural ? "symbolic links" : "symbolic link"
        case .cache: return plural ? "cache folders" : "cache folder"
        case .pseudo: return plural ? "pseudo file systems" : "pseudo file system"
        case .output: return plural ? "PhotoGrid outputs" : "PhotoGrid output"
        }
    }
}
