import Foundation
import PhotoGrid
import PhotoLibrary
@testable import PhotoGridServer
import Testing
import TestSupport

/// Found by a mutation audit: Live Photos turned into plain photos in the grid snapshot survived every
/// suite, because the windowed layout was only compared with a model built from the same snapshot. Here
/// the windows the server answers from its grid in memory (`SnapshotLayoutQuestion`: the memory path and the
/// router alike) are compared with the store's rows, read from the store itself: every grid cell is there
/// once, with the `media` (`live`, `video`; none for a photo) its row has, and the `duration` (a Live
/// Photo's: its movie row's) and a video's `posterTime` (docs/json.md).
@Suite struct WindowMediaTests {
    static let ffmpeg = ExternalTool("ffmpeg")

    /// A folder with a Live Photo (by the name-and-time fallback, `LivePhotoRule`: `IMG_0001.JPG`, a sample
    /// taken 2008-04-20 19:12:06, and `IMG_0001.MOV`, a 2-s movie made a second later), a video of another
    /// name (`clip.mp4`, 3 s) and two plain photos.
    static func cameraRoll(in folder: TemporaryFolder) throws -> URL {
        let ffmpeg = try #require(Self.ffmpeg)
        let photos = folder.url.appendingPathComponent("roll")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (sample, name) in [("storm-canon.jpg", "IMG_0001.JPG"), ("sunset.jpg", "sunset.jpg"), ("dragonfly.jpg", "dragonfly.jpg")] {
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent(sample), to: photos.appendingPathComponent(name))
        }
        func movie(_ name: String, seconds: Double, metadata: [String]) throws {
            _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "\(seconds)", "-c:v", "libx264",
                                "-g", "15", "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags"] + metadata + [photos.appendingPathComponent(name).path])
        }
        try movie("IMG_0001.MOV", seconds: 2, metadata: ["-metadata", "com.apple.quicktime.creationdate=2008-04-20T19:12:07+0200"])
        try movie("clip.mp4", seconds: 3, metadata: [])
        return photos
    }

    /// A cell's `duration` by docs/json.md: a video's own, a Live Photo's movie's, none for a photo.
    static func duration(of row: Photo, rows: [Photo]) -> Double? {
        switch row.media {
        case .photo: nil
        case .video: row.duration
        case .live: rows.first { $0.id == row.movieID }?.duration
        }
    }

    @Test(.enabled(if: ffmpeg != nil, "needs ffmpeg (apt-get install ffmpeg)"))
    func windowCellsCarryTheMediaOfTheStoresRows() async throws {
        let scratch = try TemporaryFolder("window-media")
        let server = try await InProcessServer(photos: try Self.cameraRoll(in: scratch))
        // The store's rows: the grid is the readable rows but a Live Photo's movie.
        let rows = try server.library.store.photos()
        let grid = rows.filter { $0.status == .ok && $0.livePhotoID == nil }
        let live = try #require(grid.first { $0.media == .live }, "no Live Photo row: \(rows.map { ($0.path, $0.media, $0.status) })")
        #expect(live.path == "IMG_0001.JPG" && live.moviePath == "IMG_0001.MOV")
        let video = try #require(grid.first { $0.media == .video }, "no video row: \(rows.map { ($0.path, $0.media, $0.status) })")
        #expect(video.path == "clip.mp4" && video.duration != nil)
        #expect(grid.filter { $0.media == .photo }.map(\.path).sorted() == ["dragonfly.jpg", "sunset.jpg"])
        let movie = try #require(rows.first { $0.id == live.movieID }, "the Live Photo's movie row")
        #expect(movie.media == .video && movie.livePhotoID == live.id && movie.duration != nil)
        #expect(video.posterTime != nil)
        let byID = Dictionary(uniqueKeysWithValues: grid.map { ($0.id, $0) })

        // Windows at several widths and offsets, tall enough to hold the whole grid, or one row of it.
        for target in ["/api/v1/layout?width=393&height=2000", "/api/v1/layout?width=1024&height=800&offset=0",
                       "/api/v1/layout?width=200&height=10&offset=0", "/api/v1/layout?width=200&height=10&offset=110"] {
            let memory = try server.fromMemory([target])
            #expect(memory.passedOn.isEmpty, "\(target) was not answered from memory")
            let answered = try #require(memory.answers.first)
            let routed = try await server.respond(target)
            #expect(answered.status == 200 && routed.status == 200, "\(target)")
            for (path, reply) in [("memory", answered), ("router", routed)] {
                let document = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
                let cells = try #require(document["cells"] as? [[String: Any]])
                #expect(!cells.isEmpty, "\(target) (\(path))")
                for cell in cells {
                    let id = try #require((cell["id"] as? NSNumber)?.int64Value)
                    let row = try #require(byID[id], "\(target) (\(path)): cell \(id) is no grid row of the store")
                    #expect(cell["media"] as? String == (row.media == .photo ? nil : row.media.rawValue),
                            "\(target) (\(path)): \(row.path) is a \(row.media.rawValue), its cell says \(cell["media"] ?? "photo")")
                    #expect((cell["duration"] as? NSNumber)?.doubleValue == Self.duration(of: row, rows: rows), "\(target) (\(path)): \(row.path)")
                    #expect((cell["posterTime"] as? NSNumber)?.doubleValue == (row.media == .video ? row.posterTime : nil), "\(target) (\(path)): \(row.path)")
                    #expect(cell["path"] as? String == row.path)
                }
                if target.contains("height=2000") || target.contains("width=1024") {
                    #expect(Set(cells.compactMap { ($0["id"] as? NSNumber)?.int64Value }) == Set(byID.keys), "\(target) (\(path)): the whole grid")
                }
            }
        }
    }
}
