import Foundation
import JPEG
@testable import PhotoGrid
@testable import photogrid
import PhotoLibrary
import Testing

/// `thumbs` and `render` treat a damaged photo alike: both draw what libjpeg decodes (a truncated
/// file's missing part grey) and both say what was wrong.
@Suite struct DamagedPhotoLibraryTests {
    /// A 300×300 red photo with noise (so its scan data, almost all of the file, is spread evenly over
    /// the rows), cut in half: about the top half is there, the bottom half is not.
    static func halfDownloadedPhoto() throws -> [UInt8] {
        var state: UInt32 = 7
        var rgb: [UInt8] = []
        for _ in 0..<(300 * 300) {
            state = state &* 1_103_515_245 &+ 12345
            let noise = Int(state >> 16 & 31) - 16
            rgb += [UInt8(200 + noise), UInt8(30 + noise), UInt8(30 + noise)]
        }
        let whole = try JPEGEncoder.encode(rgb: rgb, width: 300, height: 300, quality: 90)
        return Array(whole[..<(whole.count / 2)])
    }

    /// The cell of the only photo at width 393, scale 1 is x 0…129, y 0…129.
    static func cellHalves(_ picture: String) throws -> (top: [Int], bottom: [Int]) {
        let image = try JPEGDecoder.decode(path: picture)
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let i = (y * image.width + x) * 3
            return [Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2])]
        }
        return (rgb(64, 20), rgb(64, 115))
    }

    @Test func thumbsAndRenderDrawAndReportTheSameDamage() throws {
        let library = try LibraryThumbnailsTests.Library()
        try library.write(try Self.halfDownloadedPhoto(), to: "cut.jpg")
        try library.index()
        let request = LayoutRequest(width: 393, height: 200, scale: 1)
        let truncated = "truncated JPEG: the data ends before the image is complete (the rest is grey)"

        // Before `thumbs`: the cell is drawn from the photo.
        let fromPhoto = library.base.appendingPathComponent("from-photo.jpg").path
        let first = try LibraryPicture.render(database: LibraryLocation(library.database), request: request, output: fromPhoto)
        #expect(first.cells == 1 && first.failures.isEmpty)
        #expect(first.warnings.map(\.message) == ["cell 0 (cut.jpg): \(truncated)"])

        let made = try library.thumbs(ThumbnailRequest(width: 393, scale: 1))
        #expect(made.made == 1 && made.errors == 0)
        #expect(made.warnings.map(\.warning) == [truncated])
        let text = ThumbnailsReport(database: library.database, summary: made).text
        #expect(text.hasSuffix("1 made, 0 up to date, 0 errors, 1 with a warning:\n  cut.jpg (grid-129): warning: \(truncated)\n"))

        // After: from the grid thumbnail, with the warning it was recorded with.
        let fromThumbnail = library.base.appendingPathComponent("from-thumbnail.jpg").path
        let second = try LibraryPicture.render(database: LibraryLocation(library.database), request: request, output: fromThumbnail)
        #expect(second.cells == 1 && second.failures.isEmpty && second.warnings.map(\.message) == first.warnings.map(\.message))

        // Both show the red top and the grey bottom (128, within the JPEG error of the pictures).
        for picture in [fromPhoto, fromThumbnail] {
            let (top, bottom) = try Self.cellHalves(picture)
            #expect(top[0] > 170 && top[1] < 70 && top[2] < 70, "\(picture): top \(top)")
            #expect(bottom.allSatisfy { abs($0 - 128) <= 6 }, "\(picture): bottom \(bottom)")
        }
    }

    @Test func summaryListsWarningsInTextAndJSON() {
        var summary = ThumbnailsSummary(folder: "thumbnails", variants: ["grid-387"], photos: 2)
        summary.made = 2
        summary.seconds = 0.5
        summary.warnings = [.init(id: 3, path: "cut.jpg", variant: "grid-387", warning: "truncated JPEG: …")]
        let report = ThumbnailsReport(database: "photogrid.sqlite", summary: summary)
        #expect(report.text == """
            Thumbnails (grid-387) of 2 photos in thumbnails in 0.500 s: 2 made, 0 up to date, 0 errors, 1 with a warning:
              cut.jpg (grid-387): warning: truncated JPEG: …

            """)
        #expect(report.json.hasSuffix(#""version":1,"warnings":[{"id":3,"path":"cut.jpg","variant":"grid-387","warning":"truncated JPEG: …"}]}"#))
    }
}
