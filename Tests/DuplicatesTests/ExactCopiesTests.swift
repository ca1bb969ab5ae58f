import Duplicates
import Testing
import TestSupport

/// Exact copies by bytes: same size and one byte apart is no copy; a different name is.
@Suite struct ExactCopiesTests {
    @Test func groupsEqualBytesOnly() throws {
        let folder = try TemporaryFolder("duplicates-exact")
        let photo = try Repository.sample("sunset.jpg")
        var oneByteOff = photo
        oneByteOff[oneByteOff.count / 2] ^= 1
        let paths = [
            try folder.write(photo, to: "a.jpg"), try folder.write(oneByteOff, to: "b.jpg"),
            try folder.write(photo, to: "c.jpg"), try folder.write(Array(photo.prefix(1000)), to: "d.jpg"),
            try folder.write(photo, to: "e.jpg"), folder.path + "/missing.jpg",
        ]
        let sizes = [photo.count, photo.count, photo.count, 1000, photo.count, photo.count].map(Int64.init)
        let result = ExactCopies.groups(paths: paths, sizes: sizes)
        #expect(result.groups == [[0, 2, 4]])
        #expect(result.unreadable.map(\.position) == [5])
        #expect(try ContentDigest(fileAt: paths[0]) == ContentDigest(of: photo))
        #expect(ContentDigest(of: photo) != ContentDigest(of: oneByteOff))
        let digests = try paths.prefix(5).map { try ContentDigest(fileAt: $0) }
        #expect(ExactCopies.groups(digests: digests, sizes: Array(sizes.prefix(5))) == [[0, 2, 4]])
    }
}
