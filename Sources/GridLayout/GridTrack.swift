/// One resolved column of a grid: where it starts, how wide it is, and how cells align in it.
public struct GridTrack: Sendable, Hashable {
    public var x: Double
    public var width: Double
    public var alignment: Alignment
    /// Index of the `GridItem` this track comes from (adaptive items produce several tracks).
    public var item: Int

    public init(x: Double, width: Double, alignment: Alignment = .center, item: Int) {
        self.x = x
        self.width = width
        self.alignment = alignment
        self.item = item
    }
}
