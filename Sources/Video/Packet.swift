internal import CFFmpeg

/// An AVPacket: one owner, freed with it.
final class Packet {
    let packet: UnsafeMutablePointer<AVPacket>

    init() throws(VideoError) {
        guard let packet = av_packet_alloc() else { throw .ffmpeg(call: "av_packet_alloc", code: PG_AVERROR_ENOMEM, reason: "out of memory") }
        self.packet = packet
    }

    deinit {
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&owned)
    }
}
