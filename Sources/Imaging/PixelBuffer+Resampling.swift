extension PixelBuffer {
    /// The pixels of `sourceRect` (the whole image when `nil`) resampled to `size` with a separable
    /// `filter`: shrinking and enlarging, any ratio, each axis independently.
    ///
    /// - Filter: Mitchell–Netravali by default (see `ResamplingFilter` for why), or Lanczos-3; when an axis
    ///   shrinks by `s` its support is stretched by `s`, so detail finer than the output can show is filtered out.
    /// - Edges: the rect is treated as the whole image, its border pixels repeated (clamping), as if cropped first.
    /// - Exactness: Q14 weights summing to exactly 1 (`ResamplingWeights`), 32-bit integer sums, each pass
    ///   rounded to 8 bits (`Resampler`, which also picks the cheaper axis order): a constant image stays constant.
    /// - An axis whose size does not change is copied, not filtered (`size == sourceRect.size` is a plain crop).
    ///
    /// - Throws: `ImagingError.invalidSize` for a non-positive or overflowing `size`;
    ///   `ImagingError.rectOutsideImage` when `sourceRect` is empty or not inside the image.
    public func resampled(
        to size: PixelSize,
        from sourceRect: PixelRect? = nil,
        filter: ResamplingFilter = .mitchell
    ) throws(ImagingError) -> PixelBuffer {
        _ = try Self.byteCount(width: size.width, height: size.height)
        let rect = sourceRect ?? PixelRect(size: self.size)
        guard rect.isInside(self.size) else { throw .rectOutsideImage(rect: rect, imageSize: self.size) }
        if rect.size == size { return try cropped(to: rect) }

        let horizontal = rect.width == size.width
            ? nil : ResamplingWeights(sourceCount: rect.width, outputCount: size.width, filter: filter)
        let vertical = rect.height == size.height
            ? nil : ResamplingWeights(sourceCount: rect.height, outputCount: size.height, filter: filter)
        return resample(rect, horizontal: horizontal, vertical: vertical, to: size)
    }

    /// The continuous `region` of the image resampled to `size` with a separable `filter`.
    ///
    /// Like `resampled(to:from:filter:)`, but the region may start and end anywhere between pixel
    /// boundaries (pixel (i, j) covers `[i, i+1) × [j, j+1)`): output pixel (u, v) is centred at
    /// `(region.x + (u + ½)·region.width / size.width, region.y + (v + ½)·region.height / size.height)`.
    /// The filter reads the real pixels around the region; only the image's own border is extended by
    /// repetition. Every axis is filtered, even when its length does not change (a fractional offset
    /// is an interpolation). So a crop whose edges fall between pixels (the centred square of an image
    /// with an odd side difference, any crop of a DCT-scaled decode) is never rounded to whole pixels.
    ///
    /// - Throws: `ImagingError.invalidSize` for a non-positive or overflowing `size`;
    ///   `ImagingError.regionOutsideImage` when the region is empty, not finite, or not inside `[0, width] × [0, height]`.
    public func resampled(
        to size: PixelSize,
        region: PixelRegion,
        filter: ResamplingFilter = .mitchell
    ) throws(ImagingError) -> PixelBuffer {
        _ = try Self.byteCount(width: size.width, height: size.height)
        guard region.isInside(self.size) else { throw .regionOutsideImage(region: region, imageSize: self.size) }
        let horizontal = ResamplingWeights(sourceCount: width, regionStart: region.x, regionLength: region.width,
                                           outputCount: size.width, filter: filter)
        let vertical = ResamplingWeights(sourceCount: height, regionStart: region.y, regionLength: region.height,
                                         outputCount: size.height, filter: filter)
        // Restrict the passes to the pixels the taps read.
        let columns = horizontal.usedSource, rows = vertical.usedSource
        let rect = PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
        return resample(rect,
                        horizontal: horizontal.rebased(by: rect.x, count: rect.width),
                        vertical: vertical.rebased(by: rect.y, count: rect.height),
                        to: size)
    }

    /// Runs the resampler over `rect` (validated, inside the image) with taps indexing into it.
    private func resample(
        _ rect: PixelRect,
        horizontal: ResamplingWeights?,
        vertical: ResamplingWeights?,
        to size: PixelSize
    ) -> PixelBuffer {
        bytes.withUnsafeBufferPointer { whole in
            PixelBuffer.make(validatedSize: size) { out in
                guard let base = whole.baseAddress, let destination = out.baseAddress else { return }
                let source = Resampler.Plane(
                    pixels: base + (rect.y * width + rect.x) * Self.bytesPerPixel,
                    width: rect.width, height: rect.height, rowBytes: bytesPerRow)
                Resampler.resample(source, horizontal: horizontal, vertical: vertical, output: size, into: destination)
            }
        }
    }
}
