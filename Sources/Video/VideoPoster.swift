internal import CFFmpeg

/// Decodes one frame of a movie for its poster (grid thumbnail) through libavcodec and libswscale.
public enum VideoPoster {
    /// The most packets read after the seek while looking for the video's keyframe.
    public static let packetLimit = 1024
    /// How far into the video the poster is taken at most, in seconds (past a fade in from black).
    public static let posterTime = 1.0

    /// The poster frame of the movie at `path`: packed RGB8, stretched to square pixels by the sample aspect ratio
    /// (libswscale, bicubic; `VideoStreamHeader.displaySize`), then turned by the display matrix (all 8 orientations).
    ///
    /// The frame is the first keyframe presented at or after T = min(`posterTime`, duration / 2) from the start (T = 0
    /// when the duration is unknown), else the last keyframe before T (also when the next is more than `packetLimit`
    /// packets on: see `findKeyframe` and docs/formats.md). That packet alone is decoded (a keyframe needs no other);
    /// `VideoFrame.time` is its presentation time: `ffmpeg -ss time` gives the same frame.
    ///
    /// Bounded: one packet and one decoded frame are held (the decoder freed before the RGB conversion); the
    /// container's and the decoder's sizes (libavcodec's max_pixels) are checked against `pixelLimit` before they
    /// are allocated; reads stop after `timeLimit` seconds.
    public static func decode(path: String, pixelLimit: Int = VideoProbe.defaultPixelLimit,
                              timeLimit: Double = VideoProbe.defaultTimeLimit) throws(VideoError) -> VideoFrame {
        let file = try VideoFile(path: path, timeLimit: timeLimit)
        guard let stream = file.videoStream() else { throw .noVideoStream }
        let declared = try VideoProbe.streamHeader(stream, of: file, pixelLimit: pixelLimit)
        let keyframe = try posterKeyframe(file, stream: stream)
        let frame = try Frame()
        guard try VideoDecoder(for: stream, pixelLimit: pixelLimit).decodeAlone(keyframe.packet.packet, into: frame.frame) else { throw .noFrame }
        let time = keyframe.time
        let upright = try uprightSize(frame.frame, file: file, stream: stream, pixelLimit: pixelLimit)
        // Rows padded to 64 bytes, for libswscale's vector stores; the turn packs them.
        let stride = (upright.width * 3 + 63) / 64 * 64
        let rows = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: stride * upright.height + 64)
        defer { rows.deallocate() }
        guard let first = rows.baseAddress else { throw .noFrame }
        try Scaler(from: frame.frame, width: upright.width, height: upright.height).scale(frame.frame, into: first, stride: stride)
        frame.release()
        let turned = declared.orientation.apply(to: UnsafeBufferPointer(rows), width: upright.width, height: upright.height, stride: stride)
        return VideoFrame(width: turned.width, height: turned.height, pixels: turned.pixels, time: time)
    }

    /// The poster's keyframe packet (`findKeyframe` for T = min(`posterTime`, duration / 2) from the
    /// start) and its presentation time in seconds from the start of the file, as `ffmpeg -ss` counts
    /// (its timestamp in the stream's time base, less the file's start time). Reads packets, decodes
    /// nothing: the probe records this time, the poster decodes this packet.
    static func posterKeyframe(_ file: VideoFile, stream: UnsafeMutablePointer<AVStream>) throws(VideoError) -> (packet: Packet, time: Double) {
        let base = stream.pointee.time_base
        guard base.num > 0, base.den > 0 else { throw .ffmpeg(call: "avformat_open_input", code: PG_AVERROR_EINVAL, reason: "no time base") }
        let start = file.startSeconds()
        let seconds = start + min(posterTime, (VideoProbe.duration(file, stream: stream) ?? 0) / 2)
        let scaled = (seconds * Double(base.den) / Double(base.num)).rounded(.up)
        let target = scaled.isFinite && abs(scaled) < 0x1p62 ? Int64(scaled) : 0
        let keyframe = try Packet()
        guard try findKeyframe(file, stream: stream, at: target, into: keyframe.packet) else { throw .noFrame }
        let packet = keyframe.packet.pointee
        let timestamp = packet.pts != PG_AV_NOPTS_VALUE ? packet.pts : packet.dts
        let time = Double(timestamp == PG_AV_NOPTS_VALUE ? 0 : timestamp) * Double(base.num) / Double(base.den) - start
        guard time.isFinite else { throw .noFrame }
        return (keyframe, max(0, time))
    }

    /// The decoded picture's size stretched by its sample aspect ratio (the container's, else the
    /// bitstream's: av_guess_sample_aspect_ratio, as ffmpeg), both checked against `pixelLimit`.
    static func uprightSize(_ frame: UnsafeMutablePointer<AVFrame>, file: VideoFile, stream: UnsafeMutablePointer<AVStream>,
                            pixelLimit: Int) throws(VideoError) -> (width: Int, height: Int) {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard width * height <= pixelLimit else { throw .overPixelLimit(width: width, height: height, limit: pixelLimit) }
        let aspect = av_guess_sample_aspect_ratio(file.context, stream, frame)
        let upright = VideoStreamHeader.displaySize(codedWidth: width, codedHeight: height,
                                                    sampleAspect: (Int(aspect.num), Int(aspect.den)), orientation: .identity)
        // libswscale takes sides and row strides (3 bytes a pixel, padded) as int.
        guard upright.width * upright.height <= pixelLimit, max(upright.width, upright.height) <= Int(Int32.max) / 4 else {
            throw .overPixelLimit(width: upright.width, height: upright.height, limit: pixelLimit)
        }
        return upright
    }

    /// Reads into `keyframe` `stream`'s first keyframe presented at or after `target` (its time base),
    /// else its last before; false when it has none within reach. libavformat seeks back to the keyframe
    /// before `target` (av_seek_frame, backward, other streams discarded), then at most `packetLimit`
    /// packets are read on, none decoded.
    static func findKeyframe(_ file: VideoFile, stream: UnsafeMutablePointer<AVStream>, at target: Int64,
                             into keyframe: UnsafeMutablePointer<AVPacket>) throws(VideoError) -> Bool {
        let index = stream.pointee.index
        // Only the video stream's packets are read (libavformat skips the others' data).
        if let streams = file.context.pointee.streams {
            for i in 0..<Int(file.context.pointee.nb_streams) where i != Int(index) { streams[i]?.pointee.discard = AVDISCARD_ALL }
        }
        // Back to the keyframe at or before the target; when there is none, reading starts at the start.
        let sought = av_seek_frame(file.context, index, target, AVSEEK_FLAG_BACKWARD)
        if sought == PG_AVERROR_EXIT { throw file.error(sought, "av_seek_frame") }
        let packet = try Packet()
        var found = false
        for _ in 0..<packetLimit {
            let read = av_read_frame(file.context, packet.packet)
            if read == PG_AVERROR_EOF { break }
            guard read >= 0 else {
                // Damage after a keyframe leaves that one; a timeout is always an error.
                if found, read != PG_AVERROR_EXIT { break }
                throw file.error(read, "av_read_frame")
            }
            guard packet.packet.pointee.stream_index == index, packet.packet.pointee.flags & AV_PKT_FLAG_KEY != 0 else {
                av_packet_unref(packet.packet)
                continue
            }
            let time = packet.packet.pointee.pts != PG_AV_NOPTS_VALUE ? packet.packet.pointee.pts : packet.packet.pointee.dts
            av_packet_unref(keyframe)
            av_packet_move_ref(keyframe, packet.packet)
            found = true
            if time >= target { break }
        }
        return found
    }
}
