import Foundation
import Testing
import TestSupport

/// ffmpeg and ffprobe as the tests' oracle: they make the test videos (from lavfi's testsrc2) and say
/// what is in them; nothing here uses the Video module.
enum FFmpegOracle {
    static let ffmpeg = ExternalTool("ffmpeg")
    static let ffprobe = ExternalTool("ffprobe")
    static let available = ffmpeg != nil && ffprobe != nil
    static let missing: Comment = "ffmpeg or ffprobe is missing (apt-get install ffmpeg)"
    /// Whether this ffmpeg has the encoder `name` (libx264, libx265 …).
    static func hasEncoder(_ name: String) -> Bool {
        guard let ffmpeg, let text = try? ffmpeg.text(["-hide_banner", "-encoders"]) else { return false }
        return text.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first == Substring(name) }
    }
    static let hasX264 = hasEncoder("libx264")
    static let hasX265 = hasEncoder("libx265")

    /// Runs ffmpeg quietly with `arguments` (overwriting its output).
    static func run(_ arguments: [String]) throws {
        _ = try ffmpeg!.run(["-v", "error", "-nostdin", "-y"] + arguments)
    }

    /// Encodes `seconds` of testsrc2 at `size` and 25 fps into `path` with `codec` (an ffmpeg encoder),
    /// a keyframe every `keyframeInterval` frames; `filters` (e.g. "setsar=4/3") and `extra` (before the
    /// output: metadata, muxer flags) as given; a sine tone as audio when `audio`.
    static func make(_ path: String, codec: String, size: String = "320x240", seconds: Double = 2, keyframeInterval: Int = 12,
                     filters: String? = nil, audio: Bool = false, extra: [String] = []) throws {
        var arguments = ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25:duration=\(seconds)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)"] }
        arguments += ["-c:v", codec, "-g", "\(keyframeInterval)", "-pix_fmt", codec == "mjpeg" ? "yuvj420p" : "yuv420p"]
        switch codec {
        case "libx264": arguments += ["-keyint_min", "\(keyframeInterval)", "-x264-params", "scenecut=0"]
        case "libx265": arguments += ["-x265-params", "log-level=none:keyint=\(keyframeInterval):min-keyint=\(keyframeInterval):scenecut=0"]
        default: break
        }
        if let filters { arguments += ["-vf", filters] }
        if audio { arguments += ["-c:a", "aac", "-shortest"] }
        try run(arguments + extra + [path])
    }

    /// What ffprobe says about a file's first video stream and its container.
    struct Facts {
        var width: Int
        var height: Int
        /// From "n:d"; nil for "N/A", "0:1" or no entry.
        var sampleAspect: (Int, Int)?
        /// ffprobe's display-matrix rotation (counterclockwise degrees, −90 for a portrait phone video).
        var rotation: Int?
        var codec: String
        var duration: Double?
        var formatTags: [String: String]
        var hasVideo: Bool

        /// The display size by the rule Video documents (pixels only added, rounded half up), computed
        /// here from ffprobe's numbers.
        var displaySize: (width: Int, height: Int) {
            var (w, h) = (width, height)
            if let (n, d) = sampleAspect, n > 0, d > 0 {
                if n > d { w = Int((Double(width) * Double(n) / Double(d)).rounded(.toNearestOrAwayFromZero)) }
                if n < d { h = Int((Double(height) * Double(d) / Double(n)).rounded(.toNearestOrAwayFromZero)) }
            }
            let quarter = (((rotation ?? 0) % 180) + 180) % 180 == 90
            return quarter ? (h, w) : (w, h)
        }

        /// The clockwise rotation in degrees, 0–270.
        var clockwise: Int { (((-(rotation ?? 0)) % 360) + 360) % 360 }
    }

    static func facts(_ path: String) throws -> Facts {
        let data = try ffprobe!.run(["-v", "error", "-select_streams", "v:0",
                                     "-show_entries", "stream=width,height,sample_aspect_ratio,codec_name:stream_side_data=rotation",
                                     "-show_entries", "format=duration:format_tags", "-of", "json", path])
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        let format = json["format"] as? [String: Any] ?? [:]
        let sar = (stream["sample_aspect_ratio"] as? String)?.split(separator: ":").compactMap { Int($0) }
        let rotation = (stream["side_data_list"] as? [[String: Any]])?.compactMap { $0["rotation"] as? Int }.first
        return Facts(width: stream["width"] as? Int ?? 0, height: stream["height"] as? Int ?? 0,
                     sampleAspect: sar?.count == 2 && sar![0] > 0 ? (sar![0], sar![1]) : nil, rotation: rotation,
                     codec: stream["codec_name"] as? String ?? "", duration: (format["duration"] as? String).flatMap(Double.init),
                     formatTags: format["tags"] as? [String: String] ?? [:], hasVideo: !stream.isEmpty)
    }

    /// The presentation times (seconds) of the first video stream's keyframe packets, in file order.
    static func keyframeTimes(_ path: String) throws -> [Double] {
        let text = try ffprobe!.text(["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags",
                                      "-of", "csv=p=0", path])
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count >= 2, fields[1].hasPrefix("K"), let time = Double(fields[0]) else { return nil }
            return time
        }
    }

    /// The frame `ffmpeg -ss time -i path -frames:v 1` gives (autorotated, as ffmpeg does by default),
    /// scaled to `size` when given, or through `filters`, as RGB8.
    static func frame(_ path: String, at time: Double, size: (Int, Int)? = nil, filters: String? = nil,
                      autorotate: Bool = true) throws -> NetpbmImage? {
        // Whole microseconds, rounded down: ffmpeg keeps the first frame at or after the time.
        let seek = String(format: "%.6f", (time * 1e6).rounded(.down) / 1e6)
        var arguments = ["-v", "error", "-nostdin"] + (autorotate ? [] : ["-noautorotate"]) + ["-ss", seek, "-i", path, "-frames:v", "1"]
        if let size { arguments += ["-vf", "scale=\(size.0):\(size.1)"] }
        if let filters { arguments += ["-vf", filters] }
        arguments += ["-f", "image2pipe", "-vcodec", "ppm", "-pix_fmt", "rgb24", "-"]
        return NetpbmImage([UInt8](try ffmpeg!.run(arguments)))
    }
}
