import Foundation
import PhotoLibrary
import PhotoGrid
import Testing

/// A `Library` opened once serves every read use case with the same answers the path-taking forms
/// give (each of which opens the file for its call).
@Suite struct LibraryTests {
    @Test func oneOpenLibraryAnswersAsThePathForms() throws {
        let fixture = try LibraryThumbnailsTests.Library()
        for k in 0..<7 {
            try fixture.write(try LibraryThumbnailsTests.photo(width: 40 + 10 * k, height: 30, seed: k), to: "p\(k).jpg")
        }
        try fixture.index()
        let library = try PhotoGrid.Library.open(LibraryLocation(fixture.database), readers: 8)
        #expect(library.databasePath == fixture.database)
        let request = LayoutRequest(width: 393, height: 200, offset: 100)
        for _ in 0..<3 {  // the same library, asked again and again
            let viaLibrary = try request.gallery(library: library).layoutDocument(all: false)
            let viaPath = try request.gallery(database: LibraryLocation(fixture.database)).layoutDocument(all: false)
            #expect(viaLibrary == viaPath)
            #expect(viaLibrary.cells.map(\.index) == [0, 1, 2, 3, 4, 5, 6])
            let detail = try request.gallery(library: library, detailIndex: 5).detailDocument(index: 5, progress: 0.5)
            #expect(detail == (try request.gallery(database: LibraryLocation(fixture.database), detailIndex: 5).detailDocument(index: 5, progress: 0.5)))
        }
        let zoom = try request.zoomDocument(from: "adaptive:100/3", to: "adaptive:60/3", at: "10,10", library: library)
        #expect(zoom == (try request.zoomDocument(from: "adaptive:100/3", to: "adaptive:60/3", at: "10,10", database: LibraryLocation(fixture.database))))
    }
}
