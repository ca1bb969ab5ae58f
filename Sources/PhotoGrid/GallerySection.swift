/// One section of a grouped gallery: its title and how many photos (a contiguous run of grid positions).
public struct GallerySection: Sendable, Hashable {
    public var title: String
    public var count: Int

    public init(title: String, count: Int) {
        self.title = title
        self.count = count
    }
}

import PhotoLibrary

/// How a library's photos are grouped into sections: by the day, month or year of their grid date
/// (taken-at, else the file's time), or not at all (`--group` in docs/commands.md).
public enum GalleryGrouping: String, Sendable, CaseIterable {
    case none, day, month, year

    /// How many characters of the day (`YYYY-MM-DD`) name a section: 10, 7 or 4.
    var titleLength: Int? {
        switch self {
        case .none: return nil
        case .day: return 10
        case .month: return 7
        case .year: return 4
        }
    }
}

extension GalleryGrouping {
    /// The sections of the grid `grid` reads (one snapshot), nil for `.none`.
    func sections(_ grid: any GridWindowReader) throws(LibraryError) -> [GallerySection]? {
        guard let titleLength else { return nil }
        return try grid.sections(prefixLength: titleLength).map { GallerySection(title: $0.title, count: $0.count) }
    }
}
