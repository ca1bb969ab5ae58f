extension PixelBuffer {
    /// The pixels of `sourceRect` (the whole image when `nil`) resized to `size` by exact area
    /// averaging: each output pixel is the mean of the source area it covers, every source pixel
    /// weighted by the exact (fractional) part of it that lies under the output pixel.
    ///
    /// This is the box filter over exact coverage, in exact integer arithmetic: along an axis of `n` source
    /// and `m` output pixels, coordinates are multiplied by `n · m` so that output `i` spans `[i·n, (i+1)·n)`
    /// and source `j` spans `[j·m, (j+1)·m)` in whole units, and the overlaps are integers. The only rounding
    /// is the final one (to nearest, halves up). Slow and blurrier than `resampled(to:from:filter:)`, it is
    /// the quality reference the resampler and the thumbnail pipeline are measured against.
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

extension PixelBuffer {
    /// The continuous `region` of the image resized to `size` by area averaging: each output pixel
    /// is the mean of the region area it covers, each source pixel weighted by the exact fraction of
    /// it under the output pixel (`Double` arithmetic, rounded once at the end).
    ///
    /// The reference for crops whose edges fall between pixels, such as the centre square of an
    /// image whose side difference is odd.
    ///
    /// - Throws: `ImagingError.invalidSize` for a non-positive or overflowing `size`;
    ///   `ImagingError.regionOutsideImage` when the region is empty, not finite, or not inside the image.
    public func areaAveraged(to size: PixelSize, region: PixelRegion) throws(ImagingError) -> PixelBuffer {
        _ = try Self.byteCount(width: size.width, height: size.height)
        guard region.isInside(self.size) else { throw .regionOutsideImage(region: region, imageSize: self.size) }
        let columns = FractionalCoverage(start: region.x, length: region.width, sourceCount: width, outputCount: size.width)
        let rows = FractionalCoverage(start: region.y, length: region.height, sourceCount: height, outputCount: size.height)
        let firstRow = rows.taps.first?.first?.index ?? 0
        let lastRow = rows.taps.last?.last?.index ?? 0
        // Horizontal: coverage-weighted sums per output column for the rows the region touches.
        var middle = [Double](repeating: 0, count: size.width * (lastRow - firstRow + 1) * 3)
        for y in firstRow...lastRow {
            for x in 0..<size.width {
                var r = 0.0, g = 0.0, b = 0.0
                for tap in columns.taps[x] {
                    let p = (y * width + tap.index) * 3
                    r += tap.weight * Double(bytes[p])
                    g += tap.weight * Double(bytes[p + 1])
                    b += tap.weight * Double(bytes[p + 2])
                }
                let m = ((y - firstRow) * size.width + x) * 3
                middle[m] = r
                middle[m + 1] = g
                middle[m + 2] = b
            }
        }
        var output = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for y in 0..<size.height {
            for x in 0..<size.width {
                for c in 0..<3 {
                    var sum = 0.0
                    for tap in rows.taps[y] {
                        sum += tap.weight * middle[((tap.index - firstRow) * size.width + x) * 3 + c]
                    }
                    output[(y * size.width + x) * 3 + c] = UInt8(clamping: Int((sum + 0.5).rounded(.down)))
                }
            }
        }
        return PixelBuffer(validatedWidth: size.width, height: size.height, bytes: output)
    }
}

/// Box-filter coverage of a continuous interval along one axis: for each output pixel, the source
/// pixels it overlaps and the fraction of the output pixel's length each one covers (summing to 1).
struct FractionalCoverage {
    let taps: [[(index: Int, weight: Double)]]

    /// Output `i` covers `[start + i·s, start + (i+1)·s)` with `s = length / outputCount`; the
    /// interval must lie within `[0, sourceCount]`.
    init(start: Double, length: Double, sourceCount: Int, outputCount: Int) {
        let step = length / Double(outputCount)
        var taps: [[(index: Int, weight: Double)]] = []
        taps.reserveCapacity(outputCount)
        for i in 0..<outputCount {
            let lo = start + Double(i) * step
            let hi = i == outputCount - 1 ? start + length : start + Double(i + 1) * step
            var list: [(index: Int, weight: Double)] = []
            var j = min(max(Int(lo.rounded(.down)), 0), sourceCount - 1)
            while j < sourceCount && Double(j) < hi {
                let overlap = min(hi, Double(j + 1)) - max(lo, Double(j))
                if overlap > 0 { list.append((j, overlap)) }
                j += 1
            }
            let total = list.reduce(0) { $0 + $1.weight }
            // A degenerate (zero-length after rounding) interval takes the pixel it sits in.
            let nearest = min(max(Int(lo.rounded(.down)), 0), sourceCount - 1)
            taps.append(total > 0 ? list.map { ($0.index, $0.weight / total) } : [(nearest, 1)])
        }
        self.taps = taps
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
