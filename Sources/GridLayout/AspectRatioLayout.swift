/// `aspectRatio(_:contentMode:)`: rewrites the proposal to the ratio; reports the child's answer unchanged.
///
/// Source: OpenSwiftUI `AspectRatioLayout.swift` (`scaleThatFits`/`scaleThatFills`, centred placement);
/// objc.io "Aspect Ratios in SwiftUI" (2022); SwiftUI Field Guide "aspect ratio" ("only changes the
/// proposal … directly reports its child's size"). docs/layout-spec.md §2.1–2.3 [H], with the project's decision for a
/// single unspecified dimension (§2.3, the objc.io rule, for `.fit` and `.fill` alike).
public enum AspectRatioLayout {
    /// The proposal the child receives, given the ratio as a size (`(ratio, 1)`, or the child's ideal size
    /// when the modifier's ratio is `nil`).
    ///
    /// - `(nil, nil)` passes through unchanged (the child answers with its ideal size).
    /// - One dimension `nil`: the other is derived from the ratio, in both content modes (spec decision, §2.3).
    /// - Both given: scale `t / extent` per axis (`+∞` when both are 0), `min` for `.fit`, `max` for `.fill`.
    ///
    /// The axis whose scale wins keeps the proposed value exactly; the other is computed as
    /// `value × extent / otherExtent` (multiplication first), so exact ratios give exact results.
    public static func childProposal(_ proposal: ProposedSize, ratioSize: Size, contentMode: ContentMode) -> ProposedSize {
        var ratio = ratioSize
        if ratio.width == ratio.height { ratio = Size(width: 1, height: 1) }
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            return proposal
        case let (width?, nil):
            return ProposedSize(width: width, height: derived(width, ratio.height, ratio.width))
        case let (nil, height?):
            return ProposedSize(width: derived(height, ratio.width, ratio.height), height: height)
        case let (width?, height?):
            let sx = scale(width, ratio.width), sy = scale(height, ratio.height)
            let widthWins = contentMode == .fit ? sx <= sy : sx >= sy
            // A finite winning scale implies a non-zero extent on that axis, which keeps the proposal exactly.
            if widthWins {
                return sx.isFinite
                    ? ProposedSize(width: width, height: derived(width, ratio.height, ratio.width))
                    : ProposedSize(width: scaled(ratio.width, sx), height: scaled(ratio.height, sx))
            }
            return sy.isFinite
                ? ProposedSize(width: derived(height, ratio.width, ratio.height), height: height)
                : ProposedSize(width: scaled(ratio.width, sy), height: scaled(ratio.height, sy))
        }
    }

    /// The ratio as a size: `(ratio, 1)` for a valid ratio, else the child's ideal size (`ratio == nil`).
    /// A ratio that is not finite and positive is treated as `nil` (SwiftUI's behaviour there is undocumented).
    public static func ratioSize(ratio: Double?, childIdeal: () -> Size) -> Size {
        if let ratio, ratio.isFinite, ratio > 0 { return Size(width: ratio, height: 1) }
        return childIdeal()
    }

    /// `target / extent`, or `+∞` when both are 0 (OpenSwiftUI `scaleThatFits`).
    static func scale(_ target: Double, _ extent: Double) -> Double {
        (extent != 0 || target != 0) ? target / extent : .infinity
    }

    /// `extent × scale`, with 0 × ∞ = 0.
    static func scaled(_ extent: Double, _ scale: Double) -> Double {
        extent == 0 ? 0 : extent * scale
    }

    /// `value × numerator / denominator` with 0 × anything = 0 and x / 0 = ∞.
    static func derived(_ value: Double, _ numerator: Double, _ denominator: Double) -> Double {
        if value == 0 || numerator == 0 { return 0 }
        if denominator == 0 { return .infinity }
        return value * numerator / denominator
    }
}
