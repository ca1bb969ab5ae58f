import Foundation
import TestSupport
import Imaging
import JPEG
import Testing
@testable import Thumbnails

/// Many thumbnails on worker threads: every outcome once, failures kept apart, files whole.
@Suite struct ThumbnailBatchTests {
    @Test(arguments: [1, 3])
    func everyJobHasOneOutcome(threads: Int) throws {
        let folder = try TemporaryFolder()
        var jobs: [ThumbnailJob] = []
        for number in 0..<24 {
            let width = 40 + number, height = 30
            let bytes = try TestPhotos.jpeg(width: width, height: height) { x, _ in RGB(gray: UInt8((x * 5) & 255)) }
            let path = try folder.write(bytes, to: "p\(number).jpg")
            // Every fifth job names a file that does not exist.
            let source = ThumbnailSource(path: number % 5 == 4 ? path + ".missing" : path,
                                         storedSize: PixelSize(width: width, height: height), orientation: .identity)
            jobs.append(ThumbnailJob(tag: number, source: source, variant: .grid(20), relativePath: "grid-20/\(number).jpg"))
        }
        let cache = try ThumbnailCache(root: folder.path + "/cache", variants: [.grid(20)])
        var seen: [Int: ThumbnailJobResult] = [:]
        var calls = 0
        try ThumbnailBatch(threads: threads).run(jobs, in: cache) { (outcomes) throws(ThumbnailError) in
            calls += 1
            for outcome in outcomes {
                #expect(seen[outcome.job.tag] == nil)
                seen[outcome.job.tag] = outcome.result
            }
        }
        #expect(seen.count == 24)
        #expect(calls >= 1)
        for (tag, result) in seen {
            switch result {
            case .made(let made):
                #expect(tag % 5 != 4)
                #expect(made.width == 20 && made.height == 20)
                let header = try JPEGHeader.probe(path: cache.path(of: "grid-20/\(tag).jpg")).header
                #expect(header.storedWidth == 20 && header.storedHeight == 20)
                #expect(made.byteCount == Int(cache.fileSize(of: "grid-20/\(tag).jpg") ?? -1))
            case .madeByAnotherProcess, .heldElsewhere:
                Issue.record("job \(tag): no other process wrote here or claimed it")
            case .failed(let error):
                #expect(tag % 5 == 4)
                guard case .system(call: "open", _, _) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
            }
        }
        #expect(try folder.names(in: "cache/grid-20").count == 24 - 24 / 5)
    }

    /// An error thrown by the receiver stops the run and is rethrown; no thread is left running.
    @Test func receiverErrorStopsTheRun() throws {
        struct Stop: Error {}
        let folder = try TemporaryFolder()
        let path = try folder.write(try TestPhotos.jpeg(width: 16, height: 16) { _, _ in RGB(gray: 9) }, to: "p.jpg")
        let source = try TestPhotos.source(path)
        let jobs = (0..<50).map { ThumbnailJob(tag: $0, source: source, variant: .grid(8), relativePath: "grid-8/\($0).jpg") }
        let cache = try ThumbnailCache(root: folder.path + "/cache", variants: [.grid(8)])
        var received = 0
        #expect(throws: Stop.self) {
            try ThumbnailBatch(threads: 2).run(jobs, in: cache) { (outcomes) throws(Stop) in
                received += outcomes.count
                if received > 0 { throw Stop() }
            }
        }
        #expect(received >= 1)
        // The workers were joined before the error left `run`: nothing is written afterwards.
        let written = try folder.names(in: "cache/grid-8").count
        usleep(100_000)
        #expect(try folder.names(in: "cache/grid-8").count == written)
    }
}
