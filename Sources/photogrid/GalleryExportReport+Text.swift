import PhotoGrid
import PhotoLibrary
import Indexing

extension GalleryExport.Report {

    /// One paragraph for people (names escaped, counts grouped).
    var text: String {
        let s = index.summary
        let t = thumbnails.summary
        let g = CountText.grouped
        var lines = [
            "Indexed \(g(s.scanned)) photo files: \(g(s.added)) added, \(g(s.updated)) updated, \(g(s.unchanged)) unchanged, \(g(s.moved)) moved, \(g(s.missing)) missing, \(g(s.errors)) error\(s.errors == 1 ? "" : "s")."
                + IndexReport.accountText(s),
            "Thumbnails (\(t.variants.joined(separator: ", "))): \(g(t.made)) made, \(g(t.skipped)) up to date, \(g(t.errors)) failed.",
            "\(ConsoleText.escaped(layoutPath)): \(g(cells)) cells" + (layoutWritten ? "." : " (unchanged)."),
            "\(ConsoleText.escaped(picturePath)): " + (pictureWritten ? "the first screen." : "unchanged."),
        ]
        lines += pictureFailures.map { "  could not draw \(ConsoleText.escaped($0.message))" }
        lines += t.failures.prefix(10).map {
            "  \(PathBytesField.consoleText(path: $0.path, pathBytes: $0.pathBytes)) (\($0.variant)): \(ConsoleText.escaped($0.error))"
        }
        lines += t.warnings.prefix(10).map {
            "  \(PathBytesField.consoleText(path: $0.path, pathBytes: $0.pathBytes)) (\($0.variant)): warning: \(ConsoleText.escaped($0.warning))"
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
