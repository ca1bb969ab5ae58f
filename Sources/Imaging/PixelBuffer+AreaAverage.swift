extension PixelBuffer {
    /// The pixels of `sourceRect` (the whole image when `nil`) resized to `size` by exact area
    /// averaging: each output pixel is the mean of the source area it covers, every source pixel
    /// weighted by the exact (fractional) part of it that lies under the output pixel.
    ///
    /// This is the box filter over exact coverage, computed in exact integer arithmetic: along an
    /// axis of `n` source and `m` output pixels, coordinates are multiplied by `n · m` so that
    /// output `i` spans `[i·n, (i+1)·n)` and source `j` spans `[j·m, (j+1)·m)` in whole units, and
    /// the overlaps are integers. The only rounding is the final one (to nearest, halves up).
    /// It is slow and blurrier than `resampled(to:from:filter:)`; it serves as the quality
    /// reference the resampler and the thumbnail pipeline are measured against.
    ///
    /// - Throws: `ImagingError.invalidSize` for a non-positive or overflowing `size`;
    ///   `ImagingError.rectOutsideImage` when `sourceRect` is empty or not inside the image.
    public func areaAveraged(to size: PixelSize, from sourceRect: PixelRect? = nil) throws(ImagingError) -> PixelBuffer {
        _ = try Self.byteCount(width: size.width, height: size.height)
        let rect = sourceRect ?? PixelRect(size: self.size)
        guard rect.isInside(self.size) else { throw .rectOutsideImage(rect: rect, imageSize: self.size) }

        let columns = AreaCoverage(sourceCount: rect.width, outputCount: size.width)
        let rows = AreaCoverage(sourceCount: rect.height, outputCount: size.height)

        // Horizontal: for every source row of the rect, Σ overlap · value per output column
        // (scaled by n_x = rect.width, exactly).
        var middle = [Int](repeating: 0, count: size.width * rect.height * 3)
        for y in 0..<rect.height {
            let rowStart = ((rect.y + y) * width + rect.x) * 3
            for x in 0..<size.width {
                var r = 0, g = 0, b = 0
                for tap in columns.taps[x] {
                    let p = rowStart + tap.index * 3
                    r += tap.overlap * Int(bytes[p])
                    g += tap.overlap * Int(bytes[p + 1])
                    b += tap.overlap * Int(bytes[p + 2])
                }
                let m = (y * size.width + x) * 3
                middle[m] = r
                middle[m + 1] = g
                middle[m + 2] = b
            }
        }
        // Vertical: Σ overlap · middle, scaled by n_x · n_y; divide and round once.
        let denominator = rect.width * rect.height
        var output = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for y in 0..<size.height {
            for x in 0..<size.width {
                for c in 0..<3 {
                    var sum = 0
                    for tap in rows.taps[y] {
                        sum += tap.overlap * middle[(tap.index * size.width + x) * 3 + c]
                    }
                    let rounded = (2 * sum + denominator) / (2 * denominator)
                    output[(y * size.width + x) * 3 + c] = UInt8(clamping: rounded)
                }
            }
        }
        return PixelBuffer(validatedWidth: size.width, height: size.height, bytes: output)
    }
}

/// Exact box-filter coverage along one axis: which source pixels each output pixel overlaps, and
/// by how much, in units of `1 / outputCount` source pixels.
struct AreaCoverage {
    /// For each output pixel, the overlapping source pixels with their overlap (the overlaps of
    /// one output pixel sum to `sourceCount`).
    let taps: [[(index: Int, overlap: Int)]]

    init(sourceCount n: Int, outputCount m: Int) {
        var taps: [[(index: Int, overlap: Int)]] = []
        taps.reserveCapacity(m)
        for i in 0..<m {
            let lo = i * n, hi = (i + 1) * n          // output i in units of 1/m source pixel
            var list: [(index: Int, overlap: Int)] = []
            var j = lo / m                              // first source pixel touching [lo, hi)
            while j * m < hi {
                let overlap = min(hi, (j + 1) * m) - max(lo, j * m)
                if overlap > 0 { list.append((j, overlap)) }
                j += 1
            }
            taps.append(list)
        }
        self.taps = taps
    }
}
