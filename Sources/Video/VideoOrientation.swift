/// How a video's coded pictures are turned for display: a mirror, then a clockwise rotation (one of
/// the 8 orientations EXIF also has), read from the stream's display matrix.
public struct VideoOrientation: Sendable, Equatable, Hashable {
    /// Clockwise degrees: 0, 90, 180 or 270 (90 for a portrait phone video, stored landscape).
    public var rotation: Int
    /// Whether the picture is mirrored left to right before the rotation.
    public var mirrored: Bool

    /// `rotation` clockwise degrees (taken modulo 360, down to a quarter turn), after a mirror when `mirrored`.
    public init(rotation: Int, mirrored: Bool = false) {
        self.rotation = ((rotation % 360) + 360) % 360 / 90 * 90
        self.mirrored = mirrored
    }

    /// No turn.
    public static let identity = VideoOrientation(rotation: 0)

    /// The same transform as an EXIF orientation (1–8: 6 is 90° clockwise, 2 a mirror, 7 a mirror then 90°).
    public var exifOrientation: Int {
        switch (rotation, mirrored) {
        case (0, false): return 1
        case (90, false): return 6
        case (180, false): return 3
        case (270, false): return 8
        case (0, true): return 2
        case (90, true): return 7
        case (180, true): return 4
        default: return 5
        }
    }

    /// Whether width and height trade places.
    public var swapsSides: Bool { rotation == 90 || rotation == 270 }

    /// The orientation of a 3×3 display matrix as libavutil stores it (QuickTime's `tkhd` matrix:
    /// row vector (x, y, 1) times the matrix, x right and y down, entries 0, 1, 3, 4 in 16.16).
    ///
    /// The 2×2 part is taken to the nearest signed permutation: the diagonal when |a| + |d| ≥ |b| + |c|,
    /// else the anti-diagonal, each entry its sign; scale is ignored (libavformat turns a non-uniform one
    /// into the sample aspect ratio) and an angle between quarter turns goes to the nearer one. A
    /// degenerate matrix (a zero where a sign is needed) is the identity.
    init(displayMatrix m: [Int32]) {
        let (a, b, c, d) = (Int(m[0]), Int(m[1]), Int(m[3]), Int(m[4]))
        let axes = abs(a) + abs(d) >= abs(b) + abs(c)
            ? (a.signum(), 0, 0, d.signum()) : (0, b.signum(), c.signum(), 0)
        let all = (0..<8).map { VideoOrientation(rotation: $0 % 4 * 90, mirrored: $0 >= 4) }
        self = all.first { $0.matrix == axes } ?? .identity
    }

    /// The 2×2 part (a, b, c, d) of this transform in the display matrix's convention: a source pixel's
    /// (x, y) goes to (a·x + c·y, b·x + d·y), plus a translation.
    var matrix: (Int, Int, Int, Int) {
        // The images of the unit vectors x = (1, 0) and y = (0, 1): mirror (x → −x), then quarter turns
        // clockwise with y down, (x, y) → (−y, x).
        var unitX = (mirrored ? -1 : 1, 0), unitY = (0, 1)
        for _ in 0..<(rotation / 90) {
            unitX = (-unitX.1, unitX.0)
            unitY = (-unitY.1, unitY.0)
        }
        return (unitX.0, unitX.1, unitY.0, unitY.1)
    }
}
