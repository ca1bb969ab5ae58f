/// An aspect-ratio layout whose rule can be switched off: `enabled == false` passes the proposal through.
///
/// Source: objc.io Swift Talk S01E397–S01E398 "Conditional Aspect Ratio Modifier"
/// (`objcio/S01E398-conditonal-aspect-ratio-modifier-part-2`, `ConditionalAspectRatioLayout`), which was
/// checked against SwiftUI on screen inside a `ScrollView { VStack }` with `.fill`. The original
/// force-unwraps the single subview and divides by the child's ideal height; here a zero or
/// non-finite ratio cannot trap: the arithmetic is `AspectRatioLayout`'s (0 × ∞ = 0, x / 0 = ∞), and
/// `(nil, nil)`, one `nil` dimension and `.fill` are handled exactly as the enabled `aspectRatio` rule.
public struct ConditionalAspectRatioLayout: Sendable, Hashable {
    /// Width / height; `nil` takes the child's ideal size as the ratio.
    public var ratio: Double?
    public var contentMode: ContentMode
    /// When false the layout is transparent: the child gets the proposal unchanged.
    public var enabled: Bool

    public init(ratio: Double? = nil, contentMode: ContentMode, enabled: Bool = true) {
        self.ratio = ratio
        self.contentMode = contentMode
        self.enabled = enabled
    }

    /// The proposal the child receives, for measuring and placement alike.
    public func childProposal(_ proposal: ProposedSize, childIdeal: () -> Size) -> ProposedSize {
        guard enabled else { return proposal }
        let ratioSize = AspectRatioLayout.ratioSize(ratio: ratio, childIdeal: childIdeal)
        return AspectRatioLayout.childProposal(proposal, ratioSize: ratioSize, contentMode: contentMode)
    }
}
