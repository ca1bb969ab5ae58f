/// One 8-bit-per-channel RGB pixel.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// The pixel with the given channel values.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Black and white.
    public static let black = RGB(red: 0, green: 0, blue: 0)
    public static let white = RGB(red: 255, green: 255, blue: 255)

    /// A grey pixel: all three channels equal to `level`.
    public init(gray level: UInt8) {
        self.init(red: level, green: level, blue: level)
    }

    /// `"rgb(r, g, b)"`.
    public var description: String { "rgb(\(red), \(green), \(blue))" }
}
