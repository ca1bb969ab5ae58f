internal import CFFmpeg

/// A libavcodec decoder opened for one stream: one owner, freed with it.
final class VideoDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>

    /// Opens the decoder for `stream`'s codec, single-threaded (frame threads would each hold pictures;
    /// callers decode in parallel by file), refusing pictures over `pixelLimit` whatever size the
    /// bitstream declares.
    init(for stream: UnsafeMutablePointer<AVStream>, pixelLimit: Int) throws(VideoError) {
        guard let parameters = stream.pointee.codecpar else { throw .noVideoStream }
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .missingDecoder(codec: VideoProbe.codecName(parameters.pointee.codec_id))
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw .ffmpeg(call: "avcodec_alloc_context3", code: PG_AVERROR_ENOMEM, reason: "out of memory")
        }
        self.context = context
        let copied = avcodec_parameters_to_context(context, parameters)
        guard copied >= 0 else { throw VideoFile.error(copied, "avcodec_parameters_to_context") }
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = 1
        // libavcodec takes at most INT_MAX (its option range).
        context.pointee.max_pixels = Int64(min(pixelLimit, Int(Int32.max)))
        let opened = avcodec_open2(context, codec, nil)
        guard opened >= 0 else { throw VideoFile.error(opened, "avcodec_open2") }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Decodes `packet` alone, then drains the decoder into `frame`: the picture of one intra-coded
    /// packet, decoded by itself (the decoder cannot take packets after this).
    /// - Returns: false when the decoder gave no frame for it.
    func decodeAlone(_ packet: UnsafeMutablePointer<AVPacket>, into frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Bool {
        let sent = avcodec_send_packet(context, packet)
        guard sent >= 0 else { throw VideoFile.error(sent, "avcodec_send_packet") }
        let drained = avcodec_send_packet(context, nil)
        guard drained >= 0 || drained == PG_AVERROR_EOF else { throw VideoFile.error(drained, "avcodec_send_packet") }
        let received = avcodec_receive_frame(context, frame)
        if received == PG_AVERROR_EOF { return false }
        guard received >= 0 else { throw VideoFile.error(received, "avcodec_receive_frame") }
        return true
    }
}
