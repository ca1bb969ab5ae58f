// libFuzzer target: the video probe and the poster decoder (libavformat, libavcodec and libswscale through
// CFFmpeg) on arbitrary bytes, written to the scratch file and read through its /proc/self/fd path, as
// ImageFormats reads a video.
// Oracle: no crash; FFmpeg loads; a probed header is sane (a positive coded and displayed size within the
// pixel limit, 2^22; the displayed size the coded one stretched by the sample aspect ratio and turned; a
// ratio with both sides positive; a rotation of 0, 90, 180 or 270; a duration nil or finite in
// 0...longestDuration; a capture date of the right shape; an accepted container). The poster (same pixel
// limit, the default time limit) is decoded for every input: it succeeds only where the probe found a video
// stream, refuses as the probe does where the probe refused, and gives a positive size within the limit,
// width × height × 3 bytes and a finite time. A poster whose size differs from the probed display size is
// no failure (the bitstream may disagree with the container: its own coded size, or a sample aspect ratio
// in the H.264 VUI the header lacks), but the thumbnails need them equal (ThumbnailPipeline.renderWhole
// refuses a decode of another size than the indexed one), so each is counted and the first 50 kinds printed.
import FuzzSupport
import Video
#if canImport(Glibc)
import Glibc
#endif

let scratchPath = "/proc/self/fd/\(ScratchFile.shared.descriptor)"
let pixelLimit = 1 << 22
let acceptedContainers: Set<String> = ["mov,mp4,m4a,3gp,3g2,mj2", "avi", "matroska,webm"]

nonisolated(unsafe) var posters = 0
nonisolated(unsafe) var differing = 0
nonisolated(unsafe) var differences: Set<String> = []
nonisolated(unsafe) var reportRegistered = false

func say(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
}

func check(_ header: VideoHeader) {
    if let video = header.video {
        FuzzCheck.expect(video.codedWidth > 0 && video.codedHeight > 0 && video.codedWidth * video.codedHeight <= pixelLimit,
                         "coded size \(video.codedWidth)×\(video.codedHeight)")
        FuzzCheck.expect(video.width > 0 && video.height > 0 && video.width * video.height <= pixelLimit,
                         "display size \(video.width)×\(video.height)")
        FuzzCheck.expect(video.sampleAspectNumerator > 0 && video.sampleAspectDenominator > 0,
                         "sample aspect \(video.sampleAspectNumerator):\(video.sampleAspectDenominator)")
        FuzzCheck.expect([0, 90, 180, 270].contains(video.orientation.rotation) && (1...8).contains(video.orientation.exifOrientation),
                         "orientation \(video.orientation)")
        let display = VideoStreamHeader.displaySize(codedWidth: video.codedWidth, codedHeight: video.codedHeight,
                                                    sampleAspect: (video.sampleAspectNumerator, video.sampleAspectDenominator),
                                                    orientation: video.orientation)
        FuzzCheck.expect(display == (video.width, video.height), "display size \(video.width)×\(video.height), computed \(display)")
        FuzzCheck.expect(!video.codec.isEmpty, "empty codec name")
    }
    if let duration = header.duration {
        FuzzCheck.expect(duration.isFinite && (0...VideoProbe.longestDuration).contains(duration), "duration \(duration)")
    }
    if let date = header.captureDate {
        FuzzCheck.expect(date.localTime.utf8.count == 19, "capture date \(date.localTime)")
        if let offset = date.utcOffsetMinutes { FuzzCheck.expect(abs(offset) <= 18 * 60, "UTC offset \(offset)") }
    }
    FuzzCheck.expect(acceptedContainers.contains(header.container), "container \(header.container)")
}

/// The refusals that come from opening the file and finding its video stream, before any frame is read.
func refusedAtOpening(_ error: VideoError) -> Bool {
    switch error {
    case .unreadable, .empty, .libraryUnavailable, .unrecognizedFormat, .unsupportedContainer, .noVideoStream: return true
    default: return false
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideo(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if !reportRegistered {
        reportRegistered = true
        atexit { say("video posters: \(posters), of another size than the probe's: \(differing)") }
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ScratchFile.shared.write(bytes)
    let probed = attempt { () throws(VideoError) in try VideoProbe.probe(path: scratchPath, pixelLimit: pixelLimit) }
    let poster = attempt { () throws(VideoError) in try VideoPoster.decode(path: scratchPath, pixelLimit: pixelLimit) }
    if case let .failure(error) = probed {
        if case .libraryUnavailable = error { FuzzCheck.fail("\(error)") }
        if case .unreadable = error { FuzzCheck.fail("\(error)") }
        if case .empty = error { FuzzCheck.expect(size == 0, "\(error) for \(size) bytes") }
    }
    if case let .success(header) = probed { check(header) }
    switch (probed, poster) {
    case (.failure(.timedOut), _), (_, .failure(.timedOut)):
        break  // a read interrupted in one of the two opens only
    case let (.failure(probeError), .success(frame)):
        FuzzCheck.fail("poster \(frame.width)×\(frame.height) of a file the probe refused: \(probeError)")
    case let (.failure(probeError), .failure(posterError)):
        FuzzCheck.expect(probeError == posterError, "the probe refused with \(probeError), the poster with \(posterError)")
    case let (.success(header), .failure(posterError)):
        if header.video == nil {
            FuzzCheck.expect(posterError == .noVideoStream, "no video stream, but the poster says \(posterError)")
        } else {
            FuzzCheck.expect(!refusedAtOpening(posterError), "probed \(header), but the poster says \(posterError)")
        }
    case let (.success(header), .success(frame)):
        guard let video = header.video else { FuzzCheck.fail("poster \(frame.width)×\(frame.height) without a video stream") }
        FuzzCheck.expect(frame.width > 0 && frame.height > 0 && frame.width * frame.height <= pixelLimit,
                         "poster size \(frame.width)×\(frame.height)")
        FuzzCheck.expect(frame.pixels.count == frame.width * frame.height * 3,
                         "poster \(frame.width)×\(frame.height) has \(frame.pixels.count) bytes")
        FuzzCheck.expect(frame.time.isFinite, "poster time \(frame.time)")
        posters += 1
        if (frame.width, frame.height) != (video.width, video.height) {
            differing += 1
            let message = "video size differs: probed \(video.width)×\(video.height) (coded \(video.codedWidth)×\(video.codedHeight), "
                + "ratio \(video.sampleAspectNumerator):\(video.sampleAspectDenominator), \(video.orientation.rotation)°"
                + "\(video.orientation.mirrored ? " mirrored" : ""), \(video.codec), \(header.container)), "
                + "poster \(frame.width)×\(frame.height)"
            if differences.count < 50, differences.insert(message).inserted { say(message) }
        }
    }
    return 0
}
