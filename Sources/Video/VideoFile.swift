internal import CFFmpeg
import PhotoGridSupport

/// A movie opened by libavformat (its header read, nothing decoded) under a deadline: one owner,
/// closed with it.
final class VideoFile {
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The interrupt callback's deadline, owned here (libavformat holds a pointer to it until closed).
    private let deadline: UnsafeMutablePointer<pg_ffmpeg_deadline>
    let timeLimit: Double

    /// libavformat's demuxers for the containers cameras and phones write: MP4, MOV, M4V, 3GP (one
    /// demuxer), AVI (older cameras' Motion JPEG) and Matroska. Others (images, playlists, raw streams)
    /// are refused before their demuxer reads the file.
    static let acceptedContainers: Set<String> = ["mov,mp4,m4a,3gp,3g2,mj2", "avi", "matroska,webm"]
    /// How much of the file's start libavformat's format probe sees.
    static let probeBytes = 64 << 10

    /// Opens the file at `path`: recognises its container from its first bytes, then reads its header
    /// (libavformat's file protocol only, reads interrupted after `timeLimit` seconds).
    init(path: String, timeLimit: Double) throws(VideoError) {
        guard pg_ffmpeg_load() == 0 else { throw .libraryUnavailable(reason: pg_ffmpeg_load_error().map { String(cString: $0) } ?? "") }
        let format = try Self.container(path)
        if format.pointee.name.map({ String(cString: $0) }) == "mov,mp4,m4a,3gp,3g2,mj2" { try MovieSampleTables.check(path: path) }
        self.timeLimit = timeLimit
        deadline = .allocate(capacity: 1)
        pg_ffmpeg_deadline_start(deadline, timeLimit)
        guard let allocated = avformat_alloc_context() else {
            deadline.deallocate()
            throw .ffmpeg(call: "avformat_alloc_context", code: PG_AVERROR_ENOMEM, reason: "out of memory")
        }
        allocated.pointee.interrupt_callback = AVIOInterruptCB(callback: pg_ffmpeg_deadline_passed, opaque: UnsafeMutableRawPointer(deadline))
        var options: OpaquePointer?
        // Only the local file; probesize and analyzeduration bound `findStreamInfo` (the format is probed here).
        let settings = [("protocol_whitelist", "file"), ("probesize", "1048576"), ("analyzeduration", "1000000")]
        for (key, value) in settings where av_dict_set(&options, key, value, 0) < 0 {
            av_dict_free(&options)
            avformat_free_context(allocated)
            deadline.deallocate()
            throw .ffmpeg(call: "av_dict_set", code: PG_AVERROR_ENOMEM, reason: "out of memory")
        }
        var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
        // "file:" so that a path with a colon is never taken for another protocol's URL.
        let result = avformat_open_input(&opened, "file:" + path, format, &options)
        av_dict_free(&options)
        // On failure avformat_open_input has freed the context and set `opened` to NULL.
        guard result >= 0, let opened else {
            let passed = deadline.pointee.passed != 0
            deadline.deallocate()
            throw passed ? .timedOut(seconds: timeLimit) : Self.error(result, "avformat_open_input")
        }
        context = opened
    }

    /// Lets libavformat decode the start of the streams for what their headers leave out (MPEG-4 Part 2
    /// in MP4 has its picture size only in the bitstream), bounded by the probe size and analyze
    /// duration set at opening (1 MB, 1 s) and the deadline.
    func findStreamInfo() throws(VideoError) {
        let result = avformat_find_stream_info(context, nil)
        guard result >= 0 else { throw error(result, "avformat_find_stream_info") }
    }

    deinit {
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&opened)
        deadline.deallocate()
    }

    /// `code` from `call` as a `VideoError`: `.timedOut` when the deadline interrupted it.
    func error(_ code: Int32, _ call: String) -> VideoError {
        deadline.pointee.passed != 0 ? .timedOut(seconds: timeLimit) : Self.error(code, call)
    }

    /// `code` from `call` with av_strerror's text.
    static func error(_ code: Int32, _ call: String) -> VideoError {
        var text = [CChar](repeating: 0, count: 256)
        let found = av_strerror(code, &text, text.count)
        let reason = found == 0 ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "error \(code)"
        return .ffmpeg(call: call, code: code, reason: reason)
    }

    /// libavformat's demuxer for the file's first bytes, if it is one of `acceptedContainers`.
    ///
    /// As av_probe_input_buffer2 does: 2 KB first, doubling to `probeBytes` while no demuxer scores above
    /// AVPROBE_SCORE_RETRY (an MP4's or MOV's first box settles it at once; every probe scans what it is
    /// given, so a small start keeps this at microseconds).
    static func container(_ path: String) throws(VideoError) -> UnsafePointer<AVInputFormat> {
        let start: [UInt8]
        do {
            start = try ReadOnlyFile(path: path).read(probeBytes, at: 0)
        } catch {
            throw .unreadable(call: error.call, errno: error.errno)
        }
        guard !start.isEmpty else { throw .empty }
        var size = min(2048, start.count)
        while true {
            let last = size == start.count
            // libavformat's probes read up to AVPROBE_PADDING_SIZE bytes past the end, which must be zero.
            var given = Array(start[0..<size]) + [UInt8](repeating: 0, count: Int(AVPROBE_PADDING_SIZE))
            var score: Int32 = 0
            let found = given.withUnsafeMutableBufferPointer { buffer in
                path.withCString { name in
                    var probe = AVProbeData(filename: name, buf: buffer.baseAddress, buf_size: Int32(size), mime_type: nil)
                    return av_probe_input_format3(&probe, 1, &score)
                }
            }
            if let found, score > (last ? 0 : AVPROBE_SCORE_RETRY) {
                let name = found.pointee.name.map { String(cString: $0) } ?? ""
                guard acceptedContainers.contains(name) else { throw .unsupportedContainer(format: name) }
                return found
            }
            guard !last else { throw .unrecognizedFormat }
            size = min(size * 2, start.count)
        }
    }
}
