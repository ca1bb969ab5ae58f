#if canImport(Glibc)
import Glibc
import TestSupport
#endif
import Testing
@testable import JPEG

/// The indexer probes from several threads at once: results must not depend on interleaving.
@Suite("Concurrent use")
struct ConcurrencyTests {
    @Test func probesAndDecodesInParallelMatchSequentialOnes() async throws {
        let names = SampleImageFacts.all.map(\.name)
        let sequential = try names.map { try JPEGHeader.probe(path: Repository.samplePath($0)) }
        let sequentialThumbs = try names.map {
            try JPEGDecoder.decode(path: Repository.samplePath($0), options: .init(scale: .eighth)).pixels
        }
        try await withThrowingTaskGroup(of: (Int, JPEGFileProbe, [UInt8]).self) { group in
            for round in 0..<4 {
                for (index, name) in names.enumerated() {
                    group.addTask {
                        let probe = try JPEGHeader.probe(path: Repository.samplePath(name))
                        let pixels = round % 2 == 0
                            ? try JPEGDecoder.decode(path: Repository.samplePath(name), options: .init(scale: .eighth)).pixels
                            : sequentialThumbs[index]
                        return (index, probe, pixels)
                    }
                }
            }
            for try await (index, probe, pixels) in group {
                #expect(probe == sequential[index])
                #expect(pixels == sequentialThumbs[index])
            }
        }
    }

    @Test func probeFromADescriptorLeavesItsOffsetAlone() throws {
        let path = Repository.samplePath("storm-canon.jpg")
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(lseek(descriptor, 123, SEEK_SET) == 123)
        let probe = try JPEGHeader.probe(fileDescriptor: descriptor, path: path)
        #expect(probe == (try JPEGHeader.probe(path: path)))
        let decoded = try JPEGDecoder.decode(fileDescriptor: descriptor, path: path, options: .init(scale: .eighth))
        #expect(decoded.width == 150 && decoded.height == 100)
        #expect(lseek(descriptor, 0, SEEK_CUR) == 123)
    }
}
