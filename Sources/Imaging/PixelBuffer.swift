/// An image as packed 8-bit RGB: rows top to bottom, pixels left to right, 3 bytes per pixel
/// (red, green, blue), no padding between rows.
///
/// A `Sendable` value type (copy-on-write through its array). Every way to make one checks that the
/// size is positive and that the byte count matches, so a `PixelBuffer` always holds exactly
/// `width × height × 3` bytes and its operations never need to trap.
public struct PixelBuffer: Sendable, Equatable {
    /// Bytes per pixel: red, green, blue.
    public static let bytesPerPixel = 3

    /// Width in pixels (≥ 1).
    public let width: Int
    /// Height in pixels (≥ 1).
    public let height: Int
    /// The pixels, `width × height × 3` bytes, row-major, RGB order.
    public private(set) var bytes: [UInt8]

    /// Wraps packed RGB bytes.
    ///
    /// - Throws: `ImagingError.invalidSize` when a side is not positive or the byte count
    ///   overflows; `ImagingError.byteCountMismatch` when `bytes.count` is not `width × height × 3`.
    public init(width: Int, height: Int, bytes: [UInt8]) throws(ImagingError) {
        let expected = try Self.byteCount(width: width, height: height)
        guard bytes.count == expected else {
            throw .byteCountMismatch(expected: expected, actual: bytes.count)
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A buffer of one colour.
    ///
    /// - Throws: `ImagingError.invalidSize` when a side is not positive or the size overflows.
    public init(width: Int, height: Int, filledWith color: RGB) throws(ImagingError) {
        let count = try Self.byteCount(width: width, height: height)
        var bytes = [UInt8](repeating: 0, count: count)
        var index = 0
        while index < count {
            bytes[index] = color.red
            bytes[index + 1] = color.green
            bytes[index + 2] = color.blue
            index += 3
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A buffer whose pixel at column `x`, row `y` is `pixel(x, y)`.
    ///
    /// - Throws: `ImagingError.invalidSize` when a side is not positive or the size overflows.
    public init(width: Int, height: Int, pixel: (_ x: Int, _ y: Int) -> RGB) throws(ImagingError) {
        let count = try Self.byteCount(width: width, height: height)
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        for y in 0..<height {
            for x in 0..<width {
                let color = pixel(x, y)
                bytes.append(color.red)
                bytes.append(color.green)
                bytes.append(color.blue)
            }
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// For operations inside the module that have already validated the size and filled `bytes`.
    init(validatedWidth width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The buffer's size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes from one row to the next: `width × 3`.
    public var bytesPerRow: Int { width * Self.bytesPerPixel }

    /// The pixel at column `x`, row `y`, or `nil` when that is outside the image.
    public func pixel(x: Int, y: Int) -> RGB? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let index = (y * width + x) * Self.bytesPerPixel
        return RGB(red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2])
    }

    /// `width × height × 3`, or `ImagingError.invalidSize` when a side is not positive or the
    /// product overflows `Int`.
    static func byteCount(width: Int, height: Int) throws(ImagingError) -> Int {
        guard width > 0, height > 0 else { throw .invalidSize(PixelSize(width: width, height: height)) }
        let (pixels, overflowA) = width.multipliedReportingOverflow(by: height)
        let (count, overflowB) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        guard !overflowA, !overflowB else { throw .invalidSize(PixelSize(width: width, height: height)) }
        return count
    }

    /// Builds a buffer of `size` (already validated by the caller) by letting `body` write all of
    /// its bytes. `body` must initialise every byte.
    static func make(
        validatedSize size: PixelSize,
        _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) -> PixelBuffer {
        let count = size.width * size.height * bytesPerPixel
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            body(buffer)
            initialized = count
        }
        return PixelBuffer(validatedWidth: size.width, height: size.height, bytes: bytes)
    }
}
