import Video
import JPEG
import Platform

/// MOV and MP4 family videos through the Video module (FFmpeg's libraries): their facts as a photo's
/// (the display size — coded size with the display matrix and sample aspect ratio applied —, no
/// orientation left to apply, the capture date as local time) plus duration and codec; their picture is
/// the poster frame (`VideoPoster`: the first keyframe at or after min(1 s, duration/2), upright).
enum VideoSupport {
    /// The video's facts; `path` is the name FFmpeg opens it by, `contentDigest` its `contentDigest`.
    static func probe(path: String, format: ImageFormat, contentDigest: UInt64) throws(ImageFormatError) -> ImageFacts {
        let header: VideoHeader
        do { header = try VideoProbe.probe(path: path) } catch { throw .video(error.description) }
        guard let video = header.video else { throw .video("the file has no video stream") }
        var facts = ImageFacts(format: format, storedWidth: video.width, storedHeight: video.height, orientation: 1,
                               takenAt: header.captureDate?.localTime, components: 3, colorSpace: "ycbcr",
                               isProgressive: false, prefixDigest: contentDigest)
        facts.duration = header.duration
        facts.codec = video.codec
        facts.posterTime = header.posterTime
        facts.contentIdentifier = header.contentIdentifier
        return facts
    }

    /// The poster frame, upright and at the display size.
    static func decode(path: String, pixelLimit: Int) throws(ImageFormatError) -> DecodedImage {
        do {
            let frame = try VideoPoster.decode(path: path, pixelLimit: min(pixelLimit, VideoProbe.defaultPixelLimit))
            return DecodedImage(width: frame.width, height: frame.height, pixels: frame.pixels)
        } catch {
            throw .video(error.description)
        }
    }

    /// The most of a `moov` box the content digest covers: the sample tables of an hour of video, and the
    /// track headers (with their display matrices) that come first.
    static let moovDigestLength = 1 << 20

    /// `PrefixDigest.fnv1a` of the file's first `PrefixDigest.length` bytes followed by the start of its
    /// top-level `moov` box and the file's tail (`PrefixDigest.tail`): remuxes that differ only in the rotation a `moov` at the end of the file
    /// stores (`exiftool -Rotation=`) get different keys, so they never share a poster.
    static func contentDigest(_ descriptor: Int32) throws(ImageFormatError) -> UInt64 {
        func fileSize(_ descriptor: Int32) throws(ImageFormatError) -> Int64 {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return 0 }
            return Int64(status.st_size)
        }
        var bytes = try ImageProbe.read(descriptor, at: 0, count: PrefixDigest.length)
        var offset: UInt64 = 0
        for _ in 0..<64 {  // top-level boxes: ftyp, wide, mdat, moov, free, … (a bounded walk)
            let head = try ImageProbe.read(descriptor, at: offset, count: 16)
            guard head.count >= 8 else { break }
            var size = head[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            if size == 1, head.count == 16 { size = head[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            if type == "moov" {
                bytes += try ImageProbe.read(descriptor, at: offset, count: Int(min(size == 0 ? UInt64(moovDigestLength) : size, UInt64(moovDigestLength))))
                break
            }
            guard size >= 8 else { break }
            offset += size
        }
        let head = bytes.withUnsafeBytes { PrefixDigest.fnv1a($0) }
        guard let tail = PrefixDigest.tail(ofFileSize: Int64(try fileSize(descriptor))) else { return head }
        return try ImageProbe.read(descriptor, at: UInt64(tail.lowerBound), count: tail.count).withUnsafeBytes { PrefixDigest.fnv1a($0, continuing: head) }
    }
}
