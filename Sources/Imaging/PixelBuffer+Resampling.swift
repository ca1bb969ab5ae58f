extension PixelBuffer {
    /// The pixels of `sourceRect` (the whole image when `nil`) resampled to `size` with a separable
    /// `filter`: shrinking and enlarging, any ratio, each axis independently.
    ///
    /// - Filter: Mitchell–Netravali by default (see `ResamplingFilter` for why), or Lanczos-3.
    /// - Antialiasing: when an axis shrinks by `s`, the kernel's support is stretched by `s`
    ///   (Mitchell shrinking 2× reads 8 source pixels per output pixel, Lanczos-3 12), so detail
    ///   finer than the output can show is filtered out instead of aliasing.
    /// - Edges: the source rect is treated as the whole image and extended by repeating its border
    ///   pixels (clamping), so resampling a rect gives the same pixels as cropping then resampling.
    /// - Exactness: weights are Q14 fixed point and sum to exactly 1, accumulation is 32-bit
    ///   integer, each pass rounds to nearest and clamps to 0…255 (the intermediate is 8-bit).
    ///   A constant image stays exactly constant.
    /// - An axis whose size does not change is copied, not filtered (so `size == sourceRect.size`
    ///   is a plain crop).
    /// - Speed: both axes run through one SIMD column pass (rows are handled by transposing);
    ///   the axes are done in the cheaper order (columns first when the image shrinks vertically).
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

        return bytes.withUnsafeBufferPointer { whole in
            PixelBuffer.make(validatedSize: size) { out in
                guard let base = whole.baseAddress, let destination = out.baseAddress else { return }
                let source = Resampler.Plane(
                    pixels: base + (rect.y * width + rect.x) * Self.bytesPerPixel,
                    width: rect.width, height: rect.height, rowBytes: bytesPerRow)
                Resampler.resample(source, to: size, filter: filter, into: destination)
            }
        }
    }
}
