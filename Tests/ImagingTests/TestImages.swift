@testable import Imaging

/// Small synthetic images shared by the Imaging tests.
enum TestImages {
    /// The 3×2 image used by the orientation tests: pixels a b c / d e f, where the letter's value
    /// v is 10, 20, … 60 and the pixel is rgb(v, v + 1, v + 2) (so a channel mix-up shows too).
    static func abcdef() throws -> PixelBuffer {
        try PixelBuffer(width: 3, height: 2) { x, y in label(10 * (y * 3 + x + 1)) }
    }

    /// The pixel for label value `v` in `abcdef()`.
    static func label(_ v: Int) -> RGB {
        RGB(red: UInt8(v), green: UInt8(v + 1), blue: UInt8(v + 2))
    }

    /// Pixels as a list of rows of label values (the red channel), to compare with hand-written tables.
    static func labels(_ buffer: PixelBuffer) -> [[Int]] {
        (0..<buffer.height).map { y in
            (0..<buffer.width).map { x in Int(buffer.pixel(x: x, y: y)?.red ?? 0) }
        }
    }

    /// A grey image whose level at (x, y) is `level(x, y)`, clamped to 0…255.
    static func gray(width: Int, height: Int, _ level: (Int, Int) -> Int) throws -> PixelBuffer {
        try PixelBuffer(width: width, height: height) { x, y in RGB(gray: UInt8(clamping: level(x, y))) }
    }

    /// The grey levels of row `y` (red channel).
    static func row(_ buffer: PixelBuffer, _ y: Int) -> [Int] {
        (0..<buffer.width).map { Int(buffer.pixel(x: $0, y: y)?.red ?? 0) }
    }

    /// The grey levels of column `x` (red channel).
    static func column(_ buffer: PixelBuffer, _ x: Int) -> [Int] {
        (0..<buffer.height).map { Int(buffer.pixel(x: x, y: $0)?.red ?? 0) }
    }

    /// Every channel value of the image.
    static func values(_ buffer: PixelBuffer) -> [Int] { buffer.bytes.map { Int($0) } }

    /// A smooth colour image: low-frequency sines and a diagonal ramp, no detail near the Nyquist limit.
    static func smooth(width: Int, height: Int) throws -> PixelBuffer {
        try PixelBuffer(width: width, height: height) { x, y in
            let u = Double(x) / Double(width), v = Double(y) / Double(height)
            let r = 128 + 100 * sinApprox(2 * u + v)
            let g = 40 + 170 * (u + v) / 2
            let b = 128 + 90 * sinApprox(3 * v - u)
            return RGB(red: UInt8(r.rounded()), green: UInt8(g.rounded()), blue: UInt8(b.rounded()))
        }
    }

    /// A smooth periodic wave in −1…1 (period 1), a polynomial so the tests need no maths library.
    private static func sinApprox(_ t: Double) -> Double {
        let f = t - t.rounded(.down)              // 0 ..< 1
        let s = f < 0.5 ? f : 1 - f               // triangle 0 … 0.5
        let z = 4 * s - 1                         // −1 … 1
        return z * (1.5 - 0.5 * z * z)            // smoothstep-like, derivative 0 at the ends
    }
}
