/// `frame(width:height:alignment:)`: fixed sizes replace the proposal; missing ones take the child's answer.
///
/// Source: OpenSwiftUI `FrameLayout.swift` (`_FrameLayout`, `FrameLayoutCommon.commonPlacement`);
/// objc.io `S01E229` `Frames.swift` (`FixedFrame`). docs/layout-spec.md §3.1 [H]. Negative or non-finite sizes are
/// dropped (treated as `nil`), as OpenSwiftUI's initialiser does.
public struct FixedFrameLayout: Sendable, Hashable {
    public var width: Double?
    public var height: Double?
    public var alignment: Alignment

    public init(width: Double?, height: Double?, alignment: Alignment = .center) {
        self.width = FixedFrameLayout.valid(width)
        self.height = FixedFrameLayout.valid(height)
        self.alignment = alignment
    }

    static func valid(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// The proposal the child receives, for measuring and for placement alike.
    public func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    /// The frame's size; the child is asked only when a dimension is not fixed.
    public func size(_ proposal: ProposedSize, child: (ProposedSize) -> Size) -> Size {
        if let width, let height { return Size(width: width, height: height) }
        let c = child(childProposal(proposal))
        return Size(width: width ?? c.width, height: height ?? c.height)
    }
}
