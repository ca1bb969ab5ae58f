/// A vertical `ScrollView`: content proposed (width, nil); the view takes its proposed height.
///
/// Source: SwiftUI Field Guide "ScrollView" ("it proposes nil for the height to its children … tells its
/// children to become their ideal height"; the scroll view "becomes as wide as its content" and accepts
/// its proposed height). docs/layout-spec.md §6 [H]. With no proposed height it takes its content's height.
public enum ScrollViewLayout {
    /// The proposal the content receives: the proposed width and an unspecified height.
    public static func contentProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: proposal.width, height: nil)
    }

    /// The scroll view's size: the content's width and the proposed height (content height if `nil`).
    public static func size(_ proposal: ProposedSize, content: Size) -> Size {
        Size(width: content.width, height: proposal.height ?? content.height)
    }
}
