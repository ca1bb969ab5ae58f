import PhotoLibrary

/// The `photogrid index --json` document, version 1 (DESIGN §5; spec/schemas/index-summary).
public struct IndexSummaryDocument: Codable, Sendable, Equatable {
    public var version = 1
    /// JPEG candidates found (`added + updated + unchanged + moved`).
    public var scanned: Int
    public var added: Int
    public var updated: Int
    public var unchanged: Int
    public var moved: Int
    /// Rows whose file is gone.
    public var missing: Int
    /// Scanned files that are error rows.
    public var errors: Int
    /// Wall-clock time of the run.
    public var seconds: Double

    public init(_ summary: IndexSummary) {
        scanned = summary.scanned
        added = summary.added
        updated = summary.updated
        unchanged = summary.unchanged
        moved = summary.moved
        missing = summary.missing
        errors = summary.errors
        seconds = (summary.seconds * 1000).rounded() / 1000
    }
}

/// What `photogrid index` prints.
public struct IndexReport: Sendable {
    /// The folder as given.
    public var folder: String
    /// The database path.
    public var database: String
    public var summary: IndexSummary
    public var document: IndexSummaryDocument { IndexSummaryDocument(summary) }

    /// The `--json` document text (one line, keys sorted).
    public var json: String { DocumentEncoding.json(document) }

    /// One paragraph for people.
    public var text: String {
        let s = summary
        let grouped = TerminalProgressBar.grouped
        var text = "Indexed \(grouped(s.scanned)) JPEG file\(s.scanned == 1 ? "" : "s") in \(folder) "
            + "into \(database) in \(Self.formatSeconds(s.seconds)): "
            + "\(grouped(s.added)) added, \(grouped(s.updated)) updated, \(grouped(s.unchanged)) unchanged, "
            + "\(grouped(s.moved)) moved, \(grouped(s.missing)) missing, "
            + "\(grouped(s.errors)) error\(s.errors == 1 ? "" : "s")"
        text += s.errors > 0 ? " (`photogrid list` shows which and why)." : "."
        if !s.unreadableFolders.isEmpty {
            let shown = s.unreadableFolders.prefix(3).map(ConsoleText.escaped).joined(separator: "; ")
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

/// `photogrid index`: walk a folder, probe new and changed JPEGs, update the library database.
public enum LibraryIndexing {
    /// Indexes `folder` into the database at `database` (created if needed).
    ///
    /// - Parameters:
    ///   - jobs: probing threads; nil for one per active core.
    ///   - progressBar: drawn while the run goes (pass nil when stderr is not a terminal).
    public static func index(folder: String, database: String, jobs: Int? = nil,
                             progressBar: TerminalProgressBar? = nil) throws(LibraryError) -> IndexReport {
        _ = try Indexer.resolve(folder)  // a wrong folder must not leave a new empty database behind
        var created = false
        let summary: IndexSummary
        do {
            // The store lives only inside this closure, so it is closed before a failed run removes it.
            summary = try { () throws(LibraryError) -> IndexSummary in
                let store = try PhotoStore(path: database, mode: .createIfMissing)
                created = store.createdFile
                if store.isReadOnly { throw LibraryError.readOnlyDatabase(path: database) }
                var options = IndexOptions()
                options.jobs = jobs
                if let progressBar { options.progress = { progressBar.update($0) } }
                defer { progressBar?.finish() }
                return try Indexer(store: store, options: options).index(folder: folder)
            }()
        } catch {
            if created { PhotoStore.removeFiles(database) }  // a failed run leaves no database it made
            throw error
        }
        return IndexReport(folder: folder, database: database, summary: summary)
    }
}
