/// A size proposal: per axis `nil` (ideal size), 0 (minimum), a finite value, or `.infinity` (maximum).
///
/// Source: Apple `ProposedViewSize`; OpenSwiftUI `ProposedSize.swift` (docs/layout-spec.md §1.1).
public struct ProposedSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// `(nil, nil)`: "the view should use its ideal size".
    public static let unspecified = ProposedSize(width: nil, height: nil)
    /// `(0, 0)`: "the view responds with its minimum size".
    public static let zero = ProposedSize(width: 0, height: 0)
    /// `(∞, ∞)`: "the view responds with its maximum size".
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// Each `nil` component replaced by the matching component of `size` (default 10×10).
    ///
    /// Source: Apple `ProposedViewSize.replacingUnspecifiedDimensions(by:)`.
    public func replacingUnspecifiedDimensions(by size: Size = Size(width: 10, height: 10)) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    public var description: String {
        "(\(width.map { "\($0)" } ?? "nil"), \(height.map { "\($0)" } ?? "nil"))"
    }
}
