import Foundation
import Testing
import TestSupport
import Video

/// Files that are not (whole) movies: each an error, from the probe and the poster alike, never a crash.
@Suite struct BadVideoTests {
    /// Both readers on `path`, which must throw; returns the probe's error.
    @discardableResult
    static func bothRefuse(_ path: String, _ label: String) -> VideoError? {
        var probeError: VideoError?
        do {
            let header = try VideoProbe.probe(path: path)
            Issue.record("\(label): probed as \(header)")
        } catch { probeError = error }
        do {
            let frame = try VideoPoster.decode(path: path)
            Issue.record("\(label): a \(frame.width)×\(frame.height) poster")
        } catch {
            #expect(!error.description.isEmpty)
        }
        return probeError
    }

    /// The video fuzzer's two findings (Tests/FormatSamples/video, docs/reliability.md): MP4s whose sample
    /// tables declare 2^26 samples in 4 KB (`stsz` of constant size 1, `stts`) and 2^25 in a 974-byte
    /// fragment (`trun`). FFmpeg 5.1 opens both, building an index of 1.1–3.5 GB first; they are refused
    /// before it reads them, by the counts the files declare.
    @Test func sampleTablesLargerThanTheFileAreRefused() throws {
        let folder = Repository.root.appendingPathComponent("Tests/FormatSamples/video")
        let stsz = folder.appendingPathComponent("stsz-2p26-samples.mp4").path
        let trun = folder.appendingPathComponent("trun-2p25-samples.mp4").path
        #expect(Self.bothRefuse(stsz, "stsz") == .implausibleSampleCount(samples: 1 << 26, fileSize: 4296))
        #expect(Self.bothRefuse(trun, "trun") == .implausibleSampleCount(samples: 1 << 25, fileSize: 974))
    }

    @Test func missingAndEmpty() throws {
        let folder = try TemporaryFolder("video-tests")
        #expect(Self.bothRefuse(folder.url.appendingPathComponent("absent.mp4").path, "absent") == .unreadable(call: "open", errno: 2))
        #expect(Self.bothRefuse(try folder.write([], to: "empty.mp4"), "empty") == .empty)
        #expect(Self.bothRefuse(folder.path, "a folder") != nil)
    }

    /// Random bytes, and random bytes after a valid `ftyp` box (so the MP4 demuxer reads them).
    @Test func randomBytes() throws {
        let folder = try TemporaryFolder("video-tests")
        var random = SplitMix64(seed: 0x5EED_7E57)
        let ftyp: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomavc1".utf8)
        for round in 0..<40 {
            let count = Int(random.next() % 100_000)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            Self.bothRefuse(try folder.write(bytes, to: "random\(round).mov"), "random \(round)")
            Self.bothRefuse(try folder.write(ftyp + bytes, to: "ftyp\(round).mp4"), "ftyp + random \(round)")
        }
    }

    /// A JPEG named .mov is libavformat's jpeg_pipe, which is no movie container.
    @Test(.enabled(if: FFmpegOracle.available, FFmpegOracle.missing))
    func jpegNamedMov() throws {
        let folder = try TemporaryFolder("video-tests")
        let path = folder.url.appendingPathComponent("photo.mov").path
        try FFmpegOracle.run(["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", "-f", "mjpeg", path])
        #expect(Self.bothRefuse(path, "JPEG") == .unsupportedContainer(format: "jpeg_pipe"))
    }

    /// Truncations of an MP4 with its `moov` at the end (ffmpeg's default) and of one with it first
    /// (faststart). No `moov`: an error with libavformat's reason. The `moov` cut: the probe refuses
    /// exactly when ffprobe does (libavformat reads a `moov` whose video track is whole). The media data
    /// cut: the header still reads, and the poster decodes or refuses, never crashes.
    @Test(.enabled(if: FFmpegOracle.available && FFmpegOracle.hasX264, FFmpegOracle.missing))
    func truncated() throws {
        let folder = try TemporaryFolder("video-tests")
        let atEnd = folder.url.appendingPathComponent("moov-at-end.mp4").path
        let atStart = folder.url.appendingPathComponent("moov-first.mp4").path
        try FFmpegOracle.make(atEnd, codec: "libx264", seconds: 2, audio: true)
        try FFmpegOracle.run(["-i", atEnd, "-c", "copy", "-movflags", "faststart", atStart])
        let end = try MovieBoxes(path: atEnd), start = try MovieBoxes(path: atStart)
        let moovAtEnd = try #require(end.find("moov")), mdatInStart = try #require(start.find("mdat"))

        let noMoov = try folder.write(Array(end.bytes[..<(moovAtEnd - 4)]), to: "no-moov.mp4")
        let error = Self.bothRefuse(noMoov, "no moov")
        guard case let .ffmpeg(call, _, reason) = error else { Issue.record("no moov: \(String(describing: error))"); return }
        #expect(call == "avformat_open_input" && !reason.isEmpty)

        for cut in stride(from: moovAtEnd + 4, to: end.bytes.count, by: max(1, (end.bytes.count - moovAtEnd) / 12)) {
            let path = try folder.write(Array(end.bytes[..<cut]), to: "moov-cut-\(cut).mp4")
            let ffprobeReads = (try? FFmpegOracle.facts(path)) != nil
            let header = try? VideoProbe.probe(path: path)
            #expect((header != nil) == ffprobeReads, "moov cut at \(cut): ffprobe \(ffprobeReads ? "reads" : "refuses") it")
            _ = try? VideoPoster.decode(path: path)
        }
        for cut in [mdatInStart + 4, mdatInStart + 2000, (start.bytes.count + mdatInStart) / 2] {
            let path = try folder.write(Array(start.bytes[..<cut]), to: "mdat-cut-\(cut).mp4")
            #expect(try VideoProbe.probe(path: path).video != nil)
            _ = try? VideoPoster.decode(path: path)
        }
    }

    /// A time limit of 0 interrupts libavformat's first read.
    @Test(.enabled(if: FFmpegOracle.available, FFmpegOracle.missing))
    func timeLimit() throws {
        let folder = try TemporaryFolder("video-tests")
        let path = folder.url.appendingPathComponent("short.mp4").path
        try FFmpegOracle.make(path, codec: "mpeg4", seconds: 1)
        #expect(throws: VideoError.timedOut(seconds: 0)) { _ = try VideoProbe.probe(path: path, timeLimit: 0) }
        #expect(throws: VideoError.timedOut(seconds: 0)) { _ = try VideoPoster.decode(path: path, timeLimit: 0) }
        #expect(try VideoProbe.probe(path: path).video != nil)
    }
}
