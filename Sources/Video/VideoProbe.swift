internal import CFFmpeg

/// Reads a movie's header (size, orientation, duration, codec, capture date, Live Photo identifier)
/// through libavformat without decoding a frame (but for MPEG-4 Part 2 in MP4, whose picture size only
/// its bitstream has: libavformat then decodes the first frames, within 1 MB and 1 s).
public enum VideoProbe {
    /// The default pixel limit: 2^26, 67 M pixels (8K UHD is 33 M).
    public static let defaultPixelLimit = 1 << 26
    /// The default time limit on libavformat's reads, in seconds.
    public static let defaultTimeLimit = 5.0
    /// The longest duration taken as real (about 116 days); longer ones are reported as unknown.
    public static let longestDuration = 1e7

    /// The header of the movie at `path`.
    ///
    /// - Parameters:
    ///   - pixelLimit: the largest coded and displayed picture accepted, in pixels; a stream declaring more
    ///     (65,535×65,535, say) is refused with `.overPixelLimit`.
    ///   - timeLimit: seconds after which libavformat's reads are interrupted (`.timedOut`).
    /// - Throws: `VideoError`; a file without a video stream is not an error (`video` is nil).
    public static func probe(path: String, pixelLimit: Int = defaultPixelLimit,
                             timeLimit: Double = defaultTimeLimit) throws(VideoError) -> VideoHeader {
        let file = try VideoFile(path: path, timeLimit: timeLimit)
        let stream = file.videoStream()
        let video = try stream.map { stream throws(VideoError) in try streamHeader(stream, of: file, pixelLimit: pixelLimit) }
        let container = file.context.pointee.iformat?.pointee.name.map { String(cString: $0) } ?? ""
        var header = VideoHeader(video: video, duration: duration(file, stream: stream), captureDate: captureDate(file, stream: stream),
                                 contentIdentifier: file.metadata("com.apple.quicktime.content.identifier", stream: stream),
                                 container: container)
        // Last: it seeks and reads packets (the metadata above is the header's).
        if let stream, video != nil {
            do { header.posterTime = try VideoPoster.posterKeyframe(file, stream: stream).time } catch {
                if case .timedOut = error { throw error }
            }
        }
        return header
    }

    /// The picture `stream` declares, its sizes checked against `pixelLimit`.
    static func streamHeader(_ stream: UnsafeMutablePointer<AVStream>, of file: VideoFile, pixelLimit: Int) throws(VideoError) -> VideoStreamHeader {
        guard let parameters = stream.pointee.codecpar else { throw .noVideoStream }
        // Only when the header has no size: this decodes the first frames (MPEG-4 Part 2 in MP4).
        if parameters.pointee.width <= 0 || parameters.pointee.height <= 0 { try file.findStreamInfo() }
        let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard width * height <= pixelLimit else { throw .overPixelLimit(width: width, height: height, limit: pixelLimit) }
        // The container's ratio, else the codec parameters' (ffprobe's sample_aspect_ratio).
        let aspect = av_guess_sample_aspect_ratio(file.context, stream, nil)
        let reduced = aspect.num > 0 && aspect.den > 0 ? (Int(aspect.num), Int(aspect.den)) : (1, 1)
        let codec = codecName(parameters.pointee.codec_id)
        let header = VideoStreamHeader(codedWidth: width, codedHeight: height, sampleAspectNumerator: reduced.0,
                                       sampleAspectDenominator: reduced.1, orientation: file.orientation(of: stream), codec: codec)
        guard header.width * header.height <= pixelLimit else {
            throw .overPixelLimit(width: header.width, height: header.height, limit: pixelLimit)
        }
        return header
    }

    /// libavcodec's name for `codec` ("h264", "hevc" …).
    static func codecName(_ codec: AVCodecID) -> String {
        avcodec_get_name(codec).map { String(cString: $0) } ?? "unknown"
    }

    /// The container's duration, else `stream`'s; nil when neither states a sensible one.
    static func duration(_ file: VideoFile, stream: UnsafeMutablePointer<AVStream>?) -> Double? {
        var seconds: Double?
        let container = file.context.pointee.duration
        if container != PG_AV_NOPTS_VALUE, container > 0 {
            seconds = Double(container) / Double(AV_TIME_BASE)
        } else if let stream, stream.pointee.duration != PG_AV_NOPTS_VALUE, stream.pointee.duration >= 0,
                  stream.pointee.time_base.num > 0, stream.pointee.time_base.den > 0 {
            seconds = Double(stream.pointee.duration) * Double(stream.pointee.time_base.num) / Double(stream.pointee.time_base.den)
        } else if container == 0 {
            seconds = 0
        }
        guard let seconds, seconds.isFinite, seconds >= 0, seconds <= longestDuration else { return nil }
        return seconds
    }

    /// QuickTime's creation date when it parses, else the container's `creation_time`.
    static func captureDate(_ file: VideoFile, stream: UnsafeMutablePointer<AVStream>?) -> VideoCaptureDate? {
        if let text = file.metadata("com.apple.quicktime.creationdate", stream: stream),
           let date = VideoCaptureDate(text: text, source: .quickTimeCreationDate) {
            return date
        }
        return file.metadata("creation_time", stream: stream).flatMap { VideoCaptureDate(text: $0, source: .containerCreationTime) }
    }
}
