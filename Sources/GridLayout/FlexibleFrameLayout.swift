/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
///
/// Source: OpenSwiftUI `FrameLayout.swift` (`_FlexFrameLayout`: init normalisation, `sizeThatFits`,
/// placement with `Semantics.FlexFrameIdealSizing`); Apple `frame(minWidth:…)` documentation;
/// SwiftUI Field Guide "flexible frames". docs/layout-spec.md §3.2 [H].
public struct FlexibleFrameLayout: Sendable, Hashable {
    /// The constraints of one axis, normalised as in `_FlexFrameLayout.init`.
    public struct Axis: Sendable, Hashable {
        public var minimum: Double?
        public var ideal: Double?
        public var maximum: Double?

        /// `min' = max(min, 0)`, `ideal' = max(min' ?? 0, ideal)`, `max' = max(ideal' ?? 0, max)`,
        /// each only when given ("Contradictory frame constraints" are normalised, not rejected).
        public init(minimum: Double? = nil, ideal: Double? = nil, maximum: Double? = nil) {
            let mn = minimum.map { max($0, 0) }
            let id = ideal.map { max(mn ?? 0, $0) }
            let mx = maximum.map { max(id ?? 0, $0) }
            self.minimum = mn
            self.ideal = id
            self.maximum = mx
        }

        /// What the child is proposed when measuring: `P ?? ideal`, clamped to the constraints.
        public func childProposal(_ proposed: Double?) -> Double? {
            guard let q = proposed ?? ideal else { return nil }
            return clamp(q)
        }

        /// The frame's size on this axis; `child` is the child's size on this axis for `childProposal(P)`.
        ///
        /// 1. `P` given and both bounds set: `clamp(P)`, the child is irrelevant.
        /// 2. `P` nil and an ideal set: the ideal.
        /// 3. Otherwise from the child's size `c`, with `q` the child proposal: both bounds → `clamp(c)`;
        ///    only min → `max(min(q ?? ∞, c), min)`; only max → `min(max(q ?? −∞, c), max)`; none → `c`.
        public func size(_ proposed: Double?, child: () -> Double) -> Double {
            if let p = proposed, minimum != nil, maximum != nil { return clamp(p) }
            if proposed == nil, let ideal { return ideal }
            let c = child()
            let q = childProposal(proposed)
            switch (minimum, maximum) {
            case (.some, .some): return clamp(c)
            case let (mn?, nil): return max(min(q ?? .infinity, c), mn)
            case let (nil, mx?): return min(max(q ?? -.infinity, c), mx)
            case (nil, nil): return c
            }
        }

        /// Whether the child is proposed `nil` at placement instead of the frame's size (SwiftUI 5,
        /// `Semantics.FlexFrameIdealSizing`): no ideal, the frame itself was proposed `nil`, and the
        /// size lies strictly between the bounds.
        func placesChildUnspecified(proposed: Double?, size: Double) -> Bool {
            ideal == nil && proposed == nil && (minimum ?? -.infinity) < size && size < (maximum ?? .infinity)
        }

        func clamp(_ value: Double) -> Double {
            min(max(value, minimum ?? -.infinity), maximum ?? .infinity)
        }
    }

    public var horizontal: Axis
    public var vertical: Axis
    public var alignment: Alignment

    public init(horizontal: Axis, vertical: Axis, alignment: Alignment = .center) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.alignment = alignment
    }

    /// The frame of the photo cell: `frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)`.
    public static let fillAvailable = FlexibleFrameLayout(
        horizontal: Axis(minimum: 0, maximum: .infinity),
        vertical: Axis(minimum: 0, maximum: .infinity))

    /// The proposal the child receives when the frame is measured.
    public func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal.childProposal(proposal.width),
                     height: vertical.childProposal(proposal.height))
    }

    /// The frame's size; `child` answers a proposal (asked at most once).
    public func size(_ proposal: ProposedSize, child: (ProposedSize) -> Size) -> Size {
        var measured: Size?
        func childSize() -> Size {
            if let measured { return measured }
            let c = child(childProposal(proposal))
            measured = c
            return c
        }
        return Size(width: horizontal.size(proposal.width) { childSize().width },
                    height: vertical.size(proposal.height) { childSize().height })
    }

    /// The proposal the child receives at placement: the frame's own size per axis, or `nil` where
    /// SwiftUI 5's ideal-sizing rule applies.
    public func placementProposal(_ proposal: ProposedSize, frameSize: Size) -> ProposedSize {
        ProposedSize(
            width: horizontal.placesChildUnspecified(proposed: proposal.width, size: frameSize.width) ? nil : frameSize.width,
            height: vertical.placesChildUnspecified(proposed: proposal.height, size: frameSize.height) ? nil : frameSize.height)
    }
}
