/// The `photogrid export --json` document, version 1: what each step did, in the shapes the steps'
/// own commands print (`index` is the `index --json` document, `thumbnails` the `thumbs --json` one).
public struct ExportDocument: Codable, Sendable {
    public var version = 1
    public var index: IndexSummaryDocument
    public var thumbnails: ThumbnailsSummary
    public var layout: Layout
    public var picture: Picture

    /// `layout.json`: its path, its cell count, and whether this run wrote it (false: unchanged).
    public struct Layout: Codable, Sendable {
        public var path: String
        public var cells: Int
        public var written: Bool
    }

    /// `grid.jpg`: its path, whether this run drew it, and the cells that could not be drawn.
    public struct Picture: Codable, Sendable {
        public var path: String
        public var written: Bool
        public var failures: [LibraryPicture.Summary.Failure]
    }

    public init(_ report: GalleryExport.Report) {
        index = report.index.document
        thumbnails = report.thumbnails.summary
        layout = Layout(path: report.layoutPath, cells: report.cells, written: report.layoutWritten)
        picture = Picture(path: report.picturePath, written: report.pictureWritten, failures: report.pictureFailures)
    }
}

extension GalleryExport.Report {
    /// The `--json` document.
    public var document: ExportDocument { ExportDocument(self) }
}
