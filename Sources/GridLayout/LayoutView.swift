/// A view tree made of the SwiftUI primitives the photo grid uses, evaluated by `LayoutEngine`.
///
/// Modifiers read as in Swift source (outermost last):
/// `LayoutView.resizableImage(natural: s).aspectRatio(contentMode: .fill).frame(minWidth: 0, …).clipped()`.
public indirect enum LayoutView: Sendable, Hashable {
    /// `Image(…).resizable()` with the given natural size (points = pixels for 1x images).
    case resizableImage(natural: Size)
    /// `Image(…)` without `.resizable()`.
    case image(natural: Size)
    /// `Color`, `Rectangle` or any other `Shape`.
    case shape
    /// `.aspectRatio(ratio, contentMode:)`; `ratio == nil` uses the child's ideal size.
    case aspectRatio(ratio: Double?, contentMode: ContentMode, LayoutView)
    /// The conditional aspect ratio layout (S01E398).
    case conditionalAspectRatio(ConditionalAspectRatioLayout, LayoutView)
    /// `.frame(width:height:alignment:)`.
    case fixedFrame(FixedFrameLayout, LayoutView)
    /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    case flexibleFrame(FlexibleFrameLayout, LayoutView)
    /// `.clipped()`: layout-neutral, clips drawing to its own bounds.
    case clipped(LayoutView)
    /// `ZStack(alignment:) { … }`.
    case zStack(Alignment, [LayoutView])
    /// A vertical `ScrollView { … }`.
    case scrollView(LayoutView)
    /// `LazyVGrid(columns:spacing:) { … }`.
    case lazyVGrid(LazyVGridLayout, [LayoutView])

    /// `.aspectRatio(_:contentMode:)`.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> LayoutView {
        .aspectRatio(ratio: ratio, contentMode: contentMode, self)
    }

    /// `.conditionalAspectRatio(_:contentMode:enabled:)` (S01E398).
    public func conditionalAspectRatio(_ ratio: Double? = nil, contentMode: ContentMode, enabled: Bool = true) -> LayoutView {
        .conditionalAspectRatio(ConditionalAspectRatioLayout(ratio: ratio, contentMode: contentMode, enabled: enabled), self)
    }

    /// `.frame(width:height:alignment:)`.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> LayoutView {
        .fixedFrame(FixedFrameLayout(width: width, height: height, alignment: alignment), self)
    }

    /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> LayoutView {
        .flexibleFrame(FlexibleFrameLayout(
            horizontal: .init(minimum: minWidth, ideal: idealWidth, maximum: maxWidth),
            vertical: .init(minimum: minHeight, ideal: idealHeight, maximum: maxHeight),
            alignment: alignment), self)
    }

    /// `.clipped()`.
    public func clipped() -> LayoutView { .clipped(self) }
}
