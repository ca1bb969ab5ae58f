/// `ZStack(alignment:)`: every child gets the stack's proposal; the stack is as large as its largest child.
///
/// Source: OpenSwiftUI `ZStack.swift` (size = component-wise maximum of the children; at placement each
/// child is proposed the stack's final size and aligned). docs/layout-spec.md §3.3 [H]. An empty stack is 0×0.
public enum ZStackLayout {
    /// The stack's size: the component-wise maximum of the children's answers to `proposal`.
    public static func size(_ proposal: ProposedSize, children: [(ProposedSize) -> Size]) -> Size {
        var result = Size.zero
        for child in children {
            let c = child(proposal)
            result.width = max(result.width, c.width)
            result.height = max(result.height, c.height)
        }
        return result
    }

    /// The proposal each child receives at placement: the stack's own size.
    public static func placementProposal(stackSize: Size) -> ProposedSize {
        ProposedSize(stackSize)
    }
}
