import Foundation
import Testing
import TestSupport

/// Live Photos in the index (built binary): a photo and a movie pair by Apple's content identifier —
/// written into a HEIC's and a JPEG's maker note by exiftool and into a MOV by ffmpeg, each read back by
/// that tool — or by the name fallback (same base name and folder, a short movie, capture times within
/// seconds); the pair is one grid cell with the photo's geometry, the movie a listed row outside the
/// grid. Pairs the rule refuses stay two cells (a re-used name weeks apart, a long movie, two
/// identifiers), and a pair whose half is deleted, restored or moved follows on the next index run.
@Suite("Live Photos (binary)")
struct LivePhotoIndexTests {
    static let tools = (ffmpeg: ExternalTool("ffmpeg"), ffprobe: ExternalTool("ffprobe"), exiftool: ExternalTool("exiftool"))

    /// Apple's maker note holding `identifier` as tag 0x0011 (the layout exiftool's Apple.pm reads).
    static func appleMakerNote(_ identifier: String) -> Data {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let text = Array(identifier.utf8) + [0]
        var note = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8)
        note += be16(2)
        note += be16(0x0001) + be16(9) + be32(1) + be32(14)                       // MakerNoteVersion 14
        note += be16(0x0011) + be16(2) + be32(text.count) + be32(14 + 2 + 24 + 4) // the identifier, after the IFD
        note += be32(0) + text
        return Data(note)
    }

    /// Writes `identifier` into the maker note of the photo at `path` and its capture time, and checks
    /// that exiftool reads them back.
    static func tagPhoto(_ path: String, identifier: String?, taken: String, in directory: URL) throws {
        let exiftool = try #require(tools.exiftool)
        var arguments = ["-q", "-overwrite_original", "-DateTimeOriginal=\(taken)"]
        if let identifier {
            let note = directory.appendingPathComponent("note-\(identifier).bin")
            try appleMakerNote(identifier).write(to: note)
            arguments += ["-Make=Apple", "-MakerNotes<=\(note.path)"]
        }
        _ = try exiftool.run(arguments + [path])
        let read = String(decoding: try exiftool.run(["-s3", "-MediaGroupUUID", "-DateTimeOriginal", path]), as: UTF8.self)
        let expected = (identifier.map { [$0] } ?? []) + [taken]
        #expect(read.split(separator: "\n").map(String.init) == expected, "exiftool reads \(read) from \(path)")
    }

    /// A `seconds`-long MOV at `path` (a keyframe every 0.5 s) created at `created`, with `identifier`;
    /// ffprobe reads both back.
    static func makeMovie(_ path: String, seconds: Double, created: String, identifier: String?) throws {
        let ffmpeg = try #require(tools.ffmpeg), ffprobe = try #require(tools.ffprobe)
        var metadata = ["-metadata", "com.apple.quicktime.creationdate=\(created)"]
        if let identifier { metadata += ["-metadata", "com.apple.quicktime.content.identifier=\(identifier)"] }
        _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "\(seconds)", "-c:v", "libx264",
                            "-g", "15", "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags"] + metadata + [path])
        let tags = String(decoding: try ffprobe.run(["-v", "error", "-show_entries", "format_tags", "-of", "default=nw=1", path]), as: UTF8.self)
        #expect(tags.contains("com.apple.quicktime.creationdate=\(created)"), "\(tags)")
        if let identifier { #expect(tags.contains("com.apple.quicktime.content.identifier=\(identifier)"), "\(tags)") }
    }

    struct Library {
        let database: String
        let folder: URL

        func index() throws {
            let run = try PhotoGridBinary.run(["index", folder.path, "--db", database])
            #expect(run.status == 0, "\(run.stderr)")
        }

        /// Rows of `list --json` by path.
        func rows() throws -> [String: [String: Any]] {
            let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
            let rows = try #require(try list.json()["photos"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["path"] as? String ?? "", $0) })
        }

        /// The grid's cells (`layout --all`): path → media (absent for a photo: "photo").
        func cells() throws -> [String: String] {
            let layout = try PhotoGridBinary.run(["layout", "--db", database, "--width", "393", "--all"])
            #expect(layout.status == 0, "\(layout.stderr)")
            let cells = try #require(try layout.json()["cells"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: cells.map { ($0["path"] as? String ?? "", $0["media"] as? String ?? "photo") })
        }
    }

    @Test(.enabled(if: tools.ffmpeg != nil && tools.ffprobe != nil && tools.exiftool != nil,
                   "needs ffmpeg, ffprobe and exiftool (apt-get install ffmpeg libimage-exiftool-perl)"))
    func halvesPairByIdentifierOrNameAndFollowTheFiles() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-live")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("camera")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("clips"), withIntermediateDirectories: true)
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        func copy(_ sample: URL, _ name: String) throws { try FileManager.default.copyItem(at: sample, to: folder.appendingPathComponent(name)) }

        // 1. A real iPhone HEIC and a MOV with one identifier (and one name).
        try copy(Repository.root.appendingPathComponent("Tests/FormatSamples/heif/phone/iphone7-grid.heic"), "IMG_0001.HEIC")
        try Self.tagPhoto(path("IMG_0001.HEIC"), identifier: "5A1B3C4D-0001-4E5F-8A9B-0C1D2E3F4A5B", taken: "2024:05:01 09:00:00", in: directory)
        try Self.makeMovie(path("IMG_0001.MOV"), seconds: 2, created: "2024-05-01T09:00:00+0200",
                           identifier: "5A1B3C4D-0001-4E5F-8A9B-0C1D2E3F4A5B")
        // 2. A JPEG and a MOV with one identifier, different names and folders.
        try copy(Repository.sampleImages.appendingPathComponent("sunset.jpg"), "IMG_0002.JPG")
        try Self.tagPhoto(path("IMG_0002.JPG"), identifier: "5A1B3C4D-0002-4E5F-8A9B-0C1D2E3F4A5B", taken: "2024:05:01 09:10:00", in: directory)
        try Self.makeMovie(path("clips/motion.MOV"), seconds: 3, created: "2024-05-01T09:10:00+0200",
                           identifier: "5A1B3C4D-0002-4E5F-8A9B-0C1D2E3F4A5B")
        // 3. No identifiers: one name, a 2.5 s movie, a second apart — the fallback pairs them.
        try copy(Repository.sampleImages.appendingPathComponent("dragonfly.jpg"), "IMG_0003.JPG")
        try Self.tagPhoto(path("IMG_0003.JPG"), identifier: nil, taken: "2024:05:01 10:00:00", in: directory)
        try Self.makeMovie(path("IMG_0003.MOV"), seconds: 2.5, created: "2024-05-01T10:00:01+0200", identifier: nil)
        // Refused: 4. one name a month apart (a re-used counter); 5. an 8 s movie; 6. two identifiers.
        try copy(Repository.sampleImages.appendingPathComponent("sunset.jpg"), "IMG_0004.JPG")
        try Self.tagPhoto(path("IMG_0004.JPG"), identifier: nil, taken: "2024:05:01 11:00:00", in: directory)
        try Self.makeMovie(path("IMG_0004.MOV"), seconds: 2, created: "2024-06-01T11:00:00+0200", identifier: nil)
        try copy(Repository.sampleImages.appendingPathComponent("dragonfly.jpg"), "IMG_0005.JPG")
        try Self.tagPhoto(path("IMG_0005.JPG"), identifier: nil, taken: "2024:05:01 12:00:00", in: directory)
        try Self.makeMovie(path("IMG_0005.MOV"), seconds: 8, created: "2024-05-01T12:00:00+0200", identifier: nil)
        try copy(Repository.sampleImages.appendingPathComponent("sunset.jpg"), "IMG_0006.JPG")
        try Self.tagPhoto(path("IMG_0006.JPG"), identifier: "5A1B3C4D-0006-4E5F-8A9B-0C1D2E3F4A5B", taken: "2024:05:01 13:00:00", in: directory)
        try Self.makeMovie(path("IMG_0006.MOV"), seconds: 2, created: "2024-05-01T13:00:00+0200",
                           identifier: "5A1B3C4D-9999-4E5F-8A9B-0C1D2E3F4A5B")

        let library = Library(database: directory.appendingPathComponent("library.sqlite").path, folder: folder)
        try library.index()
        var rows = try library.rows()
        for (photo, movie) in [("IMG_0001.HEIC", "IMG_0001.MOV"), ("IMG_0002.JPG", "clips/motion.MOV"), ("IMG_0003.JPG", "IMG_0003.MOV")] {
            #expect(rows[photo]?["media"] as? String == "live", "\(photo): \(rows[photo] ?? [:])")
            #expect(rows[photo]?["moviePath"] as? String == movie, "\(photo)")
            #expect(rows[photo]?["movieId"] as? Int == rows[movie]?["id"] as? Int, "\(photo)")
            #expect(rows[movie]?["livePhotoId"] as? Int == rows[photo]?["id"] as? Int, "\(movie)")
            #expect(rows[movie]?["media"] as? String == "video" && rows[movie]?["status"] as? String == "ok", "\(movie)")
            // The Live Photo's duration is its movie's (ffprobe's).
            let probed = String(decoding: try #require(Self.tools.ffprobe).run(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path(movie)]), as: UTF8.self)
            let duration = try #require(Double(probed.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(abs((rows[photo]?["duration"] as? Double ?? -1) - duration) < 0.001, "\(photo)")
        }
        for number in 4...6 {
            #expect(rows["IMG_000\(number).JPG"]?["media"] as? String == "photo", "\(number)")
            #expect(rows["IMG_000\(number).MOV"]?["livePhotoId"] == nil, "\(number)")
        }
        let expectedCells = ["IMG_0001.HEIC": "live", "IMG_0002.JPG": "live", "IMG_0003.JPG": "live",
                             "IMG_0004.JPG": "photo", "IMG_0004.MOV": "video", "IMG_0005.JPG": "photo", "IMG_0005.MOV": "video",
                             "IMG_0006.JPG": "photo", "IMG_0006.MOV": "video"]
        #expect(try library.cells() == expectedCells)
        let stats = try PhotoGridBinary.run(["stats", "--db", library.database, "--json"]).json()
        #expect(stats["media"] as? [String: Int] == ["photo": 3, "video": 3, "live": 3])

        // The movie goes: its photo stands alone; it comes back: one item again.
        let saved = directory.appendingPathComponent("IMG_0003.MOV")
        try FileManager.default.moveItem(atPath: path("IMG_0003.MOV"), toPath: saved.path)
        try library.index()
        var cells = try library.cells()
        #expect(cells["IMG_0003.JPG"] == "photo" && cells["IMG_0003.MOV"] == nil && cells.count == 9, "\(cells)")
        #expect(try library.rows()["IMG_0003.JPG"]?["duration"] == nil)
        try FileManager.default.moveItem(atPath: saved.path, toPath: path("IMG_0003.MOV"))
        try library.index()
        #expect(try library.cells() == expectedCells)

        // The photo goes: its movie is a video of the grid.
        try FileManager.default.removeItem(atPath: path("IMG_0001.HEIC"))
        try library.index()
        cells = try library.cells()
        #expect(cells["IMG_0001.MOV"] == "video" && cells["IMG_0001.HEIC"] == nil && cells.count == 9, "\(cells)")
        rows = try library.rows()
        #expect(rows["IMG_0001.MOV"]?["livePhotoId"] == nil)

        // A movie moved to another folder keeps its pair (the identifier, wherever it lies).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path("clips/motion.MOV"), toPath: path("elsewhere/motion.MOV"))
        try library.index()
        rows = try library.rows()
        #expect(rows["IMG_0002.JPG"]?["media"] as? String == "live" && rows["IMG_0002.JPG"]?["moviePath"] as? String == "elsewhere/motion.MOV",
                "\(rows["IMG_0002.JPG"] ?? [:])")
        #expect(try library.cells()["elsewhere/motion.MOV"] == nil)
    }

    /// Android Motion Photos: a JPEG with an MP4 appended, announced in its XMP — Google's Container
    /// directory (the XMP packet embedded by exiftool, which reads `MotionPhoto` back) or the older
    /// MicroVideo tags (written by exiftool) — is one Live cell whose movie is that byte range of its own
    /// file, with the MP4's duration as ffprobe reads it; an announcement with nothing appended, or
    /// pointing at bytes that are no MP4, leaves a photo.
    @Test(.enabled(if: tools.ffmpeg != nil && tools.ffprobe != nil && tools.exiftool != nil,
                   "needs ffmpeg, ffprobe and exiftool (apt-get install ffmpeg libimage-exiftool-perl)"))
    func motionPhotosAreLiveItemsWhoseMovieIsInTheFile() throws {
        let ffmpeg = try #require(Self.tools.ffmpeg), ffprobe = try #require(Self.tools.ffprobe), exiftool = try #require(Self.tools.exiftool)
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-motion")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("camera")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let movie = directory.appendingPathComponent("motion.mp4")
        _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "1.5", "-c:v", "libx264",
                            "-pix_fmt", "yuv420p", "-movflags", "+faststart", movie.path])
        let motion = try Data(contentsOf: movie)
        let seconds = try #require(Double(String(decoding: try ffprobe.run(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", movie.path]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        func photo(_ name: String, sample: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent(sample), to: url)
            return url
        }
        func append(_ data: Data, to url: URL) throws {
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: data)
            try handle.close()
        }
        let xmp = directory.appendingPathComponent("motion.xmp")
        try Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
             xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
             GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="750000">
            <Container:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(motion.count)" Item:Padding="0"/></rdf:li>
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8).write(to: xmp)
        // PXL_…MP.jpg: the Container form; MVIMG_….jpg: MicroVideo; two announcements with no movie behind them.
        let pixel = try photo("PXL_20240501_100000000.MP.jpg", sample: "sunset.jpg")
        _ = try exiftool.run(["-q", "-overwrite_original", "-xmp<=\(xmp.path)", pixel.path])
        try append(motion, to: pixel)
        let micro = try photo("MVIMG_20240501_100000.jpg", sample: "dragonfly.jpg")
        _ = try exiftool.run(["-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1",
                              "-XMP-GCamera:MicroVideoOffset=\(motion.count)", micro.path])
        try append(motion, to: micro)
        let nothing = try photo("announced-only.jpg", sample: "sunset.jpg")
        _ = try exiftool.run(["-q", "-overwrite_original", "-xmp<=\(xmp.path)", nothing.path])
        let wrong = try photo("announced-wrongly.jpg", sample: "dragonfly.jpg")
        _ = try exiftool.run(["-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoOffset=5000", wrong.path])
        for (url, tag) in [(pixel, "MotionPhoto"), (micro, "MicroVideo")] {
            let read = String(decoding: try exiftool.run(["-s3", "-\(tag)", url.path]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(read == "1", "exiftool reads \(tag) \(read) from \(url.lastPathComponent)")
        }

        let library = Library(database: directory.appendingPathComponent("library.sqlite").path, folder: folder)
        try library.index()
        let rows = try library.rows()
        for url in [pixel, micro] {
            let row = try #require(rows[url.lastPathComponent])
            let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            #expect(row["media"] as? String == "live", "\(url.lastPathComponent): \(row)")
            #expect(row["moviePath"] as? String == url.lastPathComponent)
            #expect(row["movieOffset"] as? Int == size - motion.count && row["movieLength"] as? Int == motion.count, "\(row)")
            #expect(abs((row["duration"] as? Double ?? -1) - seconds) < 0.01, "\(row["duration"] ?? "none") vs ffprobe \(seconds)")
            let bytes = try Data(contentsOf: url)
            #expect(bytes.suffix(motion.count) == motion)
        }
        #expect(rows["announced-only.jpg"]?["media"] as? String == "photo")
        #expect(rows["announced-wrongly.jpg"]?["media"] as? String == "photo")
        #expect(try library.cells() == ["PXL_20240501_100000000.MP.jpg": "live", "MVIMG_20240501_100000.jpg": "live",
                                         "announced-only.jpg": "photo", "announced-wrongly.jpg": "photo"])
    }
}
