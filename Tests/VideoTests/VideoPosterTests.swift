import Foundation
import Testing
import TestSupport
import Video

/// The poster frame against ffmpeg's own decode of the same moment (`ffmpeg -ss T -i FILE -frames:v 1`,
/// autorotated, scaled to the display size when pixels are not square), and the frame-choice rule
/// against ffprobe's keyframe list.
@Suite struct VideoPosterTests {
    /// The least PSNR against ffmpeg's frame (the same decode; only the YCbCr→RGB conversion may differ).
    static let psnrFloor = 35.0

    @Test(.enabled(if: FFmpegOracle.available, FFmpegOracle.missing), arguments: TestVideo.all)
    func frameIsFFmpegs(video: TestVideo) throws {
        guard video.available else { return }
        let folder = try TemporaryFolder("video-tests")
        let path = try video.make(in: folder)
        let facts = try FFmpegOracle.facts(path)
        let frame = try VideoPoster.decode(path: path)
        #expect((frame.width, frame.height) == facts.displaySize, "\(video.name)")
        #expect(frame.pixels.count == frame.width * frame.height * 3)

        // The rule: the first keyframe at or after min(1 s, duration / 2), else the last before it.
        let keyframes = try FFmpegOracle.keyframeTimes(path)
        let target = min(1, (facts.duration ?? 0) / 2)
        let expected = try #require(keyframes.first { $0 >= target - 1e-6 } ?? keyframes.last { $0 < target })
        #expect(abs(frame.time - expected) < 1e-5, "\(video.name): \(frame.time), ffprobe's keyframe \(expected)")

        try Self.expectFFmpegs(frame, path, facts, video.name)
    }

    /// Probes and posters from several threads at once, FFmpeg's first use among them: each the same as
    /// on one thread (pg_ffmpeg_load runs once; no state is shared between files).
    @Test(.enabled(if: FFmpegOracle.available && FFmpegOracle.hasX264 && FFmpegOracle.hasX265, FFmpegOracle.missing))
    func concurrentUse() throws {
        let folder = try TemporaryFolder("video-tests")
        let videos = try [TestVideo.all[1], TestVideo.all[8], TestVideo.all[10]].map { try $0.make(in: folder) }
        let results = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 12) { i in
            let path = videos[i % videos.count]
            let outcome = Result { () throws(VideoError) in (try VideoProbe.probe(path: path), try VideoPoster.decode(path: path)) }
            results.add(i % videos.count, outcome)
        }
        for (index, path) in videos.enumerated() {
            let serial = (try VideoProbe.probe(path: path), try VideoPoster.decode(path: path))
            for outcome in results.outcomes(index) {
                let (header, frame) = try outcome.get()
                #expect(header == serial.0 && frame == serial.1, "\(path)")
            }
        }
    }

    /// What `concurrentUse`'s threads found, by video.
    final class LockedResults: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [Int: [Result<(VideoHeader, VideoFrame), VideoError>]] = [:]
        func add(_ index: Int, _ outcome: Result<(VideoHeader, VideoFrame), VideoError>) {
            lock.lock(); defer { lock.unlock() }
            found[index, default: []].append(outcome)
        }
        func outcomes(_ index: Int) -> [Result<(VideoHeader, VideoFrame), VideoError>] {
            lock.lock(); defer { lock.unlock() }
            return found[index] ?? []
        }
    }

    /// `frame` against ffmpeg's frame at its time. With square pixels: ffmpeg's autorotated frame, at
    /// least `psnrFloor`. Otherwise ffmpeg's autorotation turns before it scales, which the poster does
    /// the other way round (rows and columns then meet libswscale's filters differently, ~29 dB apart
    /// on testsrc2's sharp edges in ffmpeg's own two orders): its frame scaled first and then turned
    /// by the filter ffmpeg's autorotation picks for ffprobe's rotation must agree to `psnrFloor`, and
    /// the autorotated one still to 25 dB, far above any other orientation.
    static func expectFFmpegs(_ frame: VideoFrame, _ path: String, _ facts: FFmpegOracle.Facts, _ label: String) throws {
        let square = facts.sampleAspect.map { $0.0 == $0.1 } ?? true
        let autorotated = try #require(try FFmpegOracle.frame(path, at: frame.time, size: square ? nil : facts.displaySize))
        guard !square else { return try expectOrientedLike(autorotated, frame, label) }
        try expectOrientedLike(autorotated, frame, label, floor: 25)
        let upright = facts.clockwise % 180 == 0 ? facts.displaySize : (facts.displaySize.height, facts.displaySize.width)
        let turn = ["", "transpose=clock", "hflip,vflip", "transpose=cclock"][facts.clockwise / 90]
        let filters = ["scale=\(upright.0):\(upright.1)", turn].filter { !$0.isEmpty }.joined(separator: ",")
        let scaledFirst = try #require(try FFmpegOracle.frame(path, at: frame.time, filters: filters, autorotate: false))
        try expectOrientedLike(scaledFirst, frame, label + " (scaled, then turned)")
    }

    /// All 8 orientations of a display matrix (ffmpeg 5.1 cannot write the mirrored ones: the test sets
    /// the track header's matrix itself), against ffmpeg's autorotation of the same file.
    @Test(.enabled(if: FFmpegOracle.available && FFmpegOracle.hasX264, FFmpegOracle.missing),
          arguments: [(1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                      (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0)])
    func everyOrientation(matrix: (Int, Int, Int, Int)) throws {
        let folder = try TemporaryFolder("video-tests")
        let path = folder.url.appendingPathComponent("turned.mp4").path
        // Not square, so that a wrong quarter turn shows in the size too.
        try FFmpegOracle.make(path, codec: "libx264", size: "256x192", seconds: 1)
        var boxes = try MovieBoxes(path: path)
        try boxes.setTrackMatrix(matrix.0, matrix.1, matrix.2, matrix.3)
        try boxes.write(to: path)
        let facts = try FFmpegOracle.facts(path)
        let header = try #require(try VideoProbe.probe(path: path).video)
        let frame = try VideoPoster.decode(path: path)
        #expect((frame.width, frame.height) == (header.width, header.height))
        let mirrored = matrix.0 * matrix.3 - matrix.1 * matrix.2 < 0
        #expect(header.orientation.mirrored == mirrored)
        if !mirrored { #expect(header.orientation.rotation == facts.clockwise, "\(matrix)") }
        let reference = try #require(try FFmpegOracle.frame(path, at: frame.time))
        try Self.expectOrientedLike(reference, frame, "matrix \(matrix)")
    }

    /// `frame` matches ffmpeg's `reference` (PSNR ≥ `floor`), and each other turn or mirror of it that
    /// has the reference's size matches at least 10 dB worse (and under 20 dB unless the picture is
    /// nearly symmetric, as a real video may be).
    static func expectOrientedLike(_ reference: NetpbmImage, _ frame: VideoFrame, _ label: String, floor: Double = psnrFloor) throws {
        try #require((reference.width, reference.height) == (frame.width, frame.height), "\(label): ffmpeg's \(reference.width)×\(reference.height)")
        let psnr = NetpbmImage.psnr(frame.pixels, reference.rgb)
        #expect(psnr >= floor, "\(label): \(psnr) dB against ffmpeg")
        let original = RGB(width: frame.width, height: frame.height, pixels: frame.pixels)
        var others: [RGB] = []
        var turned = original
        for quarter in 0..<4 {
            if quarter > 0 { others.append(turned) }
            others.append(turned.mirrored())
            turned = turned.turnedClockwise()
        }
        for other in others where (other.width, other.height) == (reference.width, reference.height) {
            let wrong = NetpbmImage.psnr(other.pixels, reference.rgb)
            #expect(wrong < min(psnr, 60) - 10, "\(label): a wrong orientation scores \(wrong) dB against \(psnr) dB")
        }
    }

    /// A packed RGB8 picture the test turns and mirrors itself.
    struct RGB {
        var width: Int, height: Int, pixels: [UInt8]

        func mirrored() -> RGB {
            var out = pixels
            for y in 0..<height { for x in 0..<width { for c in 0..<3 { out[(y * width + x) * 3 + c] = pixels[(y * width + width - 1 - x) * 3 + c] } } }
            return RGB(width: width, height: height, pixels: out)
        }

        func turnedClockwise() -> RGB {
            var out = pixels
            // Output (x, y), x < height, comes from input (y, height − 1 − x).
            for y in 0..<width { for x in 0..<height { for c in 0..<3 { out[(y * height + x) * 3 + c] = pixels[((height - 1 - x) * width + y) * 3 + c] } } }
            return RGB(width: height, height: width, pixels: out)
        }
    }
}
