import Foundation
import Testing
import TestSupport

/// Videos in the index (built binary): MOV and MP4 files are rows of media `video` with ffprobe's display
/// size (the display matrix applied), duration and codec, sorted among the photos; their grid
/// thumbnails are the poster frame's centre square — the first keyframe at or after 1 s, the frame
/// ffmpeg extracts there (autorotated) — and two remuxes that differ only in the rotation their `moov`
/// stores get different content keys.
@Suite("videos (binary)")
struct VideoIndexTests {
    static let tools = (ffmpeg: ExternalTool("ffmpeg"), ffprobe: ExternalTool("ffprobe"), magick: ExternalTool("convert-im6.q16"))

    @Test func videosAreIndexedWithFFprobesFactsAndPosterThumbnails() throws {
        guard let ffmpeg = Self.tools.ffmpeg, let ffprobe = Self.tools.ffprobe, let magick = Self.tools.magick else { return }
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // 3 s of a test pattern, a keyframe every 0.5 s (so the poster is the frame at 1 s); the same stream
        // remuxed into a MOV whose track is turned 90° (ffmpeg 5.1: `rotate` on a stream copy).
        let clip = photos.appendingPathComponent("clip.mp4").path
        _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-t", "3", "-c:v", "libx264",
                            "-g", "15", "-pix_fmt", "yuv420p", clip])
        let turned = photos.appendingPathComponent("turned.mov").path
        _ = try ffmpeg.run(["-v", "error", "-i", clip, "-c", "copy", "-metadata:s:v:0", "rotate=90", turned])
        let flipped = photos.appendingPathComponent("flipped.mov").path
        _ = try ffmpeg.run(["-v", "error", "-i", clip, "-c", "copy", "-metadata:s:v:0", "rotate=270", flipped])
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"),
                                         to: photos.appendingPathComponent("sunset.jpg"))
        try Data("not a movie".utf8).write(to: photos.appendingPathComponent("broken.mov"))
        // Read by content, whatever the name: a JPEG named .mov, an MP4 named .jpg, a cut MP4 (no moov).
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("dragonfly.jpg"),
                                         to: photos.appendingPathComponent("really-a-photo.mov"))
        try FileManager.default.copyItem(atPath: clip, toPath: photos.appendingPathComponent("really-a-video.jpg").path)
        let clipBytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        try clipBytes.prefix(clipBytes.count / 2).write(to: photos.appendingPathComponent("cut.mp4"))
        let database = directory.appendingPathComponent("library.sqlite").path

        let index = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"])
        #expect(index.status == 0, "\(index.stderr)")
        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        let rows = try #require(try list.json()["photos"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: rows.map { ($0["path"] as? String ?? "", $0) })
        for name in ["clip.mp4", "turned.mov", "flipped.mov"] {
            let row = try #require(byPath[name], "\(name)")
            let path = photos.appendingPathComponent(name).path
            let probed = try #require(try JSONSerialization.jsonObject(with: ffprobe.run([
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,codec_name:stream_side_data=rotation",
                "-show_entries", "format=duration", "-of", "json", path])) as? [String: Any])
            let stream = try #require((probed["streams"] as? [[String: Any]])?.first)
            let rotation = ((stream["side_data_list"] as? [[String: Any]])?.first?["rotation"] as? Int) ?? 0
            let width = try #require(stream["width"] as? Int), height = try #require(stream["height"] as? Int)
            let display = abs(rotation) % 180 == 90 ? (height, width) : (width, height)
            #expect(row["media"] as? String == "video", "\(name)")
            #expect(row["status"] as? String == "ok", "\(name): \(row["error"] ?? "")")
            #expect(row["format"] as? String == (name.hasSuffix(".mov") ? "mov" : "mp4"))
            #expect((row["pixelWidth"] as? Int, row["pixelHeight"] as? Int) == (display.0, display.1), "\(name)")
            #expect(row["codec"] as? String == stream["codec_name"] as? String)
            let durationText = try #require((probed["format"] as? [String: Any])?["duration"] as? String)
            let duration = try #require(Double(durationText))
            #expect(abs((row["duration"] as? Double ?? -1) - duration) < 0.001, "\(name): \(row["duration"] ?? "none") vs \(duration)")
        }
        #expect(byPath["sunset.jpg"]?["media"] as? String == "photo")
        #expect(byPath["really-a-photo.mov"]?["media"] as? String == "photo" && byPath["really-a-photo.mov"]?["format"] as? String == "jpeg")
        #expect(byPath["really-a-video.jpg"]?["media"] as? String == "video" && byPath["really-a-video.jpg"]?["format"] as? String == "mp4")
        #expect(byPath["cut.mp4"]?["status"] as? String == "error", "\(byPath["cut.mp4"] ?? [:])")
        #expect(byPath["broken.mov"]?["status"] as? String == "error")
        #expect((byPath["broken.mov"]?["error"] as? String)?.hasPrefix("video: ") == true, "\(byPath["broken.mov"] ?? [:])")
        let stats = try PhotoGridBinary.run(["stats", "--db", database, "--json"]).json()
        #expect(stats["media"] as? [String: Int] == ["photo": 2, "video": 4])

        // Poster thumbnails (export: a fresh library and its grid thumbnails): the centre square of the frame
        // at 1 s, as ffmpeg extracts it (autorotated); five files for five contents (two photos, three
        // videos: clip.mp4 and really-a-video.jpg are one) — the videos' keys differ though they are the
        // same stream (the rotation in the moov counts).
        let gallery = directory.appendingPathComponent("gallery")
        let export = try PhotoGridBinary.run(["export", photos.path, "--out", gallery.path])
        #expect(export.status == 0, "\(export.stderr)")
        let grid = try FileManager.default.contentsOfDirectory(atPath: gallery.appendingPathComponent("thumbnails/grid-387").path)
        #expect(grid.filter { $0.hasSuffix(".jpg") }.count == 5, "\(grid)")  // really-a-video.jpg is clip.mp4's content
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: gallery.appendingPathComponent("layout.json"))) as? [String: Any])
        let cells = try #require(exported["cells"] as? [[String: Any]])
        for name in ["clip.mp4", "turned.mov"] {
            let cell = try #require(cells.first { $0["path"] as? String == name })
            let thumbnail = gallery.appendingPathComponent(try #require(cell["thumbnail"] as? String)).path
            let reference = try #require(NetpbmImage([UInt8](try ffmpeg.run([
                "-v", "error", "-ss", "1", "-i", photos.appendingPathComponent(name).path, "-frames:v", "1",
                "-vf", "crop=360:360", "-f", "image2pipe", "-vcodec", "ppm", "-"]))))
            let made = try #require(NetpbmImage([UInt8](try magick.run([thumbnail, "ppm:-"]))))
            #expect((made.width, made.height) == (360, 360), "\(name)")
            let psnr = NetpbmImage.psnr(made.rgb, reference.rgb)
            #expect(psnr >= 28, "\(name): \(psnr) dB against ffmpeg's frame at 1 s")
            // The first frame (a moment earlier), turned another way, would not match.
            let other = try #require(NetpbmImage([UInt8](try ffmpeg.run([
                "-v", "error", "-ss", "0", "-i", photos.appendingPathComponent(name).path, "-frames:v", "1",
                "-vf", "crop=360:360,transpose=1", "-f", "image2pipe", "-vcodec", "ppm", "-"]))))
            #expect(NetpbmImage.psnr(made.rgb, other.rgb) < psnr - 6, "\(name)")
        }
    }

    /// The recorded poster time is the first keyframe at or after min(1 s, duration / 2) as ffprobe lists
    /// the keyframes (else the last before); layout cells carry it; the grid thumbnail is the frame
    /// `ffmpeg -ss posterTime` extracts.
    @Test func posterTimesAreTheKeyframesFFprobeLists() throws {
        guard let ffmpeg = Self.tools.ffmpeg, let ffprobe = Self.tools.ffprobe, let magick = Self.tools.magick else { return }
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-poster-time")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // name: (seconds, encoder options): keyframes at 0 and 1.3 s; every 0.2 s in a 1 s clip (T = 0.5);
        // one keyframe only (the last before T: 0).
        let clips: [(String, Double, [String])] = [
            ("late-key.mp4", 3, ["-g", "1000", "-force_key_frames", "0,1.3", "-sc_threshold", "0"]),
            ("short.mov", 1, ["-g", "6", "-sc_threshold", "0"]),
            ("one-key.mp4", 2, ["-g", "1000", "-sc_threshold", "0"]),
        ]
        for (name, seconds, options) in clips {
            _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-t", "\(seconds)", "-c:v", "libx264"]
                               + options + ["-pix_fmt", "yuv420p", photos.appendingPathComponent(name).path])
        }
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let rows = try #require(try PhotoGridBinary.run(["list", "--db", database, "--json"]).json()["photos"] as? [[String: Any]])
        let layout = try #require(try PhotoGridBinary.run(["layout", "--db", database, "--width", "393", "--all"]).json()["cells"] as? [[String: Any]])
        var expected: [String: Double] = [:]
        for (name, _, _) in clips {
            let path = photos.appendingPathComponent(name).path
            let keyframes = String(decoding: try ffprobe.run(["-v", "error", "-select_streams", "v:0", "-skip_frame", "nokey",
                                                               "-show_entries", "frame=pts_time", "-of", "csv=p=0", path]), as: UTF8.self)
                .split(whereSeparator: \.isNewline).compactMap { Double($0.split(separator: ",").first ?? "") }  // "1.300000,"
            let duration = try #require(Double(String(decoding: try ffprobe.run(["-v", "error", "-show_entries", "format=duration",
                                                                                  "-of", "csv=p=0", path]), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            let target = min(1, duration / 2)
            expected[name] = keyframes.first { $0 >= target - 1e-6 } ?? keyframes.last { $0 < target }
        }
        #expect(expected == ["late-key.mp4": 1.3, "short.mov": 0.6, "one-key.mp4": 0], "ffprobe's keyframes: \(expected)")
        for (name, time) in expected {
            let row = try #require(rows.first { $0["path"] as? String == name })
            #expect(abs((row["posterTime"] as? Double ?? -1) - time) < 0.0005, "\(name): \(row["posterTime"] ?? "none") vs \(time)")
            let cell = try #require(layout.first { $0["path"] as? String == name })
            #expect(cell["posterTime"] as? Double == row["posterTime"] as? Double, "\(name)")
        }
        // The thumbnail is the frame at the poster time (and not the first frame) for the clip whose
        // keyframe is not where a fixed rule would look.
        let gallery = directory.appendingPathComponent("gallery")
        #expect(try PhotoGridBinary.run(["export", photos.path, "--out", gallery.path]).status == 0)
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: gallery.appendingPathComponent("layout.json"))) as? [String: Any])
        let cell = try #require((exported["cells"] as? [[String: Any]])?.first { $0["path"] as? String == "late-key.mp4" })
        let thumbnail = gallery.appendingPathComponent(try #require(cell["thumbnail"] as? String)).path
        let made = try #require(NetpbmImage([UInt8](try magick.run([thumbnail, "ppm:-"]))))
        func frame(at time: Double) throws -> NetpbmImage? {
            NetpbmImage([UInt8](try ffmpeg.run(["-v", "error", "-ss", "\(time)", "-i", photos.appendingPathComponent("late-key.mp4").path,
                                                "-frames:v", "1", "-vf", "crop=360:360", "-f", "image2pipe", "-vcodec", "ppm", "-"])))
        }
        let atPoster = try #require(try frame(at: 1.3)), atOne = try #require(try frame(at: 1.0))
        let psnr = NetpbmImage.psnr(made.rgb, atPoster.rgb)
        #expect(psnr >= 28, "\(psnr) dB against ffmpeg's frame at 1.3 s")
        #expect(NetpbmImage.psnr(made.rgb, atOne.rgb) < psnr - 6)
    }

    /// `render` draws a video cell's duration in its bottom-right corner (white, 5 × 4 points in, ~9 points
    /// tall) and nothing on a photo's: on a solid-colour 67 s video (ffprobe says 67 s: "1:07") every
    /// near-white pixel of the cell lies in that corner box, and there are some; the photo's cell has none.
    @Test func renderDrawsTheDurationInAVideoCellsCorner() throws {
        guard let ffmpeg = Self.tools.ffmpeg, let ffprobe = Self.tools.ffprobe, let magick = Self.tools.magick else { return }
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-render-video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let clip = photos.appendingPathComponent("blue.mp4").path
        _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "color=c=0x3050a0:size=320x240:rate=10", "-t", "67", "-c:v", "libx264",
                            "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip])
        let seconds = try #require(Double(String(decoding: try ffprobe.run(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", clip]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(abs(seconds - 67) < 0.5)
        _ = try magick.run(["-size", "320x240", "xc:#a03050", photos.appendingPathComponent("red.jpg").path])
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let picture = directory.appendingPathComponent("picture.jpg").path
        let render = try PhotoGridBinary.run(["render", "--db", database, "--width", "393", "--height", "300", "--scale", "2", "--out", picture])
        #expect(render.status == 0, "\(render.stderr)")
        let cells = try #require(try PhotoGridBinary.run(["layout", "--db", database, "--width", "393", "--height", "300"]).json()["cells"] as? [[String: Any]])
        let image = try #require(NetpbmImage([UInt8](try magick.run([picture, "ppm:-"]))))
        for cell in cells {
            let frame = try #require(cell["frame"] as? [String: Double])
            let (x0, y0) = (Int(frame["x"]! * 2), Int(frame["y"]! * 2)), (x1, y1) = (Int((frame["x"]! + frame["width"]!) * 2), Int((frame["y"]! + frame["height"]!) * 2))
            var inCorner = 0, elsewhere = 0
            for y in y0..<min(y1, image.height) {
                for x in x0..<min(x1, image.width) {
                    let i = (y * image.width + x) * 3
                    guard image.rgb[i] > 200, image.rgb[i + 1] > 200, image.rgb[i + 2] > 200 else { continue }
                    // The corner box: 5 × 4 points in from the bottom-right, up to 12 points tall, 40 points wide.
                    if x >= x1 - 2 * (5 + 40) && x < x1 - 2 * 4 && y >= y1 - 2 * (4 + 12) && y < y1 - 2 * 3 { inCorner += 1 } else { elsewhere += 1 }
                }
            }
            if cell["path"] as? String == "blue.mp4" {
                #expect(inCorner > 100 && elsewhere == 0, "video cell: \(inCorner) white pixels in the corner, \(elsewhere) elsewhere")
            } else {
                #expect(inCorner == 0 && elsewhere == 0, "photo cell: \(inCorner) + \(elsewhere) white pixels")
            }
        }
        #expect(cells.count == 2)
    }

    /// A 2:1 sample aspect ratio stated only in the H.264 bitstream (Tests/FormatSamples/video/h264-vui-sar2.mp4,
    /// the video fuzzer's seed: its `pasp` box renamed `free`; ffprobe says 64×48, SAR 2:1): the probe
    /// (header only) records 64×48, the poster decodes 128×48 — and the video still gets its thumbnails
    /// (the poster stretched to the recorded geometry), where it failed `sizeChanged`.
    @Test func aPosterOfAnotherSizeThanTheProbedOneStillMakesThumbnails() throws {
        guard Self.tools.ffmpeg != nil else { return }
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-vui-sar")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Tests/FormatSamples/video/h264-vui-sar2.mp4"),
                                         to: photos.appendingPathComponent("vui-sar.mp4"))
        let gallery = directory.appendingPathComponent("gallery")
        let export = try PhotoGridBinary.run(["export", photos.path, "--out", gallery.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdoutText.contains("0 failed"), "\(export.stdoutText)")
        let grid = try FileManager.default.contentsOfDirectory(atPath: gallery.appendingPathComponent("thumbnails/grid-387").path)
        #expect(grid.filter { $0.hasSuffix(".jpg") }.count == 1, "\(grid)")
    }
}
