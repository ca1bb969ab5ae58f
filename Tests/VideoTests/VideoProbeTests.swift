import Foundation
import Testing
import TestSupport
import Video

/// The probe against ffprobe on videos ffmpeg makes in the test: size as displayed, rotation, pixel
/// shape, duration, codec, QuickTime's Apple keys.
@Suite struct VideoProbeTests {
    @Test(.enabled(if: FFmpegOracle.available, FFmpegOracle.missing), arguments: TestVideo.all)
    func headerIsFFprobes(video: TestVideo) throws {
        guard video.available else { return }
        let folder = try TemporaryFolder("video-tests")
        let path = try video.make(in: folder)
        let facts = try FFmpegOracle.facts(path)
        if video.rotate != 0 { #expect(facts.rotation != nil, "ffmpeg wrote no display matrix for \(video.name)") }
        let header = try VideoProbe.probe(path: path)
        let stream = try #require(header.video)
        #expect((stream.codedWidth, stream.codedHeight) == (facts.width, facts.height), "\(video.name)")
        #expect((stream.width, stream.height) == facts.displaySize, "\(video.name)")
        #expect(stream.orientation == VideoOrientation(rotation: facts.clockwise), "\(video.name)")
        let sar = facts.sampleAspect ?? (1, 1)
        #expect((stream.sampleAspectNumerator, stream.sampleAspectDenominator) == sar, "\(video.name)")
        #expect(stream.codec == facts.codec, "\(video.name)")
        let duration = try #require(header.duration)
        #expect(abs(duration - (facts.duration ?? -1)) < 1e-5, "\(video.name): \(duration) against \(facts.duration ?? -1)")
        #expect(header.captureDate == nil && header.contentIdentifier == nil)
    }

    /// A 1080p-shaped portrait phone video: stored landscape with a quarter turn (ffprobe −90: clockwise).
    @Test(.enabled(if: FFmpegOracle.available && FFmpegOracle.hasX264, FFmpegOracle.missing))
    func portraitPhoneShape() throws {
        let folder = try TemporaryFolder("video-tests")
        let encoded = folder.url.appendingPathComponent("landscape.mp4").path
        let path = folder.url.appendingPathComponent("portrait.mov").path
        try FFmpegOracle.make(encoded, codec: "libx264", size: "384x216", seconds: 1)
        // rotate=270 is a −90° matrix in ffmpeg 5.1: what an iPhone held upright writes.
        try FFmpegOracle.run(["-i", encoded, "-c", "copy", "-metadata:s:v:0", "rotate=270", path])
        #expect(try FFmpegOracle.facts(path).rotation == -90)
        let stream = try #require(try VideoProbe.probe(path: path).video)
        #expect((stream.width, stream.height, stream.orientation.rotation) == (216, 384, 90))
        #expect(stream.orientation.exifOrientation == 6)
    }

    /// QuickTime's Apple keys as ffmpeg writes them (mdta), and the creation time without them.
    @Test(.enabled(if: FFmpegOracle.available, FFmpegOracle.missing))
    func captureDateAndContentIdentifier() throws {
        let folder = try TemporaryFolder("video-tests")
        let apple = folder.url.appendingPathComponent("apple.mov").path
        try FFmpegOracle.make(apple, codec: "mpeg4", seconds: 1, extra: [
            "-movflags", "use_metadata_tags",
            "-metadata", "com.apple.quicktime.creationdate=2023-07-01T10:11:12+0200",
            "-metadata", "com.apple.quicktime.content.identifier=5F1B2E44-9C1D-4A8E-B7C2-0D3E6A1F9B27",
            "-metadata", "creation_time=2023-07-01T08:11:12Z",
        ])
        let tags = try FFmpegOracle.facts(apple).formatTags
        let header = try VideoProbe.probe(path: apple)
        let date = try #require(header.captureDate)
        #expect(date.text == tags["com.apple.quicktime.creationdate"])
        #expect(date.source == .quickTimeCreationDate)
        #expect(date.localTime == "2023-07-01T10:11:12" && date.utcOffsetMinutes == 120)
        #expect(header.contentIdentifier == tags["com.apple.quicktime.content.identifier"])
        #expect(header.contentIdentifier == "5F1B2E44-9C1D-4A8E-B7C2-0D3E6A1F9B27")

        let plain = folder.url.appendingPathComponent("plain.mp4").path
        try FFmpegOracle.make(plain, codec: "mpeg4", seconds: 1, extra: ["-metadata", "creation_time=2020-02-29T23:59:58Z"])
        let creation = try #require(try FFmpegOracle.facts(plain).formatTags["creation_time"])
        let plainDate = try #require(try VideoProbe.probe(path: plain).captureDate)
        #expect(plainDate.text == creation)
        #expect(plainDate.source == .containerCreationTime)
        #expect(plainDate.localTime == "2020-02-29T23:59:58" && plainDate.utcOffsetMinutes == 0)
    }

    /// An audio-only MP4 has no video stream: not an error for the probe, `.noVideoStream` for the poster.
    @Test(.enabled(if: FFmpegOracle.available, FFmpegOracle.missing))
    func audioOnly() throws {
        let folder = try TemporaryFolder("video-tests")
        let path = folder.url.appendingPathComponent("tone.m4a").path
        try FFmpegOracle.run(["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", path])
        #expect(try FFmpegOracle.facts(path).hasVideo == false)
        let header = try VideoProbe.probe(path: path)
        #expect(header.video == nil && !header.hasVideoStream)
        #expect(header.duration != nil)
        #expect(throws: VideoError.noVideoStream) { _ = try VideoPoster.decode(path: path) }
    }

    /// A declared 65,535×65,535 picture is refused by size, by the probe and the poster alike; with no
    /// limit the poster either decodes the bitstream's real size (ffprobe's, which decodes it too) or
    /// libavcodec refuses the declared size (it does, Debian 12's 5.1): nothing that size is allocated.
    @Test(.enabled(if: FFmpegOracle.available && FFmpegOracle.hasX264, FFmpegOracle.missing))
    func hugeDeclaredSize() throws {
        let folder = try TemporaryFolder("video-tests")
        let path = folder.url.appendingPathComponent("huge.mp4").path
        try FFmpegOracle.make(path, codec: "libx264", seconds: 1)
        var boxes = try MovieBoxes(path: path)
        try boxes.setSampleEntrySize("avc1", width: 65535, height: 65535)
        try boxes.write(to: path)
        let limit = VideoProbe.defaultPixelLimit
        #expect(throws: VideoError.overPixelLimit(width: 65535, height: 65535, limit: limit)) { _ = try VideoProbe.probe(path: path) }
        #expect(throws: VideoError.overPixelLimit(width: 65535, height: 65535, limit: limit)) { _ = try VideoPoster.decode(path: path) }
        let facts = try FFmpegOracle.facts(path)
        do {
            let frame = try VideoPoster.decode(path: path, pixelLimit: .max)
            #expect((frame.width, frame.height) == (facts.width, facts.height))
        } catch {
            guard case .ffmpeg(call: "avcodec_open2", _, _) = error else { Issue.record("\(error)"); return }
        }
        // And a limit below an ordinary picture.
        let small = folder.url.appendingPathComponent("small.mp4").path
        try FFmpegOracle.make(small, codec: "libx264", seconds: 1)
        #expect(throws: VideoError.overPixelLimit(width: 320, height: 240, limit: 320 * 240 - 1)) {
            _ = try VideoProbe.probe(path: small, pixelLimit: 320 * 240 - 1)
        }
    }

    /// A movie header claiming 2^32 − 1 seconds (136 years): ffprobe repeats it; the probe calls it unknown.
    @Test(.enabled(if: FFmpegOracle.available, FFmpegOracle.missing))
    func absurdDurationIsUnknown() throws {
        let folder = try TemporaryFolder("video-tests")
        let path = folder.url.appendingPathComponent("long.mov").path
        try FFmpegOracle.make(path, codec: "mpeg4", seconds: 1)
        var boxes = try MovieBoxes(path: path)
        try boxes.setMovieDuration(timescale: 1, duration: .max)
        try boxes.write(to: path)
        let claimed = try #require(try FFmpegOracle.facts(path).duration)
        #expect(claimed > VideoProbe.longestDuration)
        #expect(try VideoProbe.probe(path: path).duration == nil)
    }
}
