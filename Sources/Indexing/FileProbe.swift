import PhotoLibrary
public import ImageFormats

/// How the indexer probes an open file as a format (`ImageProbe`, every format). Tests substitute one
/// that counts calls (to prove what a rescan opens) or fakes failures.
public struct FileProbe: Sendable {
    /// Probes the regular file open as `descriptor` as `format` (the descriptor stays the caller's).
    /// `path` is for error messages only.
    public var probe: @Sendable (_ descriptor: Int32, _ path: String, _ format: ImageFormat) throws(ImageFormatError) -> ImageFacts

    public init(_ probe: @escaping @Sendable (_ descriptor: Int32, _ path: String, _ format: ImageFormat) throws(ImageFormatError) -> ImageFacts) {
        self.probe = probe
    }

    /// The real probe: `ImageProbe.probe` (a JPEG's first 16 KiB, then only the segments its header
    /// needs; the other formats through their libraries).
    public static let formats = FileProbe { descriptor, path, format throws(ImageFormatError) in
        try ImageProbe.probe(descriptor: descriptor, path: path, format: format)
    }
}
