import Foundation
import Testing
import TestSupport
import Video

/// Camera and phone videos, when this machine has them in /tmp/real (they are not committed): the probe
/// against ffprobe, the poster against ffmpeg, or both refusing when ffmpeg cannot decode a frame either.
@Suite struct RealVideoTests {
    static let folder = "/tmp/real"
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasPrefix("pp-") && ($0.hasSuffix(".mp4") || $0.hasSuffix(".mov")) }.sorted()

    @Test(.enabled(if: FFmpegOracle.available && !files.isEmpty, "no /tmp/real/pp-*.mp4|mov, or no ffmpeg"), arguments: files)
    func realVideo(name: String) throws {
        let path = "\(Self.folder)/\(name)"
        let facts = try FFmpegOracle.facts(path)
        let header = try VideoProbe.probe(path: path)
        let stream = try #require(header.video)
        #expect((stream.codedWidth, stream.codedHeight) == (facts.width, facts.height), "\(name)")
        #expect((stream.width, stream.height) == facts.displaySize, "\(name)")
        #expect(stream.orientation == VideoOrientation(rotation: facts.clockwise), "\(name)")
        #expect(stream.codec == facts.codec, "\(name)")
        #expect(abs((header.duration ?? -1) - (facts.duration ?? -2)) < 1e-5, "\(name)")
        let date = facts.formatTags["com.apple.quicktime.creationdate"] ?? facts.formatTags["creation_time"]
        #expect(header.captureDate?.text == date, "\(name)")
        #expect(header.contentIdentifier == facts.formatTags["com.apple.quicktime.content.identifier"], "\(name)")

        let keyframes = try FFmpegOracle.keyframeTimes(path)
        guard !keyframes.isEmpty else {
            // No frames in the file (e.g. media in an external file): ffmpeg has none to give either.
            #expect(throws: VideoError.noFrame) { _ = try VideoPoster.decode(path: path) }
            return
        }
        let frame = try VideoPoster.decode(path: path)
        #expect((frame.width, frame.height) == facts.displaySize, "\(name)")
        let target = min(1, (facts.duration ?? 0) / 2)
        let expected = try #require(keyframes.first { $0 >= target - 1e-6 } ?? keyframes.last { $0 < target })
        #expect(abs(frame.time - expected) < 1e-5, "\(name): \(frame.time), ffprobe's keyframe \(expected)")
        try VideoPosterTests.expectFFmpegs(frame, path, facts, name)
    }
}
