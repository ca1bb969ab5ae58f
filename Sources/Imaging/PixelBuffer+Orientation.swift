extension PixelBuffer {
    /// The image as it is displayed when its EXIF orientation is `orientation`.
    ///
    /// The result has the display size (width and height exchanged for EXIF 5–8); its pixel at
    /// column `dx`, row `dy` is the stored pixel at `orientation.storedPoint(x: dx, y: dy, …)`.
    /// `.identity` returns the buffer unchanged without copying.
    public func oriented(_ orientation: Orientation) -> PixelBuffer {
        if orientation == .identity { return self }
        let stored = size
        let display = orientation.displaySize(forStoredSize: stored)
        let w = stored.width
        return bytes.withUnsafeBufferPointer { source in
            PixelBuffer.make(validatedSize: display) { destination in
                guard let from = source.baseAddress, var to = destination.baseAddress else { return }
                // Along a display row the stored pixel moves by a constant step: ±1 pixel for
                // EXIF 1–4, ±1 row for EXIF 5–8. So each row needs one start point and one step.
                let step: Int
                switch orientation {
                case .identity, .flipVertical: step = 3
                case .flipHorizontal, .rotate180: step = -3
                case .transpose, .rotate90CounterClockwise: step = 3 * w
                case .rotate90Clockwise, .transverse: step = -3 * w
                }
                for dy in 0..<display.height {
                    let start = orientation.storedPoint(x: 0, y: dy, storedSize: stored)
                    var pixel = from + (start.y * w + start.x) * 3
                    for _ in 0..<display.width {
                        to[0] = pixel[0]
                        to[1] = pixel[1]
                        to[2] = pixel[2]
                        to += 3
                        pixel += step
                    }
                }
            }
        }
    }
}
