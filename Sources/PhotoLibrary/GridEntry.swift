/// A photo as the grid needs it: id, display path and display (oriented) pixel size.
public struct GridEntry: Sendable, Hashable {
    public var id: Int64
    public var path: String
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(id: Int64, path: String, pixelWidth: Int, pixelHeight: Int) {
        self.id = id
        self.path = path
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
