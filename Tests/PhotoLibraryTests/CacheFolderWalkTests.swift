import TestSupport
import Foundation
import Testing
@testable import PhotoLibrary
@testable import Indexing

/// Folders tagged as caches (CACHEDIR.TAG, e.g. photogrid's thumbnail folder inside the photo
/// folder) are not walked: their JPEGs are not photos of the library.
@Suite struct CacheFolderWalkTests {
    static let signature = "Signature: 8a477f597d28d172789f06886806bc55"

    @Test func taggedFoldersAreSkipped() throws {
        let fixture = try LibraryFixture()
        let jpeg = try Repository.sample("orientation/Landscape_1.jpg")
        try fixture.write(jpeg, to: "album/one.jpg")
        try fixture.write(jpeg, to: "thumbnails/grid-387/123-0123456789abcdef.jpg")
        try fixture.write(Array((Self.signature + "\n# a cache\n").utf8), to: "thumbnails/CACHEDIR.TAG")
        // Not the signature: an ordinary folder that happens to hold a file of that name.
        try fixture.write(jpeg, to: "notes/two.jpg")
        try fixture.write(Array("Signature: something else".utf8), to: "notes/CACHEDIR.TAG")
        let walk = try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8))
        #expect(walk.files.map { String(decoding: $0.relativePath, as: UTF8.self) }
                == ["album/one.jpg", "notes/CACHEDIR.TAG", "notes/two.jpg"])
    }

    /// The folder being indexed is walked even if it is itself tagged.
    @Test func taggedRootIsStillWalked() throws {
        let fixture = try LibraryFixture()
        try fixture.write(try Repository.sample("orientation/Landscape_1.jpg"), to: "one.jpg")
        try fixture.write(Array(Self.signature.utf8), to: "CACHEDIR.TAG")
        let walk = try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8))
        #expect(walk.files.map { String(decoding: $0.relativePath, as: UTF8.self) } == ["CACHEDIR.TAG", "one.jpg"])
    }
}
