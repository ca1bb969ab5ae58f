/// A view after placement: its frame in the root's coordinates, the proposal it got, and its children.
public struct PlacedView: Sendable, Hashable {
    /// What kind of node this is.
    public enum Kind: String, Sendable, Hashable {
        case resizableImage, image, shape, aspectRatio, conditionalAspectRatio, fixedFrame, flexibleFrame
        case clipped, zStack, scrollView, lazyVGrid
    }

    public var kind: Kind
    /// The proposal this view received at placement.
    public var proposal: ProposedSize
    /// The view's frame in the coordinates of the root of the placement.
    public var frame: Rect
    /// For `.clipped()`: the clip rectangle (its own bounds) in root coordinates.
    public var clip: Rect?
    public var children: [PlacedView]

    public init(kind: Kind, proposal: ProposedSize, frame: Rect, clip: Rect? = nil, children: [PlacedView] = []) {
        self.kind = kind
        self.proposal = proposal
        self.frame = frame
        self.clip = clip
        self.children = children
    }

    /// The only child (nil for leaves and containers with several children).
    public var child: PlacedView? { children.count == 1 ? children[0] : nil }

    /// The first image leaf in depth-first order, with the intersection of the clips above it.
    public func firstImage() -> (image: PlacedView, clip: Rect?)? {
        if kind == .resizableImage || kind == .image { return (self, clip) }
        for child in children {
            if let found = child.firstImage() {
                let combined: Rect?
                switch (clip, found.clip) {
                case let (a?, b?): combined = a.intersection(b)
                case let (a?, nil): combined = a
                case let (nil, b): combined = b
                }
                return (found.image, combined)
            }
        }
        return nil
    }
}
