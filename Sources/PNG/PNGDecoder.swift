internal import PhotoGridSupport
internal import CPNGShims

/// Decodes PNGs to packed RGB8 through libpng.
public enum PNGDecoder {
    /// The default pixel limit (the indexer's stored-pixel limit for JPEG: 2^28).
    public static let defaultPixelLimit = 1 << 28

    /// Decodes the whole image at `path` (see `DecodedPNG` for what the output is). The size is
    /// probed first and checked against `pixelLimit` before anything is allocated for the image.
    /// Memory: the 3 bytes per pixel of the result and one RGBA row; an Adam7 file also holds the whole
    /// image as RGBA (4 bytes per pixel) while libpng combines its passes.
    public static func decode(path: String, pixelLimit: Int = defaultPixelLimit) throws(PNGError) -> DecodedPNG {
        let header = try PNGFileProbe.probe(path: path)
        let (width, height) = (header.storedWidth, header.storedHeight)
        guard width.multipliedReportingOverflow(by: height).partialValue <= pixelLimit else {
            throw .overPixelLimit(width: width, height: height, limit: pixelLimit)
        }
        let file = try ReadOnlyFile(png: path)
        var diagnostics = pgpng_diagnostics()
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let status = pixels.withUnsafeMutableBufferPointer {
            pgpng_decode(file.descriptor, UInt32(width), UInt32(height), $0.baseAddress, &diagnostics)
        }
        if status != PGPNG_STATUS_OK { throw PNGShimFailure.error(status, diagnostics, path: path) }
        return DecodedPNG(width: width, height: height, pixels: pixels, warnings: PNGShimFailure.warnings(diagnostics))
    }
}
