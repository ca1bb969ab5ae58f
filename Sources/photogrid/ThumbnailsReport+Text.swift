import PhotoGrid
import PhotoLibrary

extension ThumbnailsReport {
    /// Failures listed in the text report (all of them are in the JSON).
    static let listedFailures = 20


    /// A paragraph for people, then one line per failure and one per warning (at most 20 each).
    var text: String {
        let s = summary
        let grouped = CountText.grouped
        var text = "Thumbnails (\(s.variants.joined(separator: ", "))) of \(grouped(s.photos)) "
            + "photo\(s.photos == 1 ? "" : "s") in \(ConsoleText.escaped(s.folder)) "
            + "in \(IndexReport.formatSeconds(s.seconds)): \(grouped(s.made)) made, "
            + "\(grouped(s.skipped)) up to date, \(grouped(s.errors)) error\(s.errors == 1 ? "" : "s")"
        if s.removed > 0 { text += ", \(grouped(s.removed)) old file\(s.removed == 1 ? "" : "s") removed" }
        if !s.warnings.isEmpty {
            text += ", \(grouped(s.warnings.count)) with " + (s.warnings.count == 1 ? "a warning" : "warnings")
        }
        text += s.errors > 0 || !s.warnings.isEmpty ? ":\n" : ".\n"
        for failure in s.failures.prefix(Self.listedFailures) {
            text += "  \(PathBytesField.consoleText(path: failure.path, pathBytes: failure.pathBytes)) (\(failure.variant)): \(ConsoleText.escaped(failure.error))\(failure.remedy?.commandLineAdvice ?? "")\n"
        }
        if s.failures.count > Self.listedFailures {
            text += "  … and \(grouped(s.failures.count - Self.listedFailures)) more (--json lists them all)\n"
        }
        for warning in s.warnings.prefix(Self.listedFailures) {
            text += "  \(PathBytesField.consoleText(path: warning.path, pathBytes: warning.pathBytes)) (\(warning.variant)): warning: \(ConsoleText.escaped(warning.warning))\n"
        }
        if s.warnings.count > Self.listedFailures {
            text += "  … and \(grouped(s.warnings.count - Self.listedFailures)) more warnings (--json lists them all)\n"
        }
        return text
    }
}
