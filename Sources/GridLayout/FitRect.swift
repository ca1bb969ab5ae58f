/// The detail view's image frame: `Image.resizable().aspectRatio(contentMode: .fit)` in a container.
///
/// Source: docs/layout-spec.md §7.1 [H] (ZStack/overlay centring, OpenSwiftUI `ZStack.swift`; the aspect-ratio rule of
/// `AspectRatioLayout` with both proposal components finite): `k = min(Cw/Wi, Ch/Hi)`, the image
/// `Wi·k × Hi·k`, centred in the container.
public enum FitRect {
    /// The fit rect of an image of `imageSize` in `container` (in the container's coordinate space).
    public static func fit(_ imageSize: Size, in container: Rect) -> Rect {
        let fitted = Size(AspectRatioLayout.childProposal(ProposedSize(container.size), ratioSize: imageSize, contentMode: .fit))
        return Rect(origin: container.origin + Alignment.center.childOrigin(container: container.size, child: fitted), size: fitted)
    }
}
