import Foundation

/// Pixel images made up by the tests, and how to compare them.
enum SyntheticImages {
    /// A smooth RGB image: horizontal and vertical ramps and a slow sine, no sharp edges.
    static func smoothRGB(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / max(1, width - 1))
                pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                let wave = sin(Double(x) / 23.0) * cos(Double(y) / 17.0)
                pixels[offset + 2] = UInt8(128 + 90 * wave)
            }
        }
        return pixels
    }

    /// A packed image of `components` bytes per pixel split into four quadrants of the given colours
    /// (top-left, top-right, bottom-left, bottom-right).
    static func quadrants(width: Int, height: Int, colors: [[UInt8]]) -> [UInt8] {
        let components = colors[0].count
        var pixels = [UInt8](repeating: 0, count: width * height * components)
        for y in 0..<height {
            for x in 0..<width {
                let quadrant = (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)
                let offset = (y * width + x) * components
                pixels[offset..<offset + components] = colors[quadrant][...]
            }
        }
        return pixels
    }

    /// Peak signal-to-noise ratio in dB between two equally long 8-bit images.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        var sum = 0.0
        for index in a.indices {
            let difference = Double(a[index]) - Double(b[index])
            sum += difference * difference
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
