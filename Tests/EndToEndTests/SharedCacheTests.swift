import Foundation
import TestSupport
import JPEG
import Testing

/// Two `photogrid thumbs` processes and an `index` on one library at once: they share the thumbnail
/// folder (neither waits for the other's whole run), never make one file twice, and leave a sound
/// database and valid thumbnails.
@Suite struct SharedCacheTests {
    @Test func twoThumbsProcessesAndAnIndexShareOneLibrary() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-shared-cache")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // 11 sample photos × 8 copies, each copy a few bytes longer (after the end-of-image marker):
        // 88 distinct content keys, so 88 files per variant.
        let samples = try FileManager.default.contentsOfDirectory(atPath: Repository.sampleImages.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        for (s, name) in samples.enumerated() {
            let bytes = try Data(contentsOf: Repository.sampleImages.appendingPathComponent(name))
            for copy in 0..<8 {
                try (bytes + Data(repeating: 0, count: copy)).write(to: photos.appendingPathComponent("s\(s)-c\(copy).jpg"))
            }
        }
        let files = samples.count * 8
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)

        let binary = try PhotoGridBinary.url
        let thumbs = ["thumbs", "--db", database, "--detail-size", "1200", "--jobs", "1", "--json"]
        let first = try ProcessRunner.startCollecting(binary, thumbs, in: directory)
        let second = try ProcessRunner.startCollecting(binary, thumbs, in: directory)
        let index = try ProcessRunner.startCollecting(binary, ["index", photos.path, "--db", database], in: directory)
        let runs = [try first.wait(), try second.wait()]
        #expect(try index.wait().status == 0)
        var made = 0, bothMade = true
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            let summary = try run.json()
            #expect(summary["errors"] as? Int == 0)
            let count = try #require(summary["made"] as? Int)
            made += count
            bothMade = bothMade && count > 0
            // Every thumbnail is made here or found made by the other: none is missing.
            #expect(count + (summary["skipped"] as? Int ?? -1) == 2 * files)

        }
        // Both worked at once (with the folder locked for a whole run, the second made none), sharing
        // the work: a file is made again only when one process planned after the other wrote it but
        // before it recorded it — one after the other, never at the same moment (the file's lock).
        #expect(bothMade, "both processes made thumbnails at the same time")
        #expect(made >= 2 * files && made < 3 * files, "made \(made) for \(2 * files) files")

        let check = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
        #expect(check.stdoutText.contains("Integrity:     ok\n"))
        // Every thumbnail is recorded and present: a third run makes nothing.
        let again = try PhotoGridBinary.run(thumbs).json()
        #expect(again["made"] as? Int == 0 && again["skipped"] as? Int == 2 * files)
        // And every file decodes at its variant's size.
        let folder = directory.appendingPathComponent("thumbnails")
        for variant in ["grid-387", "detail-1200"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(variant).path)
            #expect(names.count == files)
            for name in names {
                let header = try JPEGHeader.probe(path: folder.appendingPathComponent("\(variant)/\(name)").path).header
                if variant == "grid-387" {
                    #expect(header.storedWidth == 387 && header.storedHeight == 387)
                } else {
                    #expect(max(header.storedWidth, header.storedHeight) == 1200)
                }
            }
        }
    }
}
