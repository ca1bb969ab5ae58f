/// One entry of `LazyVGrid(columns:)`: a size rule, the spacing after it, and the alignment in its slots.
///
/// Source: Apple `GridItem`, `GridItem.Size` (defaults `flexible(minimum: 10, maximum: .infinity)`,
/// `adaptive(minimum:maximum: .infinity)`), `GridItem.spacing` ("the spacing to the next item … nil uses
/// a reasonable default"), `GridItem.alignment`. docs/layout-spec.md §5.1 [H].
public struct GridItem: Sendable, Hashable {
    /// How wide the item's column (or columns, for `.adaptive`) is.
    public enum Size: Sendable, Hashable {
        /// Exactly this width, whatever the grid's width.
        case fixed(Double)
        /// A share of the remaining width, clamped to `minimum...maximum`.
        case flexible(minimum: Double, maximum: Double)
        /// As many columns of at least `minimum` as fit in one flexible share, each at most `maximum`.
        case adaptive(minimum: Double, maximum: Double)

        /// `.flexible(minimum: 10, maximum: .infinity)`, SwiftUI's default.
        public static let flexible = Size.flexible(minimum: 10, maximum: .infinity)
        /// `.adaptive(minimum:)` with SwiftUI's default `maximum: .infinity`.
        public static func adaptive(minimum: Double) -> Size { .adaptive(minimum: minimum, maximum: .infinity) }
    }

    public var size: Size
    /// The gap after this item's column(s), and between an adaptive item's sub-columns; `nil` → 8.
    public var spacing: Double?
    /// Alignment of each cell in its slot; `nil` → `.center`.
    public var alignment: Alignment?

    public init(_ size: Size = .flexible, spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    /// SwiftUI's default spacing between grid columns and rows on iOS (objc.io blog 2020 measured 8;
    /// OpenSwiftUI `defaultSpacing`), also the project's decision for unspecified row spacing.
    public static let defaultSpacing: Double = 8

    /// The photo grid's column: `GridItem(.adaptive(minimum: 100, maximum: .infinity), spacing: 3)` (S01E309).
    public static let photoGrid = GridItem(.adaptive(minimum: 100), spacing: 3)
}
