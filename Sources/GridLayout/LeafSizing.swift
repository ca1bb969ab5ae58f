/// How the leaf views of the photo grid answer a proposal (docs/layout-spec.md §1.2).
public enum LeafSizing {
    /// `Image(…).resizable()`: each proposed component as given (0 and ∞ included), `nil` → natural size.
    ///
    /// Source: OpenSwiftUI `ResolvedImage.swift` `sizeThatFits(in:)` (no cap insets); S01E309
    /// transcript 04:34 ("stretched horizontally … still have their original height") [H].
    public static func resizableImage(_ proposal: ProposedSize, natural: Size) -> Size {
        Size(width: proposal.width ?? natural.width, height: proposal.height ?? natural.height)
    }

    /// `Image(…)` without `.resizable()`: always its natural size; the proposal is ignored.
    ///
    /// Source: OpenSwiftUI `ResolvedImage.swift` (returns `contentSize` when not resizable); netsplit
    /// "Views choose their own sizes" 101×92 example [H].
    public static func fixedImage(_ proposal: ProposedSize, natural: Size) -> Size {
        natural
    }

    /// `Color`, `Rectangle` and every `Shape`: the proposal with `nil` components replaced by 10.
    ///
    /// Source: Apple `Shape.sizeThatFits` ("returns the original proposal, with nil components replaced
    /// by a small positive value"); `ProposedViewSize.replacingUnspecifiedDimensions(by:)` [H].
    public static func shape(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }
}
