internal import CFFmpeg

/// An AVFrame: one owner, freed with it (with the picture it references).
final class Frame {
    let frame: UnsafeMutablePointer<AVFrame>

    init() throws(VideoError) {
        guard let frame = av_frame_alloc() else { throw .ffmpeg(call: "av_frame_alloc", code: PG_AVERROR_ENOMEM, reason: "out of memory") }
        self.frame = frame
    }

    /// Lets go of the picture now (the frame stays allocated, empty).
    func release() { av_frame_unref(frame) }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&owned)
    }
}
