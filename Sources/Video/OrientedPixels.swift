extension VideoOrientation {
    /// The `width`×`height` RGB8 picture in `source` (rows `stride` bytes apart) turned as this
    /// orientation says, packed (rows of `width × 3` bytes, sides swapped for 90° and 270°).
    func apply(to source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> (width: Int, height: Int, pixels: [UInt8]) {
        let (a, b, c, d) = matrix
        // Pixel (x, y) goes to (a·x + c·y + offsetX, b·x + d·y + offsetY); the inverse is the transpose.
        let offsetX = (a < 0 ? width - 1 : 0) + (c < 0 ? height - 1 : 0)
        let offsetY = (b < 0 ? width - 1 : 0) + (d < 0 ? height - 1 : 0)
        let outWidth = swapsSides ? height : width, outHeight = swapsSides ? width : height
        // The source byte of output (X, Y) is origin + X·stepX + Y·stepY.
        let sourceX0 = -a * offsetX - b * offsetY, sourceY0 = -c * offsetX - d * offsetY
        let origin = sourceY0 * stride + sourceX0 * 3
        let stepX = c * stride + a * 3, stepY = d * stride + b * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 3) { out, count in
            for y in 0..<outHeight {
                var from = origin + y * stepY
                var to = y * outWidth * 3
                for _ in 0..<outWidth {
                    out[to] = source[from]; out[to + 1] = source[from + 1]; out[to + 2] = source[from + 2]
                    from += stepX
                    to += 3
                }
            }
            count = outWidth * outHeight * 3
        }
        return (outWidth, outHeight, pixels)
    }
}
