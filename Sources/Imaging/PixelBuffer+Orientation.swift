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
                // Along a display row the stored pixel moves by a constant step: ±1 pixel for
                // EXIF 1–4, ±1 row for EXIF 5–8. So each row needs one start point and one step.
                let step: Int
                switch orientation {
                case .identity, .flipVertical: step = 1
                case .flipHorizontal, .rotate180: step = -1
                case .transpose, .rotate90CounterClockwise: step = w
                case .rotate90Clockwise, .transverse: step = -w
                }
                var out = 0
                for dy in 0..<display.height {
                    let start = orientation.storedPoint(x: 0, y: dy, storedSize: stored)
                    var index = start.y * w + start.x
                    for _ in 0..<display.width {
                        let byte = index * 3
                        destination[out] = source[byte]
                        destination[out + 1] = source[byte + 1]
                        destination[out + 2] = source[byte + 2]
                        out += 3
                        index += step
                    }
                }
            }
        }
    }
}
