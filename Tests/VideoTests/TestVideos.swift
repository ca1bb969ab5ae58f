import Foundation
import Testing
import TestSupport

/// The videos the tests make with ffmpeg: one per container, codec, rotation and pixel shape to cover.
struct TestVideo: CustomTestStringConvertible, Sendable {
    var name: String
    /// The ffmpeg encoder.
    var codec: String
    /// The file extension, which picks ffmpeg's muxer (mp4, mov, m4v → ipod, 3gp, mkv, avi).
    var container: String
    /// The `rotate` tag set on the video stream (ffmpeg 5.1 turns it into a display matrix when
    /// stream-copying; ffprobe then reports the matrix's rotation).
    var rotate: Int = 0
    /// "n/d" for setsar, or nil for square pixels.
    var sar: String?
    var size = "320x240"
    var audio = false
    var seconds = 2.0

    var testDescription: String { name }

    /// Whether this ffmpeg can make it.
    var available: Bool {
        switch codec {
        case "libx264": return FFmpegOracle.hasX264
        case "libx265": return FFmpegOracle.hasX265
        default: return true
        }
    }

    static let all: [TestVideo] = [
        TestVideo(name: "h264.mp4", codec: "libx264", container: "mp4", audio: true),
        TestVideo(name: "h264-rot90.mov", codec: "libx264", container: "mov", rotate: 90),
        TestVideo(name: "h264-rot180.mp4", codec: "libx264", container: "mp4", rotate: 180),
        TestVideo(name: "h264-rot270.mp4", codec: "libx264", container: "mp4", rotate: 270, audio: true),
        TestVideo(name: "h264-sar4:3.mp4", codec: "libx264", container: "mp4", sar: "4/3"),
        TestVideo(name: "h264-sar3:4-rot90.mov", codec: "libx264", container: "mov", rotate: 90, sar: "3/4"),
        TestVideo(name: "h264-sar8:9-rot270.m4v", codec: "libx264", container: "m4v", rotate: 270, sar: "8/9", size: "352x288"),
        TestVideo(name: "hevc.mp4", codec: "libx265", container: "mp4"),
        TestVideo(name: "hevc-rot90.mov", codec: "libx265", container: "mov", rotate: 90, audio: true),
        TestVideo(name: "hevc-sar16:11-rot180.mov", codec: "libx265", container: "mov", rotate: 180, sar: "16/11"),
        TestVideo(name: "mpeg4.3gp", codec: "mpeg4", container: "3gp", size: "176x144"),
        TestVideo(name: "mpeg4-odd-short.mp4", codec: "mpeg4", container: "mp4", size: "191x97", seconds: 0.4),
        TestVideo(name: "mjpeg.avi", codec: "mjpeg", container: "avi"),
        TestVideo(name: "h264.mkv", codec: "libx264", container: "mkv", audio: true),
    ]

    /// Makes the video in `folder` and returns its path: encoded, then stream-copied with the rotate tag.
    func make(in folder: TemporaryFolder) throws -> String {
        let path = folder.url.appendingPathComponent(name.replacingOccurrences(of: ":", with: "-")).path
        let extra = container == "3gp" ? ["-ar", "8000", "-ac", "1"] : []
        guard rotate != 0 else {
            try FFmpegOracle.make(path, codec: codec, size: size, seconds: seconds, filters: sar.map { "setsar=\($0)" },
                                  audio: audio, extra: extra)
            return path
        }
        let encoded = folder.url.appendingPathComponent("encoded-" + path.split(separator: "/").last!).path
        try FFmpegOracle.make(encoded, codec: codec, size: size, seconds: seconds, filters: sar.map { "setsar=\($0)" },
                              audio: audio, extra: extra)
        try FFmpegOracle.run(["-i", encoded, "-map", "0", "-c", "copy", "-metadata:s:v:0", "rotate=\(rotate)"]
                             + (codec == "libx265" ? ["-tag:v", "hvc1"] : []) + [path])
        return path
    }
}
