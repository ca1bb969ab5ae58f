extension PixelBuffer {
    /// The pixels inside `rect`, as a new buffer of `rect.size`.
    ///
    /// - Throws: `ImagingError.rectOutsideImage` when `rect` is empty or not entirely inside the image.
    public func cropped(to rect: PixelRect) throws(ImagingError) -> PixelBuffer {
        guard rect.isInside(size) else { throw .rectOutsideImage(rect: rect, imageSize: size) }
        if rect == PixelRect(size: size) { return self }
        let rowBytes = rect.width * Self.bytesPerPixel
        let sourceRowBytes = bytesPerRow
        return bytes.withUnsafeBufferPointer { source in
            PixelBuffer.make(validatedSize: rect.size) { destination in
                guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                for row in 0..<rect.height {
                    (to + row * rowBytes).update(
                        from: from + (rect.y + row) * sourceRowBytes + rect.x * Self.bytesPerPixel,
                        count: rowBytes)
                }
            }
        }
    }
}
