/// The EXIF orientation tag (0x0112): how the stored pixels must be transformed to be shown upright.
///
/// Each case is named after the transform applied to the *stored* image to get the *displayed* one; the
/// raw value is the EXIF value 1–8. Each case's comment gives the EXIF table's "0th row, 0th column" and,
/// for a stored image of `W`×`H`, the stored pixel `storedPoint(dx, dy)` shown at column `dx`, row `dy`
/// (5–8 display `H`×`W`).
public enum Orientation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 1 (0th row top, 0th column left): shown as stored; `(dx, dy)`.
    case identity = 1
    /// 2 (top, right): mirrored left–right; `(W−1−dx, dy)`.
    case flipHorizontal = 2
    /// 3 (bottom, right): turned half a turn; `(W−1−dx, H−1−dy)`.
    case rotate180 = 3
    /// 4 (bottom, left): mirrored top–bottom; `(dx, H−1−dy)`.
    case flipVertical = 4
    /// 5 (left, top): mirrored across the top-left–bottom-right diagonal (rows become columns); `(dy, dx)`.
    case transpose = 5
    /// 6 (right, top): turned a quarter turn clockwise (the usual portrait photo from a phone held upright);
    /// `(dy, H−1−dx)`.
    case rotate90Clockwise = 6
    /// 7 (right, bottom): mirrored across the top-right–bottom-left diagonal; `(W−1−dy, H−1−dx)`.
    case transverse = 7
    /// 8 (left, bottom): turned a quarter turn counter-clockwise; `(W−1−dy, dx)`.
    case rotate90CounterClockwise = 8

    /// The orientation for an EXIF value, or `.identity` for anything outside 1–8 (what viewers do
    /// with a missing or invalid tag).
    public init(exifValue: Int) {
        self = Orientation(rawValue: exifValue) ?? .identity
    }

    /// The EXIF value 1–8.
    public var exifValue: Int { rawValue }

    /// Whether the displayed image has width and height exchanged (EXIF 5–8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The displayed size of a stored image of `storedSize`.
    public func displaySize(forStoredSize storedSize: PixelSize) -> PixelSize {
        swapsDimensions ? storedSize.transposed : storedSize
    }

    /// The stored size of an image that displays as `displaySize`.
    public func storedSize(forDisplaySize displaySize: PixelSize) -> PixelSize {
        swapsDimensions ? displaySize.transposed : displaySize
    }

    /// The stored pixel shown at display column `x`, row `y` (see the table on the type).
    public func storedPoint(x: Int, y: Int, storedSize: PixelSize) -> (x: Int, y: Int) {
        let w = storedSize.width, h = storedSize.height
        switch self {
        case .identity: return (x, y)
        case .flipHorizontal: return (w - 1 - x, y)
        case .rotate180: return (w - 1 - x, h - 1 - y)
        case .flipVertical: return (x, h - 1 - y)
        case .transpose: return (y, x)
        case .rotate90Clockwise: return (y, h - 1 - x)
        case .transverse: return (w - 1 - y, h - 1 - x)
        case .rotate90CounterClockwise: return (w - 1 - y, x)
        }
    }

    /// The rect of stored pixels that displays as `displayRect`, for a stored image of `storedSize`.
    ///
    /// Pure arithmetic on half-open pixel ranges (the rect is not checked against the image): a
    /// display column range `x ..< x+w` maps to the stored range `W−x−w ..< W−x` when the transform
    /// mirrors it, and display ranges land on the other axis for EXIF 5–8. The thumbnail plan uses
    /// this to crop in stored coordinates before orienting, which gives the same pixels as orienting
    /// first and cropping `displayRect`.
    public func storedRect(forDisplayRect r: PixelRect, storedSize: PixelSize) -> PixelRect {
        let w = storedSize.width, h = storedSize.height
        switch self {
        case .identity:
            return r
        case .flipHorizontal:
            return PixelRect(x: w - r.x - r.width, y: r.y, width: r.width, height: r.height)
        case .rotate180:
            return PixelRect(x: w - r.x - r.width, y: h - r.y - r.height, width: r.width, height: r.height)
        case .flipVertical:
            return PixelRect(x: r.x, y: h - r.y - r.height, width: r.width, height: r.height)
        case .transpose:
            return PixelRect(x: r.y, y: r.x, width: r.height, height: r.width)
        case .rotate90Clockwise:
            return PixelRect(x: r.y, y: h - r.x - r.width, width: r.height, height: r.width)
        case .transverse:
            return PixelRect(x: w - r.y - r.height, y: h - r.x - r.width, width: r.height, height: r.width)
        case .rotate90CounterClockwise:
            return PixelRect(x: w - r.y - r.height, y: r.x, width: r.height, height: r.width)
        }
    }

    /// `"N (name)"`, e.g. `"6 (rotate90Clockwise)"`.
    public var description: String {
        let name: String
        switch self {
        case .identity: name = "identity"
        case .flipHorizontal: name = "flipHorizontal"
        case .rotate180: name = "rotate180"
        case .flipVertical: name = "flipVertical"
        case .transpose: name = "transpose"
        case .rotate90Clockwise: name = "rotate90Clockwise"
        case .transverse: name = "transverse"
        case .rotate90CounterClockwise: name = "rotate90CounterClockwise"
        }
        return "\(rawValue) (\(name))"
    }
}
