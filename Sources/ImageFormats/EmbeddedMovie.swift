public import EXIF

/// An Android Motion Photo's video: the MP4 appended to its JPEG or HEIC, where the XMP says
/// (`MotionPhotoXMP`), confirmed by its `ftyp` box, with the duration its `moov`'s `mvhd` states.
public struct EmbeddedMovie: Sendable, Equatable {
    /// The video's first byte in the file, and its length in bytes.
    public var offset: Int
    public var length: Int
    /// Seconds, from the `mvhd` box (nil when it has none readable).
    public var duration: Double?

    public init(offset: Int, length: Int, duration: Double?) {
        self.offset = offset; self.length = length; self.duration = duration
    }

    /// The movie `announced` places in the file open as `descriptor` (`fileSize` bytes), when an MP4
    /// starts there; nil otherwise (an announcement that does not match the file is ignored: the photo
    /// stays a photo).
    public static func locate(_ announced: MotionPhotoXMP, descriptor: Int32, fileSize: Int) -> EmbeddedMovie? {
        let offset = fileSize - announced.bytesFromEnd, length = announced.videoLength
        guard announced.bytesFromEnd <= fileSize, offset >= 16, length >= 16,
              let head = try? ImageProbe.read(descriptor, at: UInt64(offset), count: 8), head.count == 8,
              head[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        return EmbeddedMovie(offset: offset, length: length, duration: duration(descriptor, from: offset, to: offset + length))
    }

    /// `mvhd`'s duration / timescale, from the top-level `moov` of the MP4 at `[start, end)`.
    static func duration(_ descriptor: Int32, from start: Int, to end: Int) -> Double? {
        var offset = start
        for _ in 0..<64 {
            guard offset <= end - 8, let head = try? ImageProbe.read(descriptor, at: UInt64(offset), count: 16), head.count >= 8 else { return nil }
            var size = Int(be(head[0..<4]))
            var header = 8
            if size == 1, head.count == 16 { size = Int(min(be(head[8..<16]), UInt64(Int.max))); header = 16 }
            if size == 0 { size = end - offset }
            guard size >= header else { return nil }
            if head[4..<8].elementsEqual("moov".utf8) {
                // moov's first child is mvhd in every writer's files; read just its fields.
                guard let box = try? ImageProbe.read(descriptor, at: UInt64(offset + header), count: 40), box.count >= 32,
                      box[4..<8].elementsEqual("mvhd".utf8) else { return nil }
                let version = box[8]
                let (scale, length): (UInt64, UInt64) = version == 1 && box.count >= 40
                    ? (be(box[28..<32]), be(box[32..<40])) : (be(box[20..<24]), be(box[24..<28]))
                guard scale > 0, length < 1 << 53 else { return nil }
                let seconds = Double(length) / Double(scale)
                return seconds.isFinite && seconds <= 1e7 ? seconds : nil
            }
            offset += size
        }
        return nil
    }

    static func be(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(0) { $0 << 8 | UInt64($1) } }
}
