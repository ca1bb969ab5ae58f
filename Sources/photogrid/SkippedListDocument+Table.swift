import PhotoGrid

extension SkippedListDocument {

    /// Two columns for people: kind and path, then the count.
    var table: String {
        let width = max(4, skipped.map(\.kind.count).max() ?? 0)
        var text = "KIND" + String(repeating: " ", count: width - 4) + "  PATH\n"
        for entry in skipped {
            text += entry.kind + String(repeating: " ", count: width - entry.kind.count) + "  "
                + ConsoleText.escaped(entry.path) + "\n"
        }
        return text + "\(skipped.count) skipped\n"
    }
}
