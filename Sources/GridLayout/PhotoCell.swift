/// The grid cell of the Swift Talk photo grid, built from the same primitives as its SwiftUI source.
///
/// Source: `objcio/S01E314-building-a-photo-grid-refactoring` `Shared/GridView.swift` (final code) and the
/// S01E309 episode's intermediate steps; docs/layout-spec.md §0.1 and §4.2 [H]. `matchedGeometryEffect`, `contentShape`,
/// gestures and the measuring background are layout-neutral and omitted.
public enum PhotoCellStyle: String, Sendable, Hashable, CaseIterable {
    /// The final cell: `Image.resizable().aspectRatio(contentMode: .fill)
    /// .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity).clipped()
    /// .aspectRatio(1, contentMode: .fit)` — a square, centre-cropped cell.
    case square
    /// The first step of S01E309: `Image.resizable()` alone — column-wide, natural height (stretched).
    case resizable
    /// The second step: `Image.resizable().aspectRatio(contentMode: .fit)` — column-wide, letterboxed rows.
    case fit

    /// The cell's view tree for an image of natural size `imageSize` (points; pixels for 1x images).
    public func view(imageSize: Size) -> LayoutView {
        let image = LayoutView.resizableImage(natural: imageSize)
        switch self {
        case .square:
            return image
                .aspectRatio(contentMode: .fill)
                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
                .clipped()
                .aspectRatio(1, contentMode: .fit)
        case .resizable:
            return image
        case .fit:
            return image.aspectRatio(contentMode: .fit)
        }
    }
}
