internal import CFFmpeg

extension VideoFile {
    /// The video stream a viewer shows: the first one marked default, else the first; never an attached
    /// picture (a cover image is a one-frame "video" stream). Nil when there is none.
    func videoStream() -> UnsafeMutablePointer<AVStream>? {
        let count = Int(context.pointee.nb_streams)
        guard count > 0, let streams = context.pointee.streams else { return nil }
        let videos = (0..<count).compactMap { streams[$0] }.filter { stream in
            guard let parameters = stream.pointee.codecpar else { return false }
            return parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
        }
        return videos.first { $0.pointee.disposition & AV_DISPOSITION_DEFAULT != 0 } ?? videos.first
    }

    /// The orientation from `stream`'s display matrix side data (identity without one).
    func orientation(of stream: UnsafeMutablePointer<AVStream>) -> VideoOrientation {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return .identity }
        let raw = UnsafeRawPointer(data)
        return VideoOrientation(displayMatrix: (0..<9).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self) })
    }

    /// The value of metadata `key` (ASCII case ignored, as libavformat matches) of the container, else of `stream`.
    func metadata(_ key: String, stream: UnsafeMutablePointer<AVStream>?) -> String? {
        for dictionary in [context.pointee.metadata, stream?.pointee.metadata] {
            guard let dictionary, let entry = av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value else { continue }
            return String(cString: value)
        }
        return nil
    }

    /// Where the file's timeline starts, in seconds: the container's start time, else the earliest of
    /// its streams' (0 when none says). `ffmpeg -ss T` seeks to T after it.
    func startSeconds() -> Double {
        if context.pointee.start_time != PG_AV_NOPTS_VALUE { return Double(context.pointee.start_time) / Double(AV_TIME_BASE) }
        let count = Int(context.pointee.nb_streams)
        guard count > 0, let streams = context.pointee.streams else { return 0 }
        let starts = (0..<count).compactMap { streams[$0] }.compactMap { stream -> Double? in
            let start = stream.pointee.start_time, base = stream.pointee.time_base
            guard start != PG_AV_NOPTS_VALUE, base.num > 0, base.den > 0 else { return nil }
            return Double(start) * Double(base.num) / Double(base.den)
        }
        return starts.min() ?? 0
    }
}
